/** SshKey through the real engine: up, no-op preview/refresh, label in place, key replaced, drift, bad input at preview, destroy. */
import { collect } from "../../src/client";
import { profileSshKeyEndpoints } from "../../src/contract";
import { sshKeyProgram, type SshKeyShape } from "../../examples/ssh-key";
import { publicKeyLine } from "../support/ssh-keys";
import { engineStack, type EngineStack } from "./harness";
import { writes } from "../support/writes";

jest.setTimeout(180_000);

let shape: SshKeyShape = { name: "deploy", label: "engine-key", sshKey: `${publicKeyLine("ed25519")}\n` };

/** The example program (examples/ssh-key.ts) with the test's shape. */
function program(s: SshKeyShape) {
  return async () => ({ keyId: sshKeyProgram(s).key.id });
}

let e: EngineStack;
const keys = () => collect(e.client.each(profileSshKeyEndpoints.listProfileSshKeys));
const theKey = async () => {
  const all = await keys();
  expect(all).toHaveLength(1);
  return all[0]!;
};

beforeAll(async () => {
  e = await engineStack("ssh-key");
});
afterAll(async () => {
  await e?.dispose();
});

test("up adds the key to the profile", async () => {
  e.setProgram(program(shape));
  const result = await e.stack.up();
  expect(result.summary.resourceChanges).toEqual({ create: 2 });
  const key = await theKey();
  expect(key).toMatchObject({ label: "engine-key", ssh_key: shape.sshKey.trim() });
  expect(result.outputs.keyId!.value).toBe(String(key.id));
});

test("a second preview and a refresh both report no changes (the key file's newline is no diff)", async () => {
  expect((await e.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 2 });
  expect((await e.stack.refresh({ expectNoChanges: true })).summary.resourceChanges).toEqual({ same: 2 });
});

test("a label edit is an in-place update", async () => {
  const before = await theKey();
  shape = { ...shape, label: "engine-key-2" };
  e.setProgram(program(shape));
  expect((await e.stack.preview()).changeSummary).toEqual({ same: 1, update: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 1, update: 1 });
  expect(await theKey()).toMatchObject({ id: before.id, label: "engine-key-2" });
});

test("another key replaces it", async () => {
  const before = await theKey();
  shape = { ...shape, sshKey: publicKeyLine("rsa", "rotated") };
  e.setProgram(program(shape));
  expect((await e.stack.preview()).changeSummary).toEqual({ same: 1, replace: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 1, replace: 1 });
  const after = await theKey();
  expect(after.id).not.toBe(before.id);
  expect(after).toMatchObject({ label: "engine-key-2", ssh_key: shape.sshKey });
  await e.stack.preview({ expectNoChanges: true });
});

test("a label changed out of band shows as drift in refresh, and up puts it back", async () => {
  const { id } = await theKey();
  await e.client.api.updateProfileSshKey({ params: { sshKeyId: id }, body: { label: "by-hand" } });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 1, update: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 1, update: 1 });
  expect(await theKey()).toMatchObject({ id, label: "engine-key-2" });
  await e.stack.preview({ expectNoChanges: true });
});

test("a key deleted out of band disappears on refresh, and up adds it again", async () => {
  const { id } = await theKey();
  await e.client.api.deleteProfileSshKey({ params: { sshKeyId: id } });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 1, delete: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 1, create: 1 });
  const again = await theKey();
  expect(again.id).not.toBe(id);
  expect(again).toMatchObject({ label: "engine-key-2", ssh_key: shape.sshKey });
});

test("a malformed key or a long label fails at preview naming the property, and nothing is written", async () => {
  await e.control.clearRequests();
  e.setProgram(program({ ...shape, sshKey: "ssh-ed25519 AAAAnot-a-key me@host" }));
  await expect(e.stack.preview()).rejects.toThrow(/sshKey: must be an SSH public key/s);
  await expect(e.stack.up()).rejects.toThrow(/sshKey: must be an SSH public key/);
  e.setProgram(program({ ...shape, label: "k".repeat(65) }));
  await expect(e.stack.preview()).rejects.toThrow(/label: must be at most 64 characters/s);
  expect(await writes(e.control)).toEqual([]);
  e.setProgram(program(shape));
});

test("destroy leaves the profile with no keys", async () => {
  expect((await e.stack.destroy()).summary.resourceChanges).toEqual({ delete: 2 });
  expect(await keys()).toEqual([]);
});
