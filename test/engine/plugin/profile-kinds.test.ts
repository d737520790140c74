/**
 * The account's kinds beside instances in the plugin form (Pulumi YAML, `pulumi-resource-compute`, the
 * real CLI), in one stack: SshKey, StackScript, Token, ProfileSettings, ProfilePreferences and an
 * uploaded Image (a file named relative to the program, as a user writes it). Create, no-change
 * preview, in-place updates (the detailed diff says update), replaces (update-replace, new IDs, the
 * old objects gone), clean refresh, destroy with nothing of ours left.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { gzipSync } from "node:zlib";
import { collect } from "../../../src/client";
import {
  imageEndpoints,
  profileSshKeyEndpoints,
  profileTokenEndpoints,
  stackScriptEndpoints,
} from "../../../src/contract";
import { publicKeyLine } from "../../support/ssh-keys";
import { opsOf, stepOf, yamlProject, type YamlProject } from "./yaml-project";
import { schemaMismatches } from "./schema-types";

jest.setTimeout(240_000);

let p: YamlProject;
const keys = () => collect(p.client.each(profileSshKeyEndpoints.listProfileSshKeys));
const scripts = () =>
  collect(p.client.each(stackScriptEndpoints.listStackScripts, { filter: { mine: true } }));
const tokens = async () =>
  (await collect(p.client.each(profileTokenEndpoints.listProfileTokens))).filter((t) =>
    t.label.startsWith("yaml-"),
  );
const images = () => collect(p.client.each(imageEndpoints.listImages, { filter: { is_public: false } }));
/** The raw disk image the program uploads, gzipped, beside its Pulumi.yaml. */
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
  keyLabel: "yaml-key",
  sshKey: firstKey,
  scriptLabel: "yaml-setup",
  script: SCRIPT,
  tokenLabel: "yaml-ci",
  scopes: "vpc:read_only",
  timezone: "Europe/Paris",
  theme: "dark",
  imageLabel: "yaml-custom",
};

const program = (s: Shape) => ({
  key: { type: "compute:index:SshKey", properties: { label: s.keyLabel, sshKey: s.sshKey } },
  setup: {
    type: "compute:index:StackScript",
    properties: { label: s.scriptLabel, script: s.script, images: ["compute/debian12"] },
  },
  ci: {
    type: "compute:index:Token",
    properties: { label: s.tokenLabel, scopes: s.scopes, expiry: "2099-01-01T00:00:00" },
  },
  me: {
    type: "compute:index:ProfileSettings",
    properties: { timezone: s.timezone, emailNotifications: false },
  },
  prefs: {
    type: "compute:index:ProfilePreferences",
    properties: { preferences: { theme: s.theme, sort: { instances: { key: "label", asc: true } } } },
  },
  custom: {
    type: "compute:index:Image",
    properties: { file: "disk.img.gz", label: s.imageLabel, region: "us-iad" },
  },
});

beforeAll(async () => {
  // Lifecycles run 20 times faster: an upload's processing takes a fraction of a second.
  p = await yamlProject("plugin-profile-kinds", { speed: 20 });
  writeDiskImage(1);
});
afterAll(async () => {
  await p?.dispose();
});

test("up creates the key, the StackScript and the token, and sets the settings and preferences", async () => {
  p.setProgram(program(shape), { udfs: "${setup.userDefinedFields}" });
  await p.pulumi("up", "--yes");
  expect(await one(keys())).toMatchObject({ label: "yaml-key", ssh_key: firstKey });
  expect(await one(scripts())).toMatchObject({ label: "yaml-setup", script: SCRIPT });
  expect(await one(tokens())).toMatchObject({ label: "yaml-ci", scopes: "vpc:read_only" });
  expect(await p.client.api.getProfile()).toMatchObject({
    timezone: "Europe/Paris",
    email_notifications: false,
  });
  expect(await p.client.api.getProfilePreferences()).toMatchObject({ theme: "dark" });
  expect(await one(images())).toMatchObject({ label: "yaml-custom", status: "available" });
  // As the TypeScript class registers it: the file's absolute path and the digest of its content.
  const custom = (await p.resources()).find((r) => r.urn.endsWith("::custom"))!;
  expect(custom.inputs).toMatchObject({
    file: path.join(p.dir, "disk.img.gz"),
    fileHash: expect.stringMatching(/^[0-9a-f]{64}$/),
  });
  expect(await p.output("udfs")).toEqual([expect.objectContaining({ name: "site" })]);
  const types = (await p.resources()).map((r) => r.type).filter((t) => t.startsWith("compute:index:"));
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
  await p.pulumi("preview", "--expect-no-changes");
  expect((await p.previewJson()).changeSummary).toEqual({ same: 7 });
  expect(await p.writes()).toEqual([]);
});

test("labels, the script, the time zone and the preferences update in place", async () => {
  shape = {
    ...shape,
    keyLabel: "yaml-key-2",
    scriptLabel: "yaml-setup-2",
    script: `${SCRIPT}echo done\n`,
    tokenLabel: "yaml-ci-2",
    timezone: "Asia/Tokyo",
    theme: "light",
    imageLabel: "yaml-custom-2",
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
  expect(stepOf(preview, "key")!.detailedDiff).toEqual({ label: { kind: "update", inputDiff: true } });
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
  expect(await one(keys())).toMatchObject({ id: key.id, label: "yaml-key-2" });
  expect(await one(scripts())).toMatchObject({ id: script.id, label: "yaml-setup-2" });
  expect(await one(tokens())).toMatchObject({ id: token.id, label: "yaml-ci-2" });
  expect(await p.client.api.getProfile()).toMatchObject({ timezone: "Asia/Tokyo" });
  expect(await p.client.api.getProfilePreferences()).toMatchObject({ theme: "light" });
  expect(await one(images())).toMatchObject({ id: image.id, label: "yaml-custom-2" });
});

test("another key, other scopes and other content in the file replace the SshKey, the Token and the Image", async () => {
  shape = { ...shape, sshKey: secondKey, scopes: "vpc:read_only account:read_only" };
  p.setProgram(program(shape));
  writeDiskImage(2);
  const preview = await p.previewJson();
  // The unchanged resources have no step.
  expect(opsOf(preview)).toEqual({ key: "replace", ci: "replace", custom: "replace" });
  expect(preview.changeSummary).toEqual({ replace: 3, same: 4 });
  expect(stepOf(preview, "custom")!.detailedDiff).toEqual({
    fileHash: { kind: "update-replace", inputDiff: true },
  });
  expect(stepOf(preview, "key")!.detailedDiff).toEqual({
    sshKey: { kind: "update-replace", inputDiff: true },
  });
  expect(stepOf(preview, "ci")!.detailedDiff).toEqual({
    scopes: { kind: "update-replace", inputDiff: true },
  });
  const [key, token, image] = [await one(keys()), await one(tokens()), await one(images())];
  await p.pulumi("up", "--yes");
  const newImage = await one(images());
  expect(newImage).toMatchObject({ label: "yaml-custom-2", status: "available" });
  expect(newImage.id).not.toBe(image.id);
  const [newKey, newToken] = [await one(keys()), await one(tokens())];
  expect(newKey).toMatchObject({ label: "yaml-key-2", ssh_key: secondKey });
  expect(newKey.id).not.toBe(key.id);
  expect(newToken).toMatchObject({ label: "yaml-ci-2", scopes: "account:read_only vpc:read_only" });
  expect(newToken.id).not.toBe(token.id);
});

test("a refresh finds nothing changed, and the next preview none either", async () => {
  await p.control.clearRequests();
  await p.pulumi("refresh", "--yes", "--expect-no-changes");
  await p.pulumi("preview", "--expect-no-changes");
  expect(await p.writes()).toEqual([]);
});

test("every output has the type the package schema gives it (what a typed SDK reads)", async () => {
  expect(schemaMismatches(await p.resources())).toEqual([]);
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
