/**
 * The story of the values a program marks secret in the plugin form, told once for every language
 * (secrets.test.ts in YAML, python/secrets.test.ts in Python), in one stack of every kind: on each, one
 * input that is not secret by itself is marked secret in the program. Through up, a change previewed
 * with `--diff` and `--json` and applied, a refresh, a failing preview and destroy, none of the values
 * shows in plaintext in what the CLI prints or in `pulumi stack export`; the API gets them; the stack's
 * outputs that read them are `[secret]`. The emulator runs 20 times faster.
 */
import { collect } from "../../../../src/client";
import { vpcEndpoints } from "../../../../src/contract";
import { publicKeyLine } from "../../../support/ssh-keys";
import type { StoryLanguage, StoryProject } from "./language";

/** The engine's mark of a secret value in a state (the ciphertext beside it). */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/**
 * What the program declares, each value of `secrets` marked secret in it. Resources `net` (Vpc,
 * description), `app` (Subnet 10.0.1.0/24 in net, label), `web` (Instance of compute/debian12 with a
 * root password, label), `snap` (Snapshot of web, label), `family` (an empty Instance) with `data`
 * (InstanceDisk, 1024, ext4, label), `boot` (InstanceConfig of data, comments; its `interfaces` and
 * `interfaceDetails` in `additionalSecretOutputs`, for they show the interface's address) and `private` (ConfigInterface
 * in app, `ipv4.vpc` the secret: nested), `golden` (Image of data, description), `key` (SshKey, label),
 * `ci` (Token, label), `setup` (StackScript, description), `me` (ProfileSettings, email), `prefs`
 * (ProfilePreferences, its `preferences` whole) and `prod` (Tag, its `instances`: [web]). The stack's
 * outputs are named as `secrets`' keys, each the output of the same name of the resource that holds it.
 */
export interface SecretsProgram {
  secrets: SecretValues;
  sshKey: string;
  /** net's region, marked secret, in place of us-iad. */
  region?: string;
}

export interface SecretValues {
  vpcDescription: string;
  subnetLabel: string;
  serverLabel: string;
  snapshotLabel: string;
  diskLabel: string;
  configComments: string;
  vpcAddress: string;
  imageDescription: string;
  keyLabel: string;
  tokenLabel: string;
  scriptDescription: string;
  email: string;
  note: string;
}

/**
 * The resource and input each secret goes to (the input that must be wrapped in the state, as an
 * input and as the output of the same name), and the output the stack reads it back through when
 * that is another (the interface's address).
 */
const HELD: Record<keyof SecretValues, [resource: string, input: string, output?: string]> = {
  vpcDescription: ["net", "description"],
  subnetLabel: ["app", "label"],
  serverLabel: ["web", "label"],
  snapshotLabel: ["snap", "label"],
  diskLabel: ["data", "label"],
  configComments: ["boot", "comments"],
  vpcAddress: ["private", "ipv4", "vpcAddress"],
  imageDescription: ["golden", "description"],
  keyLabel: ["key", "label"],
  tokenLabel: ["ci", "label"],
  scriptDescription: ["setup", "description"],
  email: ["me", "email"],
  note: ["prefs", "preferences"],
};

/** The stack's outputs: each secret read back through an output of its resource. */
export const SECRET_OUTPUTS = Object.fromEntries(
  Object.entries(HELD).map(([name, [resource, input, output = input]]) => [
    name,
    `\${${resource}.${output}}`,
  ]),
) as Record<keyof SecretValues, string>;

export function secretsStory(language: StoryLanguage<SecretsProgram>): void {
  jest.setTimeout(300_000);
  const valuesOf = (generation: number): SecretValues => {
    const v = (name: string) => `${language.prefix}-topsecret-${name}-${generation}`;
    return {
      vpcDescription: v("vpc"),
      subnetLabel: v("subnet"),
      serverLabel: v("server"),
      snapshotLabel: v("snapshot"),
      diskLabel: v("disk"),
      configComments: v("comments"),
      vpcAddress: `10.0.1.${70 + generation}`,
      imageDescription: v("image"),
      keyLabel: v("key"),
      tokenLabel: v("token"),
      scriptDescription: v("script"),
      email: `${v("email")}@example.com`,
      note: v("note"),
    };
  };
  const first = valuesOf(1);
  const second = valuesOf(2);
  const sshKey = publicKeyLine("ed25519");

  let p: StoryProject;
  let write: (program: SecretsProgram) => void;

  /** The values of `secrets` that `text` shows in plaintext. */
  const shownIn = (text: string, ...secrets: SecretValues[]) =>
    secrets.flatMap((s) => Object.values(s)).filter((value) => text.includes(value));
  const exported = () => p.pulumi("stack", "export");

  beforeAll(async () => {
    ({ project: p, write } = await language.start(20));
  });
  afterAll(async () => {
    await p?.dispose();
  });

  test("up sends the values to the API, and neither its display nor the state holds one in plaintext", async () => {
    write({ secrets: first, sshKey });
    const shown = await p.pulumi("up", "--yes");
    expect(shown).toMatch(/Resources:[\s\S]*created/);
    expect(shownIn(shown, first)).toEqual([]);
    expect(shownIn(await exported(), first)).toEqual([]);
    const [net] = await collect(p.client.each(vpcEndpoints.listVpcs));
    expect(net).toMatchObject({ description: first.vpcDescription });
    expect(net!.subnets).toEqual([expect.objectContaining({ label: first.subnetLabel })]);
  });

  test("each marked input is encrypted in the state, as an input and as the output of the same name", async () => {
    const resources = await p.resources();
    const state = (name: string) => resources.find((r) => r.urn.endsWith(`::${name}`))!;
    const plain: string[] = [];
    for (const [resource, input] of [...Object.values(HELD), ["prod", "instances"] as const]) {
      const { inputs, outputs } = state(resource);
      if (!JSON.stringify(inputs?.[input] ?? "").includes(SECRET_SIG))
        plain.push(`${resource} input ${input}`);
      if (!JSON.stringify(outputs?.[input] ?? "").includes(SECRET_SIG))
        plain.push(`${resource} output ${input}`);
    }
    expect(plain).toEqual([]);
    // Under another name: the interface's address, and the config's details that show it.
    expect(JSON.stringify(state("private").outputs?.vpcAddress)).toContain(SECRET_SIG);
    expect(JSON.stringify(state("boot").outputs?.interfaceDetails)).toContain(SECRET_SIG);
  });

  test("`pulumi stack output` shows each output that reads one as [secret]", async () => {
    const shown = JSON.parse(await p.pulumi("stack", "output", "--json")) as Record<string, unknown>;
    expect(shown).toEqual(Object.fromEntries(Object.keys(first).map((key) => [key, "[secret]"])));
    expect(await p.output("vpcDescription")).toBe(first.vpcDescription);
  });

  test("a change previews with --diff and --json showing neither the old nor the new values, then applies", async () => {
    write({ secrets: second, sshKey });
    const diff = await p.pulumi("preview", "--diff");
    expect(diff).toMatch(/to update|to replace/);
    expect(shownIn(diff, first, second)).toEqual([]);
    const json = await p.pulumi("preview", "--json");
    expect(shownIn(json, first, second)).toEqual([]);
    const shown = await p.pulumi("up", "--yes");
    expect(shownIn(shown, first, second)).toEqual([]);
    expect(shownIn(await exported(), first, second)).toEqual([]);
    expect(await p.output("vpcDescription")).toBe(second.vpcDescription);
  });

  test("a refresh reads them back and keeps them encrypted", async () => {
    const shown = await p.pulumi("refresh", "--yes", "--expect-no-changes");
    expect(shownIn(shown, first, second)).toEqual([]);
    expect(shownIn(await exported(), first, second)).toEqual([]);
  });

  test("a preview that fails on a secret value names the input without the value", async () => {
    const region = `${language.prefix}-topsecret-region`;
    write({ secrets: second, sshKey, region });
    const failed = await p.failing("preview");
    expect(failed).toMatch(/region: Region \[secret\] does not exist/);
    expect(failed).not.toContain(region);
    expect(shownIn(failed, first, second)).toEqual([]);
  });

  test("destroy leaves nothing", async () => {
    write({ secrets: second, sshKey });
    const shown = await p.pulumi("destroy", "--yes");
    expect(shownIn(shown, first, second)).toEqual([]);
    expect(await collect(p.client.each(vpcEndpoints.listVpcs))).toEqual([]);
    expect(await p.resources()).toEqual([]);
  });
}
