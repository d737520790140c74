/**
 * Token through the real engine: up returns the value as a secret; no-op preview/refresh (the
 * refresh, which sees 16 characters, keeps the value); scope order is no diff; label in place;
 * scopes and expiry replaced; drift; bad input at preview; no value in plaintext in the state;
 * destroy. And the harness's reading of outputs (stack-outputs.ts) against the Automation API's.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { collect, ComputeClient } from "../../src/client";
import { profileTokenEndpoints } from "../../src/contract";
import { tokenProgram, type TokenShape } from "../../examples/token";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { engineStack, type EngineStack } from "./harness";
import { writes } from "../support/writes";

jest.setTimeout(180_000);

let shape: TokenShape = {
  name: "ci",
  label: "engine-ci",
  scopes: "vpc:read_only account:read_only",
  expiry: "2099-01-01T00:00:00",
};

/** The example program (examples/token.ts) with the test's shape. */
function program(s: TokenShape) {
  return async () => {
    const { token, value } = tokenProgram(s);
    return { tokenId: token.id, value };
  };
}

let e: EngineStack;
/** Every token value `up` returned, to look for in the state files. */
const values = new Set<string>();
const tokens = () => collect(e.client.each(profileTokenEndpoints.listProfileTokens));
const theToken = async () => {
  const found = (await tokens()).filter((t) => t.label.startsWith("engine-ci") || t.label === "by-hand");
  expect(found).toHaveLength(1);
  return found[0]!;
};
/** Runs `up`, checks the value it returns is a secret that works, and returns the summary and value. */
async function up() {
  const result = await e.stack.up();
  const value = result.outputs.value!;
  expect(value.secret).toBe(true);
  expect(typeof value.value).toBe("string");
  values.add(value.value as string);
  return { changes: result.summary.resourceChanges, value: value.value as string };
}

beforeAll(async () => {
  e = await engineStack("token");
});
afterAll(async () => {
  await e?.dispose();
});

test("up creates the token and returns its value as a secret", async () => {
  e.setProgram(program(shape));
  const { changes, value } = await up();
  expect(changes).toEqual({ create: 2 });
  const token = await theToken();
  expect(token).toMatchObject({
    label: "engine-ci",
    // Sent as check wrote them: sorted.
    scopes: "account:read_only vpc:read_only",
    expiry: "2099-01-01T00:00:00",
    token: value.slice(0, 16),
  });
  // The value works against the API.
  expect(value.length).toBeGreaterThan(16);
  const asToken = new ComputeClient({ baseUrl: e.emulator.url, token: value, retry: { retries: 0 } });
  expect((await asToken.api.listVpcs()).data).toEqual([]);
});

test("the harness reads the outputs as the Automation API does, in one command", async () => {
  // stack-outputs.ts reads them from `stack export`; the Automation API's own reading takes two.
  const ws = e.stack.workspace as LocalWorkspace;
  const own = await LocalWorkspace.prototype.stackOutputs.call(ws, "test");
  expect(own.value?.secret).toBe(true);
  expect(own.tokenId?.secret).toBe(false);
  expect(await e.stack.outputs()).toEqual(own);
});

test("a second preview and a refresh report no changes, and the refresh keeps the value", async () => {
  const [before] = values;
  expect((await e.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 2 });
  expect((await e.stack.refresh({ expectNoChanges: true })).summary.resourceChanges).toEqual({ same: 2 });
  const { changes, value } = await up();
  expect(changes).toEqual({ same: 2 });
  expect(value).toBe(before);
});

test("the scopes in another order and spacing are no change", async () => {
  e.setProgram(program({ ...shape, scopes: "  account:read_only  vpc:read_only account:read_only" }));
  expect((await e.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 2 });
});

test("a label edit is an in-place update that keeps the value", async () => {
  const before = await theToken();
  const [value] = values;
  shape = { ...shape, label: "engine-ci-2" };
  e.setProgram(program(shape));
  expect((await e.stack.preview()).changeSummary).toEqual({ same: 1, update: 1 });
  const result = await up();
  expect(result.changes).toEqual({ same: 1, update: 1 });
  expect(result.value).toBe(value);
  expect(await theToken()).toMatchObject({ id: before.id, label: "engine-ci-2" });
});

test("other scopes, then another expiry, replace the token with a new value", async () => {
  for (const change of [{ scopes: "vpc:read_write" }, { expiry: "2098-06-30T12:00:00" }]) {
    const before = await theToken();
    shape = { ...shape, ...change };
    e.setProgram(program(shape));
    expect((await e.stack.preview()).changeSummary).toEqual({ same: 1, replace: 1 });
    const seen = values.size;
    const result = await up();
    expect(result.changes).toEqual({ same: 1, replace: 1 });
    expect(values.size).toBe(seen + 1);
    const after = await theToken();
    expect(after.id).not.toBe(before.id);
    expect(after).toMatchObject({ ...change, token: result.value.slice(0, 16) });
  }
  await e.stack.preview({ expectNoChanges: true });
});

test("a label changed out of band shows as drift in refresh, and up puts it back", async () => {
  const { id } = await theToken();
  await e.client.api.updateProfileToken({ params: { tokenId: id }, body: { label: "by-hand" } });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 1, update: 1 });
  expect((await up()).changes).toEqual({ same: 1, update: 1 });
  expect(await theToken()).toMatchObject({ id, label: "engine-ci-2" });
  await e.stack.preview({ expectNoChanges: true });
});

test("a token revoked out of band disappears on refresh, and up creates another", async () => {
  const { id } = await theToken();
  await e.client.api.deleteProfileToken({ params: { tokenId: id } });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 1, delete: 1 });
  expect((await up()).changes).toEqual({ same: 1, create: 1 });
  expect((await theToken()).id).not.toBe(id);
});

test("a past expiry, bad scopes, or scopes beyond the provider's token fail at preview, and nothing is written", async () => {
  await e.control.clearRequests();
  e.setProgram(program({ ...shape, expiry: "2001-01-01T00:00:00" }));
  await expect(e.stack.preview()).rejects.toThrow(/expiry: must be in the future/s);
  await expect(e.stack.up()).rejects.toThrow(/expiry: must be in the future/);
  e.setProgram(program({ ...shape, scopes: "vpc:admin" }));
  await expect(e.stack.preview()).rejects.toThrow(/scopes: must be \* or a space-separated list/s);
  const { token } = await e.control.seedUser({ username: "ci", scopes: "account:read_write vpc:read_write" });
  await e.stack.setConfig("compute:token", { value: token, secret: true });
  try {
    e.setProgram(program({ ...shape, scopes: "vpc:read_write computes:read_write" }));
    await expect(e.stack.preview()).rejects.toThrow(
      /scopes.*scopes may not exceed those of the provider's own token \(computes:read_write not held/s,
    );
  } finally {
    await e.stack.setConfig("compute:token", { value: e.emulator.token, secret: true });
  }
  expect(await writes(e.control)).toEqual([]);
  e.setProgram(program(shape));
});

test("the state on disk holds no token value in plaintext, not even its first 16 characters", async () => {
  const files = (fs.readdirSync(path.join(e.dir, "state"), { recursive: true }) as string[])
    .map((f) => path.join(e.dir, "state", f))
    .filter((f) => fs.statSync(f).isFile());
  expect(files.length).toBeGreaterThan(0);
  expect(values.size).toBe(4);
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    for (const value of values) expect(text.includes(value.slice(0, 16))).toBe(false);
  }
  const checkpoint = fs.readFileSync(
    files.find((f) => f.endsWith(`${path.sep}test.json`))!,
    "utf8",
  );
  const secret = (key: string) =>
    new RegExp(
      `"${key}":\\{"4dabf18193072939515e22adb298388d":"1b47061264138c4ac30d75fd1eb44270","ciphertext"`,
      "g",
    );
  // The resource's output, and the stack's export of it.
  expect(checkpoint.match(secret("token"))).toHaveLength(1);
  expect(checkpoint.match(secret("value"))).toHaveLength(1);
});

test("destroy revokes the token", async () => {
  const { id } = await theToken();
  expect((await e.stack.destroy()).summary.resourceChanges).toEqual({ delete: 2 });
  expect((await tokens()).map((t) => t.id)).not.toContain(id);
  expect((await tokens()).map((t) => t.label)).toEqual(["emulator full access"]);
});
