/**
 * The account's kinds beside instances from a Python program (the generated SDK, `pulumi_compute`)
 * through the real CLI, in one stack: SshKey, StackScript, Token, ProfileSettings, ProfilePreferences
 * and an uploaded Image (a file named relative to the program). Create, no-change preview with no
 * write, in-place updates, replaces (new IDs, the old objects gone), clean refresh, destroy with
 * nothing of ours left. As profile-kinds.test.ts does in YAML.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { gzipSync } from "node:zlib";
import { collect } from "../../../../src/client";
import {
  imageEndpoints,
  profileSshKeyEndpoints,
  profileTokenEndpoints,
  stackScriptEndpoints,
} from "../../../../src/contract";
import { publicKeyLine } from "../../../support/ssh-keys";
import { opsOf, stepOf } from "../preview-json";
import { pythonProject, type PythonProject } from "../python-project";

jest.setTimeout(240_000);

let p: PythonProject;
const keys = () => collect(p.client.each(profileSshKeyEndpoints.listProfileSshKeys));
const scripts = () =>
  collect(p.client.each(stackScriptEndpoints.listStackScripts, { filter: { mine: true } }));
const tokens = async () =>
  (await collect(p.client.each(profileTokenEndpoints.listProfileTokens))).filter((t) =>
    t.label.startsWith("py-"),
  );
const images = () => collect(p.client.each(imageEndpoints.listImages, { filter: { is_public: false } }));
/** The raw disk image the program uploads, gzipped, beside its `__main__.py`. */
const writeDiskImage = (fill: number) =>
  fs.writeFileSync(path.join(p.dir, "disk.img.gz"), gzipSync(Buffer.alloc(16 * 1024, fill)));
const one = async <T>(list: Promise<T[]>): Promise<T> => {
  const all = await list;
  expect(all).toHaveLength(1);
  return all[0]!;
};

const SCRIPT = '#!/bin/bash\n# <UDF name="site" label="Site name" />\necho "$SITE"\n';
const firstKey = publicKeyLine("ed25519");
const secondKey = publicKeyLine("ecdsa");

interface Shape {
  keyLabel: string;
  sshKey: string;
  scriptLabel: string;
  script: string;
  tokenLabel: string;
  scopes: string;
  timezone: string;
  theme: string;
  imageLabel: string;
}
let shape: Shape = {
  keyLabel: "py-key",
  sshKey: firstKey,
  scriptLabel: "py-setup",
  script: SCRIPT,
  tokenLabel: "py-ci",
  scopes: "vpc:read_only",
  timezone: "Europe/Paris",
  theme: "dark",
  imageLabel: "py-custom",
};

/** A Python string literal (a JSON string is one). */
const str = (value: string) => JSON.stringify(value);
const program = (s: Shape) => `
key = compute.SshKey("key", label=${str(s.keyLabel)}, ssh_key=${str(s.sshKey)})
setup = compute.StackScript(
    "setup", label=${str(s.scriptLabel)}, script=${str(s.script)}, images=["compute/debian12"]
)
ci = compute.Token("ci", label=${str(s.tokenLabel)}, scopes=${str(s.scopes)}, expiry="2099-01-01T00:00:00")
me = compute.ProfileSettings("me", timezone=${str(s.timezone)}, email_notifications=False)
prefs = compute.ProfilePreferences(
    "prefs",
    preferences={"theme": ${str(s.theme)}, "sort": {"instances": {"key": "label", "asc": True}}},
)
custom = compute.Image("custom", file="disk.img.gz", label=${str(s.imageLabel)}, region="us-iad")
pulumi.export("udfs", setup.user_defined_fields)
pulumi.export("username", me.username)
pulumi.export("token", ci.token)
`;

beforeAll(async () => {
  // Lifecycles run 20 times faster: an upload's processing takes a fraction of a second.
  p = await pythonProject("python-profile-kinds", { speed: 20 });
  writeDiskImage(1);
});
afterAll(async () => {
  await p?.dispose();
});

test("up creates the key, the StackScript, the token and the image, and sets the settings and preferences", async () => {
  p.setProgram(program(shape));
  await p.pulumi("up", "--yes");
  expect(await one(keys())).toMatchObject({ label: "py-key", ssh_key: firstKey });
  expect(await one(scripts())).toMatchObject({ label: "py-setup", script: SCRIPT });
  expect(await one(tokens())).toMatchObject({ label: "py-ci", scopes: "vpc:read_only" });
  const profile = await p.client.api.getProfile();
  expect(profile).toMatchObject({ timezone: "Europe/Paris", email_notifications: false });
  expect(await p.client.api.getProfilePreferences()).toMatchObject({
    theme: "dark",
    sort: { instances: { key: "label", asc: true } },
  });
  expect(await one(images())).toMatchObject({ label: "py-custom", status: "available" });
  // The file as the TypeScript class registers it: its absolute path and the digest of its content.
  const state = await p.resources();
  expect(state.find((r) => r.urn.endsWith("::custom"))!.inputs).toMatchObject({
    file: path.join(p.dir, "disk.img.gz"),
    fileHash: expect.stringMatching(/^[0-9a-f]{64}$/),
  });
  expect(await p.output("udfs")).toEqual([expect.objectContaining({ name: "site", label: "Site name" })]);
  expect(await p.output("username")).toBe(profile.username);
  // The token's value: in the program's output, and only as ciphertext in the state.
  const value = (await p.output("token")) as string;
  expect(value).toMatch(/\S{16,}/);
  expect(JSON.stringify(await p.resources())).not.toContain(value);
  expect(state.find((r) => r.urn.endsWith("::ci"))!.outputs!.token).toHaveProperty("ciphertext");
  const types = state.map((r) => r.type).filter((t) => t.startsWith("compute:index:"));
  expect(types.sort()).toEqual([
    "compute:index:Image",
    "compute:index:ProfilePreferences",
    "compute:index:ProfileSettings",
    "compute:index:SshKey",
    "compute:index:StackScript",
    "compute:index:Token",
  ]);
});

test("a preview of the same program shows no change and sends no write", async () => {
  await p.control.clearRequests();
  expect((await p.previewJson()).changeSummary).toEqual({ same: 7 });
  expect(await p.writes()).toEqual([]);
});

test("labels, the script, the time zone and the preferences update in place", async () => {
  shape = {
    ...shape,
    keyLabel: "py-key-2",
    scriptLabel: "py-setup-2",
    script: `${SCRIPT}echo done\n`,
    tokenLabel: "py-ci-2",
    timezone: "Asia/Tokyo",
    theme: "light",
    imageLabel: "py-custom-2",
  };
  p.setProgram(program(shape));
  const preview = await p.previewJson();
  expect(opsOf(preview)).toEqual({
    key: "update",
    setup: "update",
    ci: "update",
    me: "update",
    prefs: "update",
    custom: "update",
  });
  expect(stepOf(preview, "setup")!.detailedDiff).toEqual({
    label: { kind: "update", inputDiff: true },
    script: { kind: "update", inputDiff: true },
  });
  const [key, script, token, image] = [
    await one(keys()),
    await one(scripts()),
    await one(tokens()),
    await one(images()),
  ];
  await p.control.clearRequests();
  await p.pulumi("up", "--yes");
  const writes = await p.writes();
  expect(writes.every((w) => w.startsWith("PUT "))).toBe(true);
  expect(writes).toEqual(
    expect.arrayContaining([
      `PUT /profile/sshkeys/${key.id}`,
      `PUT /compute/stackscripts/${script.id}`,
      `PUT /profile/tokens/${token.id}`,
      `PUT /images/${image.id}`,
    ]),
  );
  expect(await one(keys())).toMatchObject({ id: key.id, label: "py-key-2" });
  expect(await one(scripts())).toMatchObject({ id: script.id, label: "py-setup-2" });
  expect(await one(tokens())).toMatchObject({ id: token.id, label: "py-ci-2" });
  expect(await p.client.api.getProfile()).toMatchObject({ timezone: "Asia/Tokyo" });
  expect(await p.client.api.getProfilePreferences()).toMatchObject({ theme: "light" });
  expect(await one(images())).toMatchObject({ id: image.id, label: "py-custom-2" });
});

test("another key, other scopes and other content in the file replace the SshKey, the Token and the Image", async () => {
  shape = { ...shape, sshKey: secondKey, scopes: "vpc:read_only account:read_only" };
  p.setProgram(program(shape));
  writeDiskImage(2);
  const preview = await p.previewJson();
  expect(opsOf(preview)).toEqual({ key: "replace", ci: "replace", custom: "replace" });
  expect(preview.changeSummary).toEqual({ replace: 3, same: 4 });
  expect(stepOf(preview, "key")!.detailedDiff).toEqual({
    sshKey: { kind: "update-replace", inputDiff: true },
  });
  expect(stepOf(preview, "ci")!.detailedDiff).toEqual({
    scopes: { kind: "update-replace", inputDiff: true },
  });
  expect(stepOf(preview, "custom")!.detailedDiff).toEqual({
    fileHash: { kind: "update-replace", inputDiff: true },
  });
  const [key, token, image] = [await one(keys()), await one(tokens()), await one(images())];
  await p.pulumi("up", "--yes");
  const [newKey, newToken, newImage] = [await one(keys()), await one(tokens()), await one(images())];
  expect(newKey).toMatchObject({ label: "py-key-2", ssh_key: secondKey });
  expect(newKey.id).not.toBe(key.id);
  expect(newToken).toMatchObject({ label: "py-ci-2", scopes: "account:read_only vpc:read_only" });
  expect(newToken.id).not.toBe(token.id);
  expect(newImage).toMatchObject({ label: "py-custom-2", status: "available" });
  expect(newImage.id).not.toBe(image.id);
});

test("a refresh finds nothing changed, and the next preview none either", async () => {
  await p.control.clearRequests();
  await p.pulumi("refresh", "--yes", "--expect-no-changes");
  await p.pulumi("preview", "--expect-no-changes");
  expect(await p.writes()).toEqual([]);
});

test("destroy deletes the key, the StackScript, the token and the image, and leaves the profile as it is", async () => {
  await p.pulumi("destroy", "--yes");
  expect(await keys()).toEqual([]);
  expect(await scripts()).toEqual([]);
  expect(await tokens()).toEqual([]);
  expect(await images()).toEqual([]);
  expect(await p.client.api.getProfile()).toMatchObject({ timezone: "Asia/Tokyo" });
  expect(await p.resources()).toEqual([]);
});
