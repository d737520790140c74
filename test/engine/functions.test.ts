/**
 * Data functions through the real engine: a program calls every one (both forms for several, an
 * Output form fed by a resource's ID), with the stack's credentials (config `compute:apiUrl` and the
 * secret `compute:token`; no environment variables), and exports the results, which must equal the
 * emulator's records. An unknown ID fails the up with the one-line "not found" message; a wrong
 * argument the program holds secret, with a line that leaves its value out.
 */
import { execFile } from "node:child_process";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { collect } from "../../src/client";
import {
  imageEndpoints,
  instanceEndpoints,
  kernelEndpoints,
  regionEndpoints,
  stackScriptEndpoints,
  typeEndpoints,
  type Subnet,
  type Vpc as VpcRecord,
} from "../../src/contract";
import * as compute from "../../src/functions";
import { Vpc } from "../../src/resources/vpc";
import { camelize } from "../support/camelize";
import { publicKeyLine } from "../support/ssh-keys";
import { engineStack, PASSPHRASE, type EngineStack } from "./harness";

const ROOT = path.resolve(__dirname, "../..");

jest.setTimeout(180_000);

let e: EngineStack;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  // The program must find the credentials in the stack config, not in the environment.
  for (const key of ["COMPUTE_API_URL", "COMPUTE_TOKEN"]) {
    saved[key] = process.env[key];
    delete process.env[key];
  }
  e = await engineStack("functions");
});
afterAll(async () => {
  await e?.dispose();
  for (const [key, value] of Object.entries(saved)) if (value !== undefined) process.env[key] = value;
});

const subnetResult = ({ computes, ipv6: _ipv6, ...s }: Subnet) => ({
  ...(camelize(s) as object),
  instanceIds: computes.map((c) => (typeof c === "number" ? c : c.id)),
});
const vpcResult = ({ subnets, ...v }: VpcRecord) => ({
  ...(camelize(v) as object),
  subnets: subnets.map(subnetResult),
});

test("a program calls every data function and gets the emulator's records", async () => {
  const c = e.client;
  const vpc = await c.api.createVpc({
    body: { label: "data-net", region: "us-iad", subnets: [{ label: "app", ipv4: "10.0.1.0/24" }] },
  });
  const web = await c.api.createInstance({
    body: { label: "web-1", region: "us-iad", type: "g6-nanode-1", tags: ["web"] },
  });
  const key = await c.api.createProfileSshKey({ body: { label: "laptop", ssh_key: publicKeyLine() } });
  const script = await c.api.createStackScript({
    body: { label: "setup-web", images: ["compute/debian12"], script: "#!/bin/bash\necho hi\n" },
  });
  const { image: golden } = await c.api.uploadImage({ body: { label: "golden-1", region: "us-iad" } });

  e.setProgram(async () => {
    const managed = new Vpc("managed", { region: "us-iad", label: "managed-net" });
    const vpcs = await compute.getVpcs({ region: "us-iad" });
    return {
      regions: (await compute.getRegions()).regions,
      vpcRegions: compute.getRegionsOutput({ capability: "VPCs" }).regions,
      region: await compute.getRegion({ id: "fr-par" }),
      regionOut: compute.getRegionOutput({ id: "fr-par" }),
      availability: (await compute.getRegionAvailability({ region: "us-ord" })).availability,
      kernels: (await compute.getKernels()).kernels,
      kernel: await compute.getKernel({ id: "compute/grub2" }),
      images: (await compute.getImages()).images,
      debian: await compute.getImage({ label: "Debian *", isPublic: true }),
      debianOut: compute.getImageOutput({ label: "Debian *", isPublic: true }).id,
      privateImages: compute.getImagesOutput({ isPublic: false }).images,
      image: await compute.getImage({ id: golden.id }),
      types: (await compute.getInstanceTypes()).types,
      bigTypes: (await compute.getInstanceTypes({ minMemory: 16384 })).types.map((t) => t.id),
      type: await compute.getInstanceType({ id: "g6-standard-2" }),
      profile: await compute.getProfile(),
      profileOut: compute.getProfileOutput().username,
      grants: await compute.getGrants(),
      stackScripts: (await compute.getStackScripts({ mine: true })).stackScripts,
      stackScript: await compute.getStackScript({ id: script.id }),
      vpcs: vpcs.vpcs,
      vpc: await compute.getVpc({ id: vpc.id }),
      managedVpc: compute.getVpcOutput({ id: managed.id }),
      subnets: (await compute.getSubnets({ vpcId: vpc.id })).subnets,
      subnet: await compute.getSubnet({ vpcId: vpc.id, id: vpc.subnets[0]!.id }),
      instances: compute.getInstancesOutput({ tag: pulumi.output("web") }).instances,
      instance: await compute.getInstance({ id: web.id }),
      sshKeys: (await compute.getSshKeys()).sshKeys,
      sshKey: await compute.getSshKeyOutput({ id: key.id }),
      tags: (await compute.getTags()).tags,
    };
  });
  const result = await e.stack.up();
  const out = Object.fromEntries(Object.entries(result.outputs).map(([k, v]) => [k, v.value]));

  const regions = await collect(c.each(regionEndpoints.listRegions));
  const fr = camelize(regions.find((r) => r.id === "fr-par"));
  expect(out.regions).toEqual(camelize(regions));
  expect(out.vpcRegions).toEqual(camelize(regions.filter((r) => r.capabilities.includes("VPCs"))));
  expect(out.region).toEqual(fr);
  expect(out.regionOut).toEqual(fr);
  expect(out.availability).toEqual(await c.api.getRegionAvailability({ params: { regionId: "us-ord" } }));
  expect(out.kernels).toEqual(camelize(await collect(c.each(kernelEndpoints.listKernels))));
  expect(out.kernel).toEqual(camelize(await c.api.getKernel({ params: { kernelId: "compute/grub2" } })));
  expect(out.images).toEqual(camelize(await collect(c.each(imageEndpoints.listImages))));
  expect(out.debian).toEqual(camelize(await c.api.getImage({ params: { imageId: "compute/debian12" } })));
  expect(out.debianOut).toBe("compute/debian12");
  expect(out.privateImages).toEqual([camelize(await c.api.getImage({ params: { imageId: golden.id } }))]);
  expect(out.image).toEqual((out.privateImages as unknown[])[0]);
  const types = await collect(c.each(typeEndpoints.listTypes));
  expect(out.types).toEqual(camelize(types));
  expect(out.bigTypes).toEqual(types.filter((t) => t.memory >= 16384).map((t) => t.id));
  expect(out.type).toEqual(camelize(types.find((t) => t.id === "g6-standard-2")));
  const profile = await c.api.getProfile();
  expect(out.profile).toEqual(camelize(profile));
  expect(out.profileOut).toBe(profile.username);
  expect(out.grants).toMatchObject({ restricted: false, global: null, compute: [] });
  expect(out.stackScripts).toEqual(
    camelize(await collect(c.each(stackScriptEndpoints.listStackScripts, { filter: { mine: true } }))),
  );
  expect(out.stackScript).toEqual(
    camelize(await c.api.getStackScript({ params: { stackscriptId: script.id } })),
  );
  const current = await c.api.getVpc({ params: { vpcId: vpc.id } });
  expect(out.vpcs).toEqual([vpcResult(current)]);
  expect(out.vpc).toEqual(vpcResult(current));
  expect(out.managedVpc).toMatchObject({ label: "managed-net", region: "us-iad", subnets: [] });
  expect(out.subnets).toEqual(current.subnets.map(subnetResult));
  expect(out.subnet).toEqual(subnetResult(current.subnets[0]!));
  const instances = await collect(c.each(instanceEndpoints.listInstances));
  expect(out.instances).toEqual(camelize(instances));
  expect(out.instance).toEqual(camelize(instances[0]));
  expect(out.sshKeys).toEqual(camelize([key]));
  expect(out.sshKey).toEqual(camelize(key));
  expect(out.tags).toEqual(["web"]);
});

/**
 * Runs `up` of this stack with a program that calls `getImage` on an unknown ID, in a separate Node
 * process as a user's program runs: the Pulumi runtime reports a program's failure through
 * unhandled rejections, which Jest would count against this file. Answers the up's error message.
 */
function failingUp(form: "promise" | "output" | "secret argument"): Promise<string> {
  const script = `
    const { LocalWorkspace } = require("@pulumi/pulumi/automation");
    const { secret } = require("@pulumi/pulumi");
    const compute = require(process.env.ROOT + "/dist/functions");
    const program = {
      promise: async () => ({ image: (await compute.getImage({ id: "private/12" })).id }),
      output: async () => ({ image: compute.getImageOutput({ id: "private/12" }).id }),
      "secret argument": async () => ({ vpc: compute.getVpcOutput({ id: secret("net-7311") }).id }),
    }[process.env.FORM];
    (async () => {
      const settings = JSON.parse(process.env.SETTINGS);
      const stack = await LocalWorkspace.selectStack({ ...settings.stack, program }, settings.workspace);
      try {
        await stack.up();
        process.stdout.write(JSON.stringify({ ok: true }));
      } catch (err) {
        process.stdout.write(JSON.stringify({ message: err.message }));
      }
    })();
  `;
  const settings = {
    stack: { stackName: e.stack.name, projectName: "compute-functions" },
    workspace: {
      workDir: path.join(e.dir, "project"),
      pulumiHome: path.join(e.dir, "home"),
      envVars: { PULUMI_CONFIG_PASSPHRASE: PASSPHRASE },
    },
  };
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ["-e", script],
      { cwd: ROOT, env: { ...process.env, ROOT, FORM: form, SETTINGS: JSON.stringify(settings) } },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`${err.message}\n${stdout}\n${stderr}`));
        const answer = JSON.parse(stdout) as { ok?: true; message?: string };
        if (answer.ok) return reject(new Error("the up succeeded"));
        resolve(answer.message!);
      },
    );
  });
}

test.each(["promise", "output"] as const)(
  "an unknown ID (%s form) fails the up with one line naming it",
  async (form) => {
    const message = await failingUp(form);
    expect(message).toMatch(/error: image private\/12 not found\n/);
    // The message alone: no stack trace, no "Unhandled exception" wrapper.
    expect(message).not.toMatch(/\n\s+at |Unhandled exception|DataFunctionError/);
  },
);

test("a wrong argument the program holds secret fails the up naming it, without its value", async () => {
  const message = await failingUp("secret argument");
  expect(message).toMatch(/error: id must be an integer ID\n/);
  expect(message).not.toContain("net-7311");
});
