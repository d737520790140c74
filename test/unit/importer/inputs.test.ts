/**
 * The inputs compute-import declares are those the provider reads back: per kind, after `check` as
 * the engine runs it, the spec's outputs for the record read show no difference; the provider's own
 * read, given those inputs, finds none either; inputs the API never returns are left out.
 */
import { diffInputs } from "../../../src/provider/core/diff";
import { makeProvider } from "../../../src/provider/core/make-provider";
import { declareAccount } from "../../../src/importer/generate";
import type { Declared } from "../../../src/importer/inputs";
import { IMPORT_KINDS, SPECS } from "../../../src/importer/kinds";
import { useEmulator } from "../../support/emulator";
import { checked, pointSettingsAt } from "../../support/provider";
import { SAMPLE_IMAGE, seedSampleAccount, type SampleAccount } from "../../support/sample-account";

const t = useEmulator({ speed: 1000 });

let sample: SampleAccount;
let declared: Declared[];
beforeAll(async () => {
  sample = await seedSampleAccount(t.client, t.control);
  declared = await declareAccount(t.client);
}, 60_000);

const find = (kind: string, id: string | number) =>
  declared.find((d) => d.kind === kind && d.id === String(id))!;

it("declares every object of the account, parents before children, each kind by ID", () => {
  const s = sample;
  expect(declared.map((d) => `${d.kind} ${d.id}`)).toEqual([
    `SshKey ${s.sshKeyId}`,
    `StackScript ${s.stackScriptId}`,
    `Vpc ${s.vpcId}`,
    `Subnet ${s.subnetIds.app}`,
    `Subnet ${s.subnetIds.data}`,
    // The web server's disks and config came with its image: not declared.
    `Instance ${s.webId}`,
    `Instance ${s.dbId}`,
    `InstanceDisk ${s.diskIds.root}`,
    `InstanceDisk ${s.diskIds.swap}`,
    `InstanceConfig ${s.configId}`,
    expect.stringMatching(/^ConfigInterface \d+$/),
    expect.stringMatching(/^ConfigInterface \d+$/),
    `Image ${s.imageId}`,
    `Tag ${s.tag}`,
  ]);
});

describe.each(IMPORT_KINDS)("%s", (kind) => {
  it("declares inputs that pass check and differ in nothing from what the provider reads back", () => {
    const ofKind = declared.filter((d) => d.kind === kind);
    expect(ofKind.length).toBeGreaterThan(0);
    for (const d of ofKind) {
      const { inputs, failures } = checked(SPECS[d.kind], d.inputs);
      expect(failures).toEqual([]);
      const spec = SPECS[kind];
      expect(diffInputs(spec, spec.toOutputs(d.record, inputs), inputs).changed).toEqual([]);
    }
  });
});

it("reads the instances, configs and interfaces in the shape a program would write them", () => {
  const s = sample;
  expect(find("Instance", s.webId).inputs).toEqual({
    region: "us-iad",
    type: "g6-standard-1",
    label: "web-1",
    image: SAMPLE_IMAGE,
    interfaces: [{ purpose: "vpc", primary: true, subnetId: s.subnetIds.app, ipv4: { nat11: "any" } }],
    alerts: expect.any(Object),
  });
  // Empty: its configs decide its power (booted is not read for it).
  expect(find("Instance", s.dbId).inputs).not.toHaveProperty("booted");
  const config = find("InstanceConfig", s.configId).inputs;
  expect(config).toMatchObject({
    computeId: s.dbId,
    label: "boot",
    devices: { sda: s.diskIds.root, sdb: s.diskIds.swap },
    booted: true,
  });
  // Its interfaces are ConfigInterface resources; kernel, root device, ... are the defaults.
  expect(config).not.toHaveProperty("interfaces");
  expect(config).not.toHaveProperty("kernel");
  const interfaces = declared.filter((d) => d.kind === "ConfigInterface").map((d) => d.inputs);
  expect(interfaces).toEqual([
    { computeId: s.dbId, configId: s.configId, purpose: "public", primary: true, position: 0 },
    { computeId: s.dbId, configId: s.configId, purpose: "vpc", subnetId: s.subnetIds.data, position: 1 },
  ]);
  expect(find("Tag", s.tag).inputs).toEqual({ label: s.tag, instances: [s.webId] });
  expect(find("Image", s.imageId).inputs).toEqual({ label: "db-golden", description: "db root" });
});

it("leaves out the inputs the API never returns, and notes them", () => {
  const noted = declared.filter((d) => d.writeOnly);
  expect(noted.map((d) => `${d.kind} ${d.id}`)).toEqual([
    `Instance ${sample.webId}`,
    `Instance ${sample.dbId}`,
    `InstanceDisk ${sample.diskIds.root}`,
    `Image ${sample.imageId}`,
  ]);
  for (const d of noted) {
    const spec = SPECS[d.kind];
    for (const key of d.writeOnly!.inputs) {
      expect(Object.keys(spec.inputs.shape)).toContain(key);
      expect(d.inputs).not.toHaveProperty(key);
      // Not readable: without a program's value the spec's outputs have none.
      expect(spec.toOutputs(d.record, d.props)[key]).toBeUndefined();
    }
  }
});

it("gives the provider's own read, with the program's inputs, nothing to change, and its check no failure", async () => {
  // State is reset before each test: the same account again.
  await seedSampleAccount(t.client, t.control);
  const again = await declareAccount(t.client);
  pointSettingsAt(t);
  for (const d of again) {
    const spec = SPECS[d.kind];
    const provider = makeProvider(spec);
    const { inputs } = checked(SPECS[d.kind], d.inputs);
    const read = await provider.read!(d.id, inputs);
    expect([d.kind, diffInputs(spec, read.props!, inputs).changed]).toEqual([d.kind, []]);
    // As the resource class passes the `import` option: write-only inputs are not required.
    const { failures } = await provider.check({}, d.inputs, { importId: d.id });
    expect([d.kind, failures]).toEqual([d.kind, []]);
  }
}, 60_000);

it("leaves out an image upload still waiting for its data", async () => {
  await t.client.api.uploadImage({ body: { label: "pending", region: "us-iad" } });
  expect(await declareAccount(t.client)).toEqual([]);
});
