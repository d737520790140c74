/** Authentication (bearer tokens, expiry, scopes) and authorization (grants of restricted users). */
import {
  scopeGrants,
  type Endpoint,
  type GrantEntityType,
  type GlobalGrantFlag,
  type Permission,
} from "../contract";
import { ApiError } from "./api-error";
import type { Clock } from "./clock";
import type { Store } from "./store";
import type { TokenRow, UserRow } from "./state";

export interface Principal {
  user: UserRow;
  token: TokenRow;
}

/** Resolves the caller. Throws 401 for a bad token, a missing token where one is needed, or a missing scope. */
export function authenticate(
  store: Store,
  clock: Clock,
  endpoint: Endpoint,
  authorization: string | undefined,
): Principal | undefined {
  if (endpoint.auth === "public") return undefined;
  if (!authorization) {
    if (endpoint.auth === "optional") return undefined;
    throw ApiError.invalidToken();
  }
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  const token = match ? store.table("tokens").find((t) => t.token === match[1]) : undefined;
  if (!token || (token.expiry !== null && clock.timestamp() >= token.expiry)) throw ApiError.invalidToken();
  const user = store.table("users").get(token.user_id);
  if (!user) throw ApiError.invalidToken();
  if (!endpoint.scopes.every((scope) => scopeGrants(token.scopes, scope))) throw ApiError.scopeMissing();
  return { user, token };
}

/** What a user may do with one entity: unrestricted users everything, restricted users per grant. */
export function permissionOn(user: UserRow, type: GrantEntityType, id: number): Permission | null {
  if (!user.restricted) return "read_write";
  return user.grants[type].find((g) => g.id === id)?.permissions ?? null;
}

export function canRead(user: UserRow, type: GrantEntityType, id: number): boolean {
  return permissionOn(user, type, id) !== null;
}

/** 404 when the user may not see the entity at all, 403 when it may see but not change it. */
export function requireWrite(user: UserRow, type: GrantEntityType, id: number): void {
  const permission = permissionOn(user, type, id);
  if (permission === null) throw ApiError.notFound();
  if (permission !== "read_write") throw ApiError.forbidden();
}

export function requireGlobal(user: UserRow, flag: GlobalGrantFlag): void {
  if (user.restricted && !user.grants.global[flag]) throw ApiError.forbidden();
}

/** A restricted user that creates an entity gets read_write on it, as on the real API. */
export function grantCreator(store: Store, user: UserRow, type: GrantEntityType, id: number, label: string) {
  if (!user.restricted) return;
  user.grants[type] = [...user.grants[type], { id, permissions: "read_write", label }];
  store.table("users").put(user);
}

export function revokeEntity(store: Store, type: GrantEntityType, id: number) {
  for (const user of store.table("users").filter((u) => u.grants[type].some((g) => g.id === id))) {
    user.grants[type] = user.grants[type].filter((g) => g.id !== id);
    store.table("users").put(user);
  }
}
