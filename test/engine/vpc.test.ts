/**
 * Vpc (with two Subnets) through the real engine: up, no-op preview/refresh, in-place update, drift,
 * bad input, state secrets, where the state says each resource was declared, destroy.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { vpcEndpoints } from "../../src/contract";
import { collect } from "../../src/client";
import { vpcProgram } from "../../examples/vpc";
import { engineStack, type EngineStack } from "./harness";
import { writes } from "../support/writes";
import { cachedKeys } from "../support/code-cache";

jest.setTimeout(180_000);

interface Shape {
  vpcLabel: string;
  app: { label: string; ipv4: string };
  db: { label: string; ipv4: string };
}

const initial: Shape = {
  vpcLabel: "engine-vpc",
  app: { label: "app", ipv4: "10.0.1.0/24" },
  db: { label: "db", ipv4: "10.0.2.0/24" },
};

/** The example program (examples/vpc.ts) with the test's shape. */
function program(shape: Shape) {
  return async () => {
    const { vpc, subnets } = vpcProgram({
      name: "vpc",
      region: "us-iad",
      label: shape.vpcLabel,
      description: "engine test",
      subnets: [
        { name: "app", ...shape.app },
        { name: "db", ...shape.db },
      ],
    });
    return { vpcId: vpc.id, appId: subnets.app!.id, dbId: subnets.db!.id };
  };
}

let e: EngineStack;
let shape: Shape = structuredClone(initial);
const vpcs = () => collect(e.client.each(vpcEndpoints.listVpcs));

beforeAll(async () => {
  e = await engineStack("vpc");
  // The provider process's temp directory, where it keeps its code cache: this stack's own.
  fs.mkdirSync(path.join(e.dir, "tmp"));
  e.stack.workspace.envVars.TMPDIR = path.join(e.dir, "tmp");
});
afterAll(async () => {
  await e?.dispose();
});

test("up creates a VPC with two subnets", async () => {
  e.setProgram(program(shape));
  const result = await e.stack.up();
  expect(result.summary.resourceChanges).toEqual({ create: 4 });
  const [vpc, ...others] = await vpcs();
  expect(others).toEqual([]);
  expect(vpc).toMatchObject({ label: "engine-vpc", region: "us-iad", description: "engine test" });
  expect(vpc!.subnets.map((s) => [s.label, s.ipv4]).sort()).toEqual([
    ["app", "10.0.1.0/24"],
    ["db", "10.0.2.0/24"],
  ]);
  expect(result.outputs.vpcId!.value).toBe(String(vpc!.id));
});

test("the provider process loads its runtime as one bundle, through a code cache its first run writes", async () => {
  expect(await cachedKeys(path.join(e.dir, "tmp"), "provider/runtime.bundle.js")).toEqual(
    expect.arrayContaining(["Vpc.check.new", "Vpc.create", "Subnet.check.new", "Subnet.create"]),
  );
});

test("a second preview and a refresh both report no changes", async () => {
  const preview = await e.stack.preview({ expectNoChanges: true });
  expect(preview.changeSummary).toEqual({ same: 4 });
  const refresh = await e.stack.refresh({ expectNoChanges: true });
  expect(refresh.summary.resourceChanges).toEqual({ same: 4 });
});

test("a label edit is one in-place update", async () => {
  const [before] = await vpcs();
  shape = { ...shape, vpcLabel: "engine-vpc-2" };
  e.setProgram(program(shape));
  const preview = await e.stack.preview();
  expect(preview.changeSummary).toEqual({ same: 3, update: 1 });
  const result = await e.stack.up();
  expect(result.summary.resourceChanges).toEqual({ same: 3, update: 1 });
  const [after] = await vpcs();
  expect(after).toMatchObject({ id: before!.id, label: "engine-vpc-2" });
});

test("a label changed out of band shows as drift in refresh, and up puts it back", async () => {
  const [vpc] = await vpcs();
  await e.client.api.updateVpc({ params: { vpcId: vpc!.id }, body: { label: "changed-by-hand" } });
  const refresh = await e.stack.refresh();
  expect(refresh.summary.resourceChanges).toEqual({ same: 3, update: 1 });
  const up = await e.stack.up();
  expect(up.summary.resourceChanges).toEqual({ same: 3, update: 1 });
  expect((await vpcs())[0]!.label).toBe("engine-vpc-2");
  await e.stack.preview({ expectNoChanges: true });
});

test("a bad label fails at preview naming the field, and nothing is written to the API", async () => {
  await e.control.clearRequests();
  e.setProgram(program({ ...shape, vpcLabel: "not a valid label!" }));
  await expect(e.stack.preview()).rejects.toThrow(
    /label.*Label must include only ASCII letters, numbers, and dashes/s,
  );
  await expect(e.stack.up()).rejects.toThrow(
    /label.*Label must include only ASCII letters, numbers, and dashes/s,
  );
  expect(await writes(e.control)).toEqual([]);
  expect((await vpcs())[0]!.label).toBe("engine-vpc-2");
  e.setProgram(program(shape));
});

test("the state on disk holds the token only encrypted, and a small serialized provider", async () => {
  const files = (fs.readdirSync(path.join(e.dir, "state"), { recursive: true }) as string[])
    .map((f) => path.join(e.dir, "state", f))
    .filter((f) => f.endsWith(".json") && fs.statSync(f).isFile());
  expect(files.length).toBeGreaterThan(0);
  const checkpoint = files.find((f) => f.endsWith(`${path.sep}test.json`))!;
  const text = fs.readFileSync(checkpoint, "utf8");
  expect(text.includes(e.emulator.token)).toBe(false);
  expect(text).toMatch(
    /"compute:token":\{"4dabf18193072939515e22adb298388d":"1b47061264138c4ac30d75fd1eb44270","ciphertext"/,
  );
  for (const file of files) expect(fs.readFileSync(file, "utf8").includes(e.emulator.token)).toBe(false);

  // (exportStack decrypts secrets, so it is only used for the provider's size.)
  const resources = (await e.stack.exportStack()).deployment.resources as {
    type: string;
    inputs?: Record<string, unknown>;
    outputs?: Record<string, unknown>;
  }[];
  const dynamic = resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/compute:"));
  expect(dynamic).toHaveLength(3);
  for (const r of dynamic) {
    // The runtime's name, the kind and the resource's context (its `project/stack/Kind/name`): no code.
    expect(String(r.outputs!.__provider).length).toBeLessThan(200);
    expect(String(r.inputs!.__provider)).toMatch(
      /^exports\.handler = \(\) => require\("pulumi-compute\/provider-runtime"\)\.shim\("\w+", \{"journalKey":"[^"]+"\}\);\n$/,
    );
  }
});

test("the state points each resource at the program line that declares it, not into the package", async () => {
  const resources = (await e.stack.exportStack()).deployment.resources as {
    type: string;
    sourcePosition?: string;
    stackTrace?: { sourcePosition?: string }[];
  }[];
  const dynamic = resources.filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/compute:"));
  expect(dynamic).toHaveLength(3);
  // The VPC is declared in a named function of examples/vpc.ts; the subnets in an arrow function
  // there, whose frame Pulumi cannot name, so only their stack trace shows the line.
  const vpc = dynamic.find((r) => r.type.endsWith(":Vpc"))!;
  expect(vpc.sourcePosition).toMatch(/examples\/vpc\.ts#\d+,\d+$/);
  for (const r of dynamic) {
    const positions = [r.sourcePosition, ...(r.stackTrace ?? []).map((f) => f.sourcePosition)];
    expect(positions.filter((p) => p?.includes("/resources/"))).toEqual([]);
    expect(positions.some((p) => p?.includes("examples/vpc.ts"))).toBe(true);
  }
});

/** What versions before the one-line provider module wrote: a serialized closure per kind. */
function olderProvider(kind: string): string {
  const method = (n: number, name: string, args: string, call: string) => `
function __f${n}(${args
    .split(", ")
    .map((_, i) => `__${i}`)
    .join(", ")}) {
  return (function() {
    with({ kind: ${JSON.stringify(kind)}, this: undefined, arguments: undefined }) {

return async function /*${name}*/(${args}) {
            return require("pulumi-compute/provider-runtime").${call};
        };

    }
  }).apply(undefined, undefined).apply(this, arguments);
}
`;
  const methods = [
    ["check", "olds, news", "provider(kind).check(olds, news)"],
    ["diff", "id, olds, news", "provider(kind).diff(id, olds, news)"],
    ["create", "inputs", "provider(kind).create(inputs)"],
    ["read", "id, props", "provider(kind).read(id, props)"],
    ["update", "id, olds, news", "provider(kind).update(id, olds, news)"],
    ["delete", "id, props", "provider(kind).delete(id, props)"],
  ];
  return `exports.handler = __f0;

var __provider = {configure: __f1, ${methods.map(([name], i) => `${name}: __f${i + 2}`).join(", ")}};
${method(1, "configure", "req", "configure(req)")}${methods
    .map(([name, args, call], i) => method(i + 2, name!, args!, call!))
    .join("")}
function __f0() {
  return (function() {
    with({ provider: __provider, this: undefined, arguments: undefined }) {

return () => provider;

    }
  }).apply(undefined, undefined).apply(this, arguments);
}
`;
}

test("state an older version wrote (a serialized closure as the provider) refreshes and previews clean", async () => {
  const exported = await e.stack.exportStack();
  const resources = exported.deployment.resources as {
    type: string;
    inputs?: Record<string, unknown>;
    outputs?: Record<string, unknown>;
  }[];
  for (const r of resources) {
    const kind = /^pulumi-nodejs:dynamic\/compute:(\w+)$/.exec(r.type)?.[1];
    if (!kind) continue;
    r.inputs!.__provider = olderProvider(kind);
    r.outputs!.__provider = olderProvider(kind);
  }
  await e.stack.importStack(exported);
  await e.control.clearRequests();
  // Refresh reads through the state's provider (the older text); the preview diffs with the new one.
  expect((await e.stack.refresh({ expectNoChanges: true })).summary.resourceChanges).toEqual({ same: 4 });
  expect((await e.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 4 });
  expect(await writes(e.control)).toEqual([]);
});

test("destroy leaves the emulator with no VPCs", async () => {
  const result = await e.stack.destroy();
  expect(result.summary.resourceChanges).toEqual({ delete: 4 });
  expect(await vpcs()).toEqual([]);
});
