/**
 * The story of the account's kinds beside instances in the plugin form, told once for every language
 * (profile-kinds.test.ts in YAML, python/profile-kinds.test.ts in Python), in one stack: SshKey,
 * StackScript, Token, ProfileSettings, ProfilePreferences and an uploaded Image (a file named relative
 * to the program, as a user writes it). Create (the outputs udfs, username and token read back),
 * no-change preview with no write, in-place updates (the detailed diff says update), replaces
 * (update-replace, new IDs, the old objects gone), clean refresh, output types as the schema gives them,
 * destroy with nothing of ours left. The emulator runs 20 times faster.
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
import { changed, diffsOf, opsOf } from "../preview-json";
import { one, type StoryLanguage, type StoryProject } from "./language";
import { cleanRefresh, noChangePreview, outputsAsSchemaTypes } from "./steps";

/**
 * What the program declares. Resources `key` (SshKey), `setup` (StackScript, images
 * ["compute/debian12"]), `ci` (Token, expiry 2099-01-01T00:00:00), `me` (ProfileSettings, email
 * notifications off), `prefs` (ProfilePreferences: the theme, instances sorted by label ascending) and
 * `custom` (Image from the file `disk.img.gz`, region us-iad); outputs `udfs`
 * (setup's userDefinedFields), `username` (me's) and `token` (ci's).
 */
export interface ProfileKinds {
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

const SCRIPT = '#!/bin/bash\n# <UDF name="site" label="Site name" />\necho "$SITE"\n';

export function profileKindsStory(language: StoryLanguage<ProfileKinds>): void {
  const label = (name: string) => `${language.prefix}-${name}`;
  jest.setTimeout(240_000);

  let p: StoryProject;
  let write: (shape: ProfileKinds) => void;
  const keys = () => collect(p.client.each(profileSshKeyEndpoints.listProfileSshKeys));
  const scripts = () =>
    collect(p.client.each(stackScriptEndpoints.listStackScripts, { filter: { mine: true } }));
  const tokens = async () =>
    (await collect(p.client.each(profileTokenEndpoints.listProfileTokens))).filter((t) =>
      t.label.startsWith(`${language.prefix}-`),
    );
  const images = () => collect(p.client.each(imageEndpoints.listImages, { filter: { is_public: false } }));
  /** The raw disk image the program uploads, gzipped, beside its program. */
  const writeDiskImage = (fill: number) =>
    fs.writeFileSync(path.join(p.dir, "disk.img.gz"), gzipSync(Buffer.alloc(16 * 1024, fill)));

  const firstKey = publicKeyLine("ed25519");
  const secondKey = publicKeyLine("ecdsa");
  let shape: ProfileKinds = {
    keyLabel: label("key"),
    sshKey: firstKey,
    scriptLabel: label("setup"),
    script: SCRIPT,
    tokenLabel: label("ci"),
    scopes: "vpc:read_only",
    timezone: "Europe/Paris",
    theme: "dark",
    imageLabel: label("custom"),
  };

  /** The program changed as `to` says, written, and previewed (`pulumi preview --json`). */
  const change = async (to: Partial<ProfileKinds>) => {
    shape = { ...shape, ...to };
    write(shape);
    return p.previewJson();
  };

  beforeAll(async () => {
    // Lifecycles run 20 times faster: an upload's processing takes a fraction of a second.
    ({ project: p, write } = await language.start(20));
    writeDiskImage(1);
  });
  afterAll(async () => {
    await p?.dispose();
  });

  test("up creates the key, the StackScript, the token and the image, and sets the settings and preferences", async () => {
    write(shape);
    await p.pulumi("up", "--yes");
    expect(await one(keys())).toMatchObject({ label: label("key"), ssh_key: firstKey });
    expect(await one(scripts())).toMatchObject({ label: label("setup"), script: SCRIPT });
    expect(await one(tokens())).toMatchObject({ label: label("ci"), scopes: "vpc:read_only" });
    const profile = await p.client.api.getProfile();
    expect(profile).toMatchObject({ timezone: "Europe/Paris", email_notifications: false });
    expect(await p.client.api.getProfilePreferences()).toMatchObject({
      theme: "dark",
      sort: { instances: { key: "label", asc: true } },
    });
    expect(await one(images())).toMatchObject({ label: label("custom"), status: "available" });
    // The file as the TypeScript class registers it: the path the program gives (relative to its
    // directory, so that another checkout stores the same) and the digest of its content.
    const state = await p.resources();
    expect(state.find((r) => r.urn.endsWith("::custom"))!.inputs).toMatchObject({
      file: "disk.img.gz",
      fileHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(await p.output("udfs")).toEqual([expect.objectContaining({ name: "site", label: "Site name" })]);
    expect(await p.output("username")).toBe(profile.username);
    // The token's value: in the program's output, and only as ciphertext in the state.
    const value = (await p.output("token")) as string;
    expect(value).toMatch(/\S{16,}/);
    expect(JSON.stringify(state)).not.toContain(value);
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

  noChangePreview(() => p, 7);

  test("labels, the script, the time zone and the preferences update in place", async () => {
    const preview = await change({
      keyLabel: label("key-2"),
      scriptLabel: label("setup-2"),
      script: `${SCRIPT}echo done\n`,
      tokenLabel: label("ci-2"),
      timezone: "Asia/Tokyo",
      theme: "light",
      imageLabel: label("custom-2"),
    });
    expect(opsOf(preview)).toEqual({
      key: "update",
      setup: "update",
      ci: "update",
      me: "update",
      prefs: "update",
      custom: "update",
    });
    expect(diffsOf(preview, "key", "setup")).toEqual({
      key: changed("update", "label"),
      setup: changed("update", "label", "script"),
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
    expect(await one(keys())).toMatchObject({ id: key.id, label: label("key-2") });
    expect(await one(scripts())).toMatchObject({ id: script.id, label: label("setup-2") });
    expect(await one(tokens())).toMatchObject({ id: token.id, label: label("ci-2") });
    expect(await p.client.api.getProfile()).toMatchObject({ timezone: "Asia/Tokyo" });
    expect(await p.client.api.getProfilePreferences()).toMatchObject({ theme: "light" });
    expect(await one(images())).toMatchObject({ id: image.id, label: label("custom-2") });
  });

  test("another key, other scopes and other content in the file replace the SshKey, the Token and the Image", async () => {
    writeDiskImage(2);
    const preview = await change({ sshKey: secondKey, scopes: "vpc:read_only account:read_only" });
    // The unchanged resources have no step.
    expect(opsOf(preview)).toEqual({ key: "replace", ci: "replace", custom: "replace" });
    expect(preview.changeSummary).toEqual({ replace: 3, same: 4 });
    expect(diffsOf(preview, "key", "ci", "custom")).toEqual({
      key: changed("update-replace", "sshKey"),
      ci: changed("update-replace", "scopes"),
      custom: changed("update-replace", "fileHash"),
    });
    const [key, token, image] = [await one(keys()), await one(tokens()), await one(images())];
    await p.pulumi("up", "--yes");
    const [newKey, newToken, newImage] = [await one(keys()), await one(tokens()), await one(images())];
    expect(newKey).toMatchObject({ label: label("key-2"), ssh_key: secondKey });
    expect(newKey.id).not.toBe(key.id);
    expect(newToken).toMatchObject({ label: label("ci-2"), scopes: "account:read_only vpc:read_only" });
    expect(newToken.id).not.toBe(token.id);
    expect(newImage).toMatchObject({ label: label("custom-2"), status: "available" });
    expect(newImage.id).not.toBe(image.id);
  });

  cleanRefresh(() => p);

  outputsAsSchemaTypes(() => p);

  test("destroy deletes the key, the StackScript, the token and the image, and leaves the profile as it is", async () => {
    await p.pulumi("destroy", "--yes");
    expect(await keys()).toEqual([]);
    expect(await scripts()).toEqual([]);
    expect(await tokens()).toEqual([]);
    expect(await images()).toEqual([]);
    expect(await p.client.api.getProfile()).toMatchObject({ timezone: "Asia/Tokyo" });
    expect(await p.resources()).toEqual([]);
  });
}
