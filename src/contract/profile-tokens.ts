/** Personal access tokens of the acting user: record, requests, scope lists, endpoints. */
import { z } from "zod";
import { endpoint, type Scope } from "./endpoint";
import { dateTime, idFrom, text } from "./fields";
import { listEnvelope, PageQuery } from "./pagination";

export const TOKEN_LIMITS = {
  label: { min: 1, max: 100 },
  /** Characters of the token value shown after creation. */
  shownPrefix: 16,
} as const;

/**
 * OAuth resources a scope may name: the ones the spec names (vpc, ips, account, computes,
 * stackscripts, images) and the API's other areas.
 */
export const OAUTH_RESOURCES = [
  "account",
  "computes",
  "databases",
  "domains",
  "events",
  "firewall",
  "images",
  "ips",
  "lke",
  "longview",
  "nodebalancers",
  "object_storage",
  "stackscripts",
  "volumes",
  "vpc",
] as const;

const SCOPE = new RegExp(`^(${OAUTH_RESOURCES.join("|")}):(read_only|read_write)$`);

/** `"*"` or the distinct scopes of a space-separated list, or undefined when the list is malformed. */
export function parseScopes(value: string): "*" | Scope[] | undefined {
  const items = value.trim().split(/ +/).filter(Boolean);
  if (items.length === 0) return undefined;
  if (items.includes("*")) return "*";
  if (!items.every((s) => SCOPE.test(s))) return undefined;
  return [...new Set(items)] as Scope[];
}

export const ScopeList = text("scopes").refine(
  (value) => parseScopes(value) !== undefined,
  `scopes must be * or a space-separated list of <resource>:read_only|read_write (resources: ${OAUTH_RESOURCES.join(", ")})`,
);

export const TokenLabel = text("label", TOKEN_LIMITS.label);

export const PersonalAccessToken = z.object({
  id: z.number().int(),
  label: z.string(),
  scopes: z.string(),
  created: dateTime,
  expiry: dateTime.nullable(),
  /** The full value in the create answer only; otherwise its first 16 characters. */
  token: z.string(),
});
export type PersonalAccessToken = z.infer<typeof PersonalAccessToken>;

export const TokenCreateRequest = z.object({
  label: TokenLabel.optional(),
  /** At most the creating token's scopes; omitted means the creating token's scopes. */
  scopes: ScopeList.optional(),
  /** Null or omitted: valid until revoked. */
  expiry: z
    .string({ error: "expiry must be a date-time (YYYY-MM-DDTHH:MM:SS) or null" })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, "expiry must be a date-time (YYYY-MM-DDTHH:MM:SS)")
    .nullable()
    .optional(),
});
export type TokenCreateRequest = z.infer<typeof TokenCreateRequest>;

/** Only the label can change: scopes and expiry are fixed at creation (other keys are ignored). */
export const TokenUpdateRequest = z.object({ label: TokenLabel.optional() });
export type TokenUpdateRequest = z.infer<typeof TokenUpdateRequest>;

export const TokenParams = z.object({ tokenId: idFrom("tokenId") });

export const profileTokenEndpoints = {
  listProfileTokens: endpoint({
    name: "listProfileTokens",
    method: "GET",
    path: "/profile/tokens",
    scopes: ["account:read_only"],
    query: PageQuery,
    response: listEnvelope(PersonalAccessToken),
    filterable: ["created", "label"],
    summary: "Personal access tokens of the acting user (values cut to 16 characters)",
  }),
  createProfileToken: endpoint({
    name: "createProfileToken",
    method: "POST",
    path: "/profile/tokens",
    scopes: ["account:read_write"],
    body: TokenCreateRequest,
    response: PersonalAccessToken,
    summary: "Creates a personal access token; the only answer that holds its full value",
  }),
  getProfileToken: endpoint({
    name: "getProfileToken",
    method: "GET",
    path: "/profile/tokens/{tokenId}",
    scopes: ["account:read_only"],
    params: TokenParams,
    response: PersonalAccessToken,
    summary: "One token (value cut to 16 characters)",
  }),
  updateProfileToken: endpoint({
    name: "updateProfileToken",
    method: "PUT",
    path: "/profile/tokens/{tokenId}",
    scopes: ["account:read_write"],
    params: TokenParams,
    body: TokenUpdateRequest,
    response: PersonalAccessToken,
    summary: "Changes a token's label",
  }),
  deleteProfileToken: endpoint({
    name: "deleteProfileToken",
    method: "DELETE",
    path: "/profile/tokens/{tokenId}",
    scopes: ["account:read_write"],
    params: TokenParams,
    summary: "Revokes a token at once (it may be the token used for the call)",
  }),
};
