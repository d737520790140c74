/**
 * Every data function through the plugin's Invoke, from Pulumi YAML (`fn::invoke`, the real CLI): with
 * the credentials of the stack's config and of an explicit provider, each result read back as the API
 * has it; a secret argument makes the result secret.
 */
import { readFileSync } from "node:fs";
import { SCHEMA_FILE } from "../../../src/schema/schema-file";
import { publicKeyLine } from "../../support/ssh-keys";
import { yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(180_000);

let p: YamlProject;

const schema = JSON.parse(readFileSync(SCHEMA_FILE, "utf8")) as { functions: Record<string, unknown> };

const resources = {
  net: { type: "compute:index:Vpc", properties: { region: "us-iad", label: "inv-net" } },
  app: {
    type: "compute:index:Subnet",
    properties: { vpcId: "${net.id}", label: "app", ipv4: "10.0.1.0/24" },
  },
  web: {
    type: "compute:index:Instance",
    properties: { region: "us-iad", type: "g6-standard-1", label: "inv-web", tags: ["inv-prod"] },
  },
  key: {
    type: "compute:index:SshKey",
    properties: {
      label: "inv-key",
      sshKey: publicKeyLine("ed25519"),
    },
  },
  setup: {
    type: "compute:index:StackScript",
    properties: { label: "inv-setup", script: "#!/bin/bash\necho hi\n", images: ["compute/debian12"] },
  },
};

/** Each function's arguments, by name: every function of the schema has an entry (checked below). */
const ARGS: Record<string, Record<string, unknown>> = {
  getRegions: { country: "us" },
  getRegion: { id: "us-iad" },
  getRegionAvailability: { region: "us-iad" },
  getKernels: { architecture: "x86_64" },
  getKernel: { id: "compute/grub2" },
  getImages: { isPublic: true },
  getImage: { id: "compute/debian12" },
  getInstanceTypes: { class: "standard" },
  getInstanceType: { id: "g6-standard-1" },
  getProfile: {},
  getGrants: {},
  getStackScripts: { mine: true },
  getStackScript: { id: "${setup.id}" },
  getVpcs: { label: "inv-net" },
  getVpc: { id: "${net.id}" },
  getSubnets: { vpcId: "${net.id}" },
  getSubnet: { vpcId: "${net.id}", id: "${app.id}" },
  getInstances: { tag: "inv-prod" },
  getInstance: { id: "${web.id}" },
  getSshKeys: { label: "inv-key" },
  getSshKey: { id: "${key.id}" },
  getTags: { label: "inv-prod" },
};

/** An output per function: its whole result, through `provider` when one is named. */
const invokes = (provider?: string) =>
  Object.fromEntries(
    Object.entries(ARGS).map(([fn, args]) => [
      fn,
      {
        "fn::invoke": {
          function: `compute:index:${fn}`,
          arguments: args,
          ...(provider && { options: { provider } }),
        },
      },
    ]),
  );

beforeAll(async () => {
  p = await yamlProject("plugin-invokes");
});
afterAll(async () => {
  await p?.dispose();
});

/** What each function's result must hold, read against the API. */
async function expectResults(): Promise<void> {
  const vpc = (await p.client.api.listVpcs()).data[0]!;
  const [instance] = (await p.client.api.listInstances()).data;
  const profile = await p.client.api.getProfile();
  const out = async (fn: string) => (await p.output(fn)) as Record<string, unknown>;
  const listed = async (fn: string, key: string) => ((await out(fn))[key] as { id: unknown }[]).length;
  expect(await out("getProfile")).toMatchObject({ username: profile.username, email: profile.email });
  expect(await out("getGrants")).toMatchObject({ restricted: false });
  // IDs in results are strings, as resources' ids are.
  expect(await out("getVpc")).toMatchObject({ id: String(vpc.id), label: "inv-net" });
  expect(await out("getSubnet")).toMatchObject({ id: String(vpc.subnets[0]!.id), label: "app" });
  expect(await out("getInstance")).toMatchObject({ id: String(instance!.id), label: "inv-web" });
  expect(await out("getRegion")).toMatchObject({ id: "us-iad" });
  expect(await out("getKernel")).toMatchObject({ id: "compute/grub2" });
  expect(await out("getImage")).toMatchObject({ id: "compute/debian12" });
  expect(await out("getInstanceType")).toMatchObject({ id: "g6-standard-1" });
  expect(await out("getStackScript")).toMatchObject({ label: "inv-setup" });
  expect(await out("getSshKey")).toMatchObject({ label: "inv-key" });
  expect(await listed("getVpcs", "vpcs")).toBe(1);
  expect(await listed("getSubnets", "subnets")).toBe(1);
  expect(await listed("getInstances", "instances")).toBe(1);
  expect(await listed("getSshKeys", "sshKeys")).toBe(1);
  expect(await listed("getTags", "tags")).toBe(1);
  expect(await listed("getStackScripts", "stackScripts")).toBe(1);
  expect(await listed("getRegions", "regions")).toBeGreaterThan(0);
  expect(await listed("getRegionAvailability", "availability")).toBeGreaterThan(0);
  expect(await listed("getKernels", "kernels")).toBeGreaterThan(0);
  expect(await listed("getImages", "images")).toBeGreaterThan(0);
  expect(await listed("getInstanceTypes", "types")).toBeGreaterThan(0);
}

test("the table of arguments names every function of the schema", () => {
  expect(Object.keys(ARGS).sort()).toEqual(
    Object.keys(schema.functions)
      .map((token) => token.replace(/^compute:index:/, ""))
      .sort(),
  );
});

test("every function answers with the stack's config as its credentials", async () => {
  p.setProgram(resources, invokes());
  await p.pulumi("up", "--yes");
  await expectResults();
});

test("every function answers through an explicit provider, the stack's config pointing nowhere", async () => {
  await p.pulumi("config", "set", "compute:apiUrl", "http://127.0.0.1:9/v4");
  await p.pulumi("config", "set", "--secret", "compute:token", "not-a-token");
  const account = {
    type: "pulumi:providers:compute",
    properties: { apiUrl: p.emulator.url, token: { "fn::secret": p.emulator.token } },
  };
  const withProvider = Object.fromEntries(
    Object.entries(resources).map(([name, r]) => [name, { ...r, options: { provider: "${account}" } }]),
  );
  p.setProgram({ account, ...withProvider }, invokes("${account}"));
  // The resources move to the explicit provider: same objects, no write.
  await p.control.clearRequests();
  await p.pulumi("up", "--yes");
  expect(await p.writes()).toEqual([]);
  await expectResults();
});

test("a secret argument makes the result secret", async () => {
  const account = {
    type: "pulumi:providers:compute",
    properties: { apiUrl: p.emulator.url, token: { "fn::secret": p.emulator.token } },
  };
  const withProvider = Object.fromEntries(
    Object.entries(resources).map(([name, r]) => [name, { ...r, options: { provider: "${account}" } }]),
  );
  p.setProgram(
    { account, ...withProvider },
    {
      plain: {
        "fn::invoke": {
          function: "compute:index:getVpc",
          arguments: { id: "${net.id}" },
          options: { provider: "${account}" },
        },
      },
      secret: {
        "fn::invoke": {
          function: "compute:index:getVpc",
          arguments: { id: { "fn::secret": "${net.id}" } },
          options: { provider: "${account}" },
        },
      },
    },
  );
  await p.pulumi("up", "--yes");
  const shown = JSON.parse(await p.pulumi("stack", "output", "--json")) as Record<string, unknown>;
  expect(shown.secret).toBe("[secret]");
  expect(shown.plain).toMatchObject({ label: "inv-net" });
  expect(await p.output("secret")).toMatchObject({ label: "inv-net" });
  await p.pulumi("destroy", "--yes");
  expect(await p.resources()).toEqual([]);
});
