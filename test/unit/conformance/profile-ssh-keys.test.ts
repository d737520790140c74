/** SSH keys of the profile against the running emulator, through our client: one test per rule. */
import { profileSshKeyEndpoints } from "../../../src/contract";
import { apiError, badRequest, useEmulator } from "../../support/emulator";
import { expectScopes } from "../../support/scopes";
import { publicKeyLine } from "../../support/ssh-keys";

const t = useEmulator();
const add = (body: { label?: string; ssh_key: string }, client = t.client) =>
  client.api.createProfileSshKey({ body });

describe("scopes of the endpoints", () => {
  it("reads need account:read_only, writes account:read_write", async () => {
    await expectScopes(t, profileSshKeyEndpoints, {
      listProfileSshKeys: "account:read_only",
      createProfileSshKey: "account:read_write",
      getProfileSshKey: "account:read_only",
      updateProfileSshKey: "account:read_write",
      deleteProfileSshKey: "account:read_write",
    });
  });
});

describe("keys", () => {
  it.each(["ed25519", "ecdsa", "rsa"] as const)("accepts a real %s public key", async (type) => {
    const ssh_key = publicKeyLine(type, "me@laptop");
    const created = await add({ label: "laptop", ssh_key });
    expect(created).toEqual({
      id: expect.any(Number),
      label: "laptop",
      ssh_key,
      created: expect.any(String),
    });
    await expect(t.client.api.getProfileSshKey({ params: { sshKeyId: created.id } })).resolves.toEqual(
      created,
    );
  });

  it.each([
    ["no type", () => publicKeyLine().split(" ")[1]!],
    ["an unknown type", () => publicKeyLine().replace("ssh-ed25519", "ssh-dss")],
    ["a blob that is not base64", () => "ssh-ed25519 not*base64"],
    ["a blob of another type", () => `ssh-rsa ${publicKeyLine().split(" ")[1]}`],
    ["a private key", () => "-----BEGIN OPENSSH PRIVATE KEY-----"],
  ])("rejects %s", async (_what, key) => {
    await badRequest(add({ label: "x", ssh_key: key() }), "ssh_key", /SSH public key/);
  });

  it("requires ssh_key", async () => {
    await badRequest(
      t.client.api.createProfileSshKey({ body: { label: "x" } as never }),
      "ssh_key",
      /required/,
    );
  });

  it("belong to their user: others' keys are neither listed nor found", async () => {
    const other = await t.control.seedUser({ username: "other" });
    const theirs = await add({ label: "theirs", ssh_key: publicKeyLine() }, t.clientFor(other.token));
    await add({ label: "mine", ssh_key: publicKeyLine() });
    const { data } = await t.client.api.listProfileSshKeys();
    expect(data.map((k) => k.label)).toEqual(["mine"]);
    await apiError(t.client.api.getProfileSshKey({ params: { sshKeyId: theirs.id } }), 404);
    await apiError(t.client.api.deleteProfileSshKey({ params: { sshKeyId: theirs.id } }), 404);
  });
});

describe("labels", () => {
  it("are at most 64 characters, and optional", async () => {
    await badRequest(add({ label: "l".repeat(65), ssh_key: publicKeyLine() }), "label", /at most 64/);
    await expect(add({ label: "l".repeat(64), ssh_key: publicKeyLine() })).resolves.toMatchObject({
      label: "l".repeat(64),
    });
    await expect(add({ ssh_key: publicKeyLine() })).resolves.toMatchObject({ label: "" });
  });

  it("are the only thing an update changes", async () => {
    const ssh_key = publicKeyLine();
    const created = await add({ label: "a", ssh_key });
    const updated = await t.client.api.updateProfileSshKey({
      params: { sshKeyId: created.id },
      body: { label: "b", ssh_key: publicKeyLine() } as never,
    });
    expect(updated).toEqual({ ...created, label: "b" });
    await badRequest(
      t.client.api.updateProfileSshKey({ params: { sshKeyId: created.id }, body: { label: "l".repeat(65) } }),
      "label",
    );
  });
});

describe("delete", () => {
  it("removes the key from the profile and answers {}", async () => {
    const created = await add({ label: "a", ssh_key: publicKeyLine() });
    await expect(t.client.api.deleteProfileSshKey({ params: { sshKeyId: created.id } })).resolves.toEqual({});
    await apiError(t.client.api.getProfileSshKey({ params: { sshKeyId: created.id } }), 404);
    await expect(t.client.api.listProfileSshKeys()).resolves.toMatchObject({ results: 0 });
  });
});

describe("events", () => {
  it("records user_ssh_key_add, _update and _delete", async () => {
    const created = await add({ label: "a", ssh_key: publicKeyLine() });
    await t.client.api.updateProfileSshKey({ params: { sshKeyId: created.id }, body: { label: "b" } });
    await t.client.api.deleteProfileSshKey({ params: { sshKeyId: created.id } });
    const events = await t.control.events({ entity_type: "user_ssh_key" });
    expect(events.map((e) => e.action)).toEqual([
      "user_ssh_key_add",
      "user_ssh_key_update",
      "user_ssh_key_delete",
    ]);
  });
});
