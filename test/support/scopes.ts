/** Checks an area's OAuth scopes: the contract states the spec's scope, and the emulator enforces it (401). */
import { ComputeApiError, type ComputeClient } from "../../src/client";
import type { Endpoint, Scope } from "../../src/contract";
import type { EmulatorFixture } from "./emulator";

/** The status an endpoint answers `client` with: path IDs that exist nowhere, an empty body. */
async function statusOf(client: ComputeClient, endpoint: Endpoint): Promise<number> {
  const params = Object.fromEntries([...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], 999_999]));
  const body = endpoint.method === "GET" || endpoint.method === "DELETE" ? undefined : {};
  try {
    await client.call(endpoint, { params, body } as never);
    return 200;
  } catch (err) {
    if (err instanceof ComputeApiError) return err.status;
    throw err;
  }
}

/**
 * `expected` maps each endpoint of `group` to its spec scope (null: none stated). A token with an
 * unrelated scope gets 401 exactly where a scope is stated; an `account:read_only` token gets 401
 * exactly on the `account:read_write` endpoints. (Every endpoint without a scope, or with a read
 * scope, is a GET, so no call changes state.)
 */
export async function expectScopes(
  t: EmulatorFixture,
  group: Record<string, Endpoint>,
  expected: Record<string, Scope | null>,
): Promise<void> {
  const stated = Object.fromEntries(Object.entries(group).map(([name, e]) => [name, e.scopes[0] ?? null]));
  expect(stated).toEqual(expected);
  const other = t.clientFor(
    (await t.control.seedUser({ username: "vpc-only", scopes: "vpc:read_write" })).token,
  );
  const reader = t.clientFor(
    (await t.control.seedUser({ username: "account-reader", scopes: "account:read_only" })).token,
  );
  const seen: Record<string, [number, number]> = {};
  const want: Record<string, [boolean, boolean]> = {};
  for (const [name, endpoint] of Object.entries(group)) {
    const scope = expected[name] ?? null;
    const readerRefused = scope === "account:read_write";
    seen[name] = [await statusOf(other, endpoint), await statusOf(reader, endpoint)];
    want[name] = [scope !== null, readerRefused];
  }
  const refused = Object.fromEntries(Object.entries(seen).map(([n, [a, b]]) => [n, [a === 401, b === 401]]));
  expect(refused).toEqual(want);
}
