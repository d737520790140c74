/** Personal access tokens: scopes within the creator's, expiry, values shown once, revocation. */
import {
  parseScopes,
  profileTokenEndpoints as e,
  scopeGrants,
  TOKEN_LIMITS,
  type PersonalAccessToken,
  type EventEntity,
} from "../../contract";
import { addToken } from "../accounts";
import { ApiError } from "../api-error";
import { entityRef, recordChange } from "../events";
import type { Body, Params, World } from "../router";
import type { TokenRow, UserRow } from "../state";
import type { Principal } from "../auth";

/** The record as lists and reads show it: the value cut to its first 16 characters. */
export function toToken(row: TokenRow): PersonalAccessToken {
  const { user_id: _userId, token, ...record } = row;
  return { ...record, token: token.slice(0, TOKEN_LIMITS.shownPrefix) };
}

function ownToken({ store }: World, user: UserRow, id: number): TokenRow {
  const row = store.table("tokens").get(id);
  if (!row || row.user_id !== user.id) throw ApiError.notFound();
  return row;
}

/** The scopes of the new token: the requested ones, which the creator's must cover. */
function grantedScopes(creator: string, requested: string | undefined): string {
  if (requested === undefined) return creator;
  const scopes = parseScopes(requested);
  const creatorAll = parseScopes(creator) === "*";
  if (scopes === "*") {
    if (!creatorAll)
      throw ApiError.badRequest("scopes may not exceed the scopes of the token used", "scopes");
    return "*";
  }
  const beyond = (scopes ?? []).filter((s) => !scopeGrants(creator, s));
  if (beyond.length) {
    throw ApiError.badRequest(
      `scopes may not exceed the scopes of the token used (${beyond.join(" ")} not held)`,
      "scopes",
    );
  }
  return (scopes ?? []).join(" ");
}

function tokenRef(row: TokenRow): EventEntity {
  return entityRef("token", row.id, row.label, e.getProfileToken, { tokenId: row.id });
}

export function listProfileTokens({ store }: World, user: UserRow): PersonalAccessToken[] {
  return store
    .table("tokens")
    .filter((t) => t.user_id === user.id)
    .map(toToken);
}

export function getProfileToken(world: World, user: UserRow, path: Params<typeof e.getProfileToken>) {
  return toToken(ownToken(world, user, path.tokenId));
}

/** The new token's scopes are the calling token's, or fewer: `caller` is the user with that token. */
export function createProfileToken(
  world: World,
  caller: Principal,
  _params: Params<typeof e.createProfileToken>,
  body: Body<typeof e.createProfileToken>,
) {
  const { store, clock } = world;
  const { user } = caller;
  const scopes = grantedScopes(caller.token.scopes, body.scopes);
  const expiry = body.expiry ?? null;
  if (expiry !== null && expiry <= clock.timestamp()) {
    throw ApiError.badRequest("expiry must be in the future", "expiry");
  }
  const row = addToken(store, clock, user, { label: body.label ?? "", scopes, expiry });
  // Without a label, the token is named after its ID.
  const created =
    body.label === undefined ? store.table("tokens").put({ ...row, label: `token-${row.id}` }) : row;
  recordChange(world, user, "token_create", tokenRef(created));
  return { ...toToken(created), token: created.token };
}

export function updateProfileToken(
  world: World,
  user: UserRow,
  path: Params<typeof e.updateProfileToken>,
  body: Body<typeof e.updateProfileToken>,
) {
  const row = ownToken(world, user, path.tokenId);
  const updated = world.store.table("tokens").put({ ...row, label: body.label ?? row.label });
  recordChange(world, user, "token_update", tokenRef(updated));
  return toToken(updated);
}

export function deleteProfileToken(world: World, user: UserRow, path: Params<typeof e.deleteProfileToken>) {
  const row = ownToken(world, user, path.tokenId);
  world.store.table("tokens").delete(row.id);
  world.store.table("preferences").delete(row.id);
  recordChange(world, user, "token_delete", tokenRef(row));
  return {};
}
