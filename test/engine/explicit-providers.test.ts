/**
 * Explicit providers in a TypeScript program (`compute.Provider`): two accounts, each on an emulator
 * of its own, in one program, with a VPC per provider and a subnet that inherits the provider from
 * its parent, beside a VPC of the stack's settings. Moving a provider's `apiUrl` to the same account
 * at another address changes no resource; to another account, replaces its resources there and
 * deletes them from the old one. The tokens stay ciphertext in the state. The data functions read
 * each account: with the stack's settings, or a provider (given, or a parent's) through the engine,
 * in the same TypeScript types.
 */
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { ComputeClient, ControlClient, collect } from "../../src/client";
import { vpcEndpoints } from "../../src/contract";
import { getSshKeys, getTags, getVpc, getVpcOutput } from "../../src/functions";
import { startEmulator, type Emulator } from "../../src/emulator";
import { Provider } from "../../src/resources/provider";
import { Subnet } from "../../src/resources/subnet";
import { Vpc } from "../../src/resources/vpc";
import { publicKeyLine } from "../support/ssh-keys";
import { readLines, writeLines } from "../support/writes";
import { cliEnv, engineStack, run, type EngineStack } from "./harness";

jest.setTimeout(300_000);

const ROOT = path.resolve(__dirname, "../..");

let e: EngineStack;
/** Provider `b`'s account, and a third account it moves to. */
let b: Emulator;
let c: Emulator;

const clientOf = (emulator: Emulator) =>
  new ComputeClient({ baseUrl: emulator.url, token: emulator.token, retry: { retries: 0 } });

/** Each VPC label of the account, with its subnets' labels. */
async function holding(emulator: Emulator): Promise<string[]> {
  const client = clientOf(emulator);
  const held: string[] = [];
  for (const vpc of await collect(client.each(vpcEndpoints.listVpcs))) {
    const subnets = await collect(client.each(vpcEndpoints.listSubnets, { params: { vpcId: vpc.id } }));
    held.push([vpc.label, ...subnets.map((s) => s.label)].join("/"));
  }
  return held.sort();
}

/** Provider `a` on the stack's emulator, provider `b` where the config says; a VPC and a subnet each;
 * and reads of each account as outputs. */
async function program() {
  const config = new pulumi.Config();
  const providers = {
    a: new Provider("a", { apiUrl: config.require("aUrl"), token: config.requireSecret("aToken") }),
    b: new Provider("b", { apiUrl: config.require("bUrl"), token: config.requireSecret("bToken") }),
  };
  const nets = Object.entries(providers).map(([name, provider]) => {
    const vpc = new Vpc(`net-${name}`, { region: "us-iad", label: `ep-${name}` }, { provider });
    const app = new Subnet(
      `app-${name}`,
      { vpcId: vpc.id, label: `app-${name}`, ipv4: "10.0.1.0/24" },
      { parent: vpc },
    );
    // The VPC's ID once its subnet is there, for reads of both.
    return { vpc, id: pulumi.all([vpc.id, app.id]).apply(([id]) => id) };
  });
  new Vpc(
    "net-stack",
    { region: "us-iad", label: "ep-stack" },
    stackVpcTakes ? { provider: providers.a } : {},
  );
  // The stack's account with its settings and through provider `a`; `b`'s through its provider,
  // given (a Promise form) and inherited from the VPC (an Output form).
  return {
    stackTags: (await getTags()).tags,
    stackVpc: getVpcOutput({ id: nets[0]!.id }),
    aVpc: getVpcOutput({ id: nets[0]!.id }, { provider: providers.a }),
    bKeys: (await getSshKeys({}, { provider: providers.b })).sshKeys,
    bVpc: getVpcOutput({ id: nets[1]!.id }, { parent: nets[1]!.vpc }),
    // A failure is the same line either way.
    missing: await Promise.all(
      [{}, { provider: providers.b }].map((opts) => getVpc({ id: 99999 }, opts).then(String, String)),
    ),
  };
}

/** Whether the stack's VPC is given provider `a`, of the same account as the stack's settings. */
let stackVpcTakes = false;

async function pointB(emulator: Emulator, url = emulator.url) {
  await e.stack.setAllConfig({
    bUrl: { value: url },
    bToken: { value: emulator.token, secret: true },
  });
}

/** `pulumi stack export` as a user runs it (the Automation API's export shows the secrets decrypted). */
async function exported(): Promise<{ text: string; resources: Exported[] }> {
  const text = await run(
    "pulumi",
    ["stack", "export", "--stack", "test"],
    path.join(e.dir, "project"),
    cliEnv(e.dir),
  );
  return {
    text,
    resources: (JSON.parse(text) as { deployment: { resources: Exported[] } }).deployment.resources,
  };
}
interface Exported {
  urn: string;
  type: string;
  provider?: string;
  inputs?: Record<string, unknown>;
}

/** The steps a preview plans, by resource name, but the unchanged ones, the stack's and the dynamic
 * host's default provider's (whose inputs are the whole stack config, the program's own keys included). */
async function previewOps(): Promise<Record<string, string>> {
  const ops: Record<string, string> = {};
  await e.stack.preview({
    onEvent: (event: EngineEvent) => {
      const m = event.resourcePreEvent?.metadata;
      if (!m || ["same", "create-replacement", "delete-replaced"].includes(m.op)) return;
      if (["pulumi:providers:pulumi-nodejs", "pulumi:pulumi:Stack"].includes(m.type)) return;
      ops[m.urn.split("::").pop()!] = m.op;
    },
  });
  return ops;
}

beforeAll(async () => {
  e = await engineStack("explicit-providers");
  [b, c] = await Promise.all([startEmulator({ owner: "second" }), startEmulator({ owner: "third" })]);
  // The plugin from this checkout, as a project names a local plugin.
  const settings = await e.stack.workspace.projectSettings();
  await e.stack.workspace.saveProjectSettings(
    Object.assign(settings, { plugins: { providers: [{ name: "compute", path: path.join(ROOT, "bin") }] } }),
  );
  await e.stack.setAllConfig({
    aUrl: { value: e.emulator.url },
    aToken: { value: e.emulator.token, secret: true },
  });
  await pointB(b);
  await e.client.api.createTag({ body: { label: "stack-tag" } });
  await clientOf(b).api.createProfileSshKey({ body: { label: "b-key", ssh_key: publicKeyLine() } });
  e.setProgram(program);
});
afterAll(async () => {
  await e?.dispose();
  await b?.close();
  await c?.close();
});

test("two providers keep two accounts in one program, each holding exactly its objects", async () => {
  const planned = await previewOps();
  expect(Object.keys(planned).sort()).toEqual(["a", "app-a", "app-b", "b", "net-a", "net-b", "net-stack"]);
  expect(new Set(Object.values(planned))).toEqual(new Set(["create"]));
  const { result, shown } = await e.upShowing();
  for (const token of [e.emulator.token, b.token]) expect(shown).not.toContain(token);
  expect(await holding(e.emulator)).toEqual(["ep-a/app-a", "ep-stack"]);
  expect(await holding(b)).toEqual(["ep-b/app-b"]);

  // Each read answered from its own account, in the functions' TypeScript types (IDs numbers),
  // through a provider as with the stack's settings; neither asked the other emulator.
  const out = Object.fromEntries(Object.entries(result.outputs).map(([k, v]) => [k, v.value]));
  const netA = (await collect(clientOf(e.emulator).each(vpcEndpoints.listVpcs))).find(
    (v) => v.label === "ep-a",
  );
  const [netB] = await collect(clientOf(b).each(vpcEndpoints.listVpcs));
  expect(out.stackTags).toEqual(["stack-tag"]);
  expect(out.stackVpc).toMatchObject({ id: netA!.id, label: "ep-a" });
  expect(out.aVpc).toEqual(out.stackVpc);
  expect(out.bKeys).toEqual([expect.objectContaining({ id: expect.any(Number), label: "b-key" })]);
  expect(out.bVpc).toMatchObject({
    id: netB!.id,
    label: "ep-b",
    subnets: [{ id: netB!.subnets[0]!.id, label: "app-b", instanceIds: [] }],
  });
  expect(out.missing).toEqual([
    "DataFunctionError: VPC 99999 not found",
    "DataFunctionError: VPC 99999 not found",
  ]);
  const reads = async (emulator: Emulator) =>
    (await readLines(new ControlClient(emulator.controlUrl))).join("\n");
  expect(await reads(e.emulator)).not.toMatch(/^\/profile\/sshkeys /m);
  expect(await reads(b)).toMatch(/^\/profile\/sshkeys 200$/m);
  expect(await reads(b)).not.toMatch(/^\/tags /m);
  await e.stack.preview({ expectNoChanges: true });
  // A refresh reads each object through its own provider, and the state it writes changes nothing.
  await e.stack.refresh({ expectNoChanges: true });
  await e.stack.preview({ expectNoChanges: true });

  const { text, resources } = await exported();
  for (const token of [e.emulator.token, b.token]) expect(text).not.toContain(token);
  const providerOf = (name: string) => resources.find((r) => r.urn.endsWith(`::${name}`))!.provider ?? "";
  // The subnet inherits its parent's provider; the stack's VPC keeps the dynamic provider.
  expect(providerOf("app-b")).toMatch(/::pulumi:providers:compute::b::/);
  expect(providerOf("net-a")).toMatch(/::pulumi:providers:compute::a::/);
  expect(providerOf("net-stack")).toMatch(/::pulumi:providers:pulumi-nodejs::default/);
  const bState = resources.find((r) => r.type === "pulumi:providers:compute" && r.urn.endsWith("::b"))!;
  expect(bState.inputs).toMatchObject({ token: { ciphertext: expect.any(String) } });
});

test("a resource given a provider of its own account, or taken from it, stays the same object", async () => {
  for (const takes of [true, false]) {
    stackVpcTakes = takes;
    await e.control.clearRequests();
    await e.stack.up();
    expect(await e.writes()).toEqual([]);
    const { resources } = await exported();
    const provider = resources.find((r) => r.urn.endsWith("::net-stack"))!.provider;
    expect(provider).toMatch(
      takes ? /::pulumi:providers:compute::a::/ : /::pulumi:providers:pulumi-nodejs::/,
    );
    await e.stack.preview({ expectNoChanges: true });
  }
  expect(await holding(e.emulator)).toEqual(["ep-a/app-a", "ep-stack"]);
});

test("the same account at another address changes no resource", async () => {
  await pointB(b, b.url.replace("127.0.0.1", "localhost"));
  expect(await previewOps()).toEqual({ b: "update" });
  const control = new ControlClient(b.controlUrl);
  await control.clearRequests();
  await e.stack.up();
  expect(await writeLines(control)).toEqual([]);
  expect(await holding(b)).toEqual(["ep-b/app-b"]);
  await e.stack.preview({ expectNoChanges: true });
});

test("an apiUrl that reaches another account replaces the provider's resources there", async () => {
  await pointB(c);
  expect(await previewOps()).toEqual({ b: "replace", "net-b": "replace", "app-b": "replace" });
  await e.stack.up();
  expect(await holding(c)).toEqual(["ep-b/app-b"]);
  expect(await holding(b)).toEqual([]);
  expect(await holding(e.emulator)).toEqual(["ep-a/app-a", "ep-stack"]);
  await e.stack.preview({ expectNoChanges: true });
  expect((await exported()).text).not.toContain(c.token);
});

test("destroy leaves every account empty", async () => {
  await e.stack.destroy();
  expect(await holding(e.emulator)).toEqual([]);
  expect(await holding(b)).toEqual([]);
  expect(await holding(c)).toEqual([]);
});
