/** Users and their tokens: the account owner is seeded with a full-access token. */
import { randomBytes } from "node:crypto";
import { emptyGrants, type Grants } from "../contract";
import type { Clock } from "./clock";
import { seedOwnerSessions } from "./seed/profile-sessions";
import type { Store } from "./store";
import type { TokenRow, UserRow } from "./state";

/** A token value shaped like the real ones: 64 hex characters. */
export function newTokenValue(): string {
  return randomBytes(32).toString("hex");
}

export interface SeedUser {
  username: string;
  email?: string;
  restricted?: boolean;
  grants?: Partial<Grants>;
}

export function addUser(store: Store, seed: SeedUser): UserRow {
  const base = emptyGrants();
  const grants: Grants = {
    ...base,
    ...seed.grants,
    global: { ...base.global, ...seed.grants?.global },
  };
  const user: UserRow = {
    id: store.nextId("user"),
    username: seed.username,
    email: seed.email ?? `${seed.username}@example.com`,
    restricted: seed.restricted ?? false,
    grants,
  };
  return store.table("users").put(user);
}

export function addToken(
  store: Store,
  clock: Clock,
  user: UserRow,
  opts: { label?: string; scopes?: string; expiry?: string | null; token?: string } = {},
): TokenRow {
  const row: TokenRow = {
    id: store.nextId("token"),
    user_id: user.id,
    label: opts.label ?? "token",
    scopes: opts.scopes ?? "*",
    created: clock.timestamp(),
    expiry: opts.expiry ?? null,
    token: opts.token ?? newTokenValue(),
  };
  return store.table("tokens").put(row);
}

/** The account owner (unrestricted) and its full-access token, created once per empty store. */
export function seedOwner(
  store: Store,
  clock: Clock,
  token: string,
  username = "owner",
): { user: UserRow; token: TokenRow } {
  const existing = store.table("tokens").find((t) => t.token === token);
  if (existing) return { user: store.table("users").get(existing.user_id)!, token: existing };
  let user = store.table("users").find((u) => !u.restricted);
  if (!user) {
    user = addUser(store, { username });
    seedOwnerSessions(store, clock, user);
  }
  return { user, token: addToken(store, clock, user, { label: "emulator full access", token }) };
}
