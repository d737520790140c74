/**
 * The `import` option as the provider sees it (the input `importId`): check reads the object and
 * names each input the program says differently; create writes nothing and returns every output;
 * an ID of another kind or another parent is one failure naming `import`; write-only inputs are
 * never compared, and what only a create needs is not required.
 */
import { makeProvider } from "../../../../src/provider/core/make-provider";
import { instanceSpec } from "../../../../src/provider/instance/instance";
import { instanceDiskSpec } from "../../../../src/provider/instance/instance-disk";
import { subnetSpec } from "../../../../src/provider/kinds/subnet";
import { vpcSpec } from "../../../../src/provider/kinds/vpc";
import { deployed, IMAGE, settle } from "../../../support/compute";
import { useEmulator } from "../../../support/emulator";
import { useProviderSettings } from "../../../support/provider";
import { writes } from "../../../support/writes";

const t = useEmulator();
useProviderSettings(t);

const legacy = () =>
  t.client.api.createVpc({
    body: {
      region: "us-iad",
      label: "legacy-net",
      description: "old",
      subnets: [{ label: "app", ipv4: "10.0.1.0/24" }],
    },
  });
const program = { region: "us-iad", label: "legacy-net", description: "old" };

describe("a Vpc imported", () => {
  it("passes check when the program says what the object holds, and create writes nothing", async () => {
    const vpc = await legacy();
    const provider = makeProvider(vpcSpec);
    await t.control.clearRequests();
    const importing = { importId: String(vpc.id) };
    const checked = await provider.check({}, program, importing);
    expect(checked.failures).toEqual([]);
    expect(checked.inputs).toEqual(program);
    const { id, outs } = await provider.create(checked.inputs!, importing);
    expect(id).toBe(String(vpc.id));
    expect(outs).toMatchObject({ ...program, created: vpc.created });
    expect(await writes(t.control)).toEqual([]);
  });

  it("fails check naming each input that differs, with both values", async () => {
    const vpc = await legacy();
    const { failures } = await makeProvider(vpcSpec).check(
      {},
      { region: "us-iad", label: "legacy-net", description: "new" },
      { importId: String(vpc.id) },
    );
    expect(failures).toEqual([
      {
        property: "description",
        reason: `description: the imported Vpc ${vpc.id} holds "old", the program says "new"`,
      },
    ]);
  });

  it("fails create the same way if the object changed after the check, writing nothing", async () => {
    const vpc = await legacy();
    await t.client.api.updateVpc({ params: { vpcId: vpc.id }, body: { description: "changed" } });
    await t.control.clearRequests();
    await expect(makeProvider(vpcSpec).create(program, { importId: String(vpc.id) })).rejects.toThrow(
      `Vpc create: description: the imported Vpc ${vpc.id} holds "changed", the program says "old"`,
    );
    expect(await writes(t.control)).toEqual([]);
  });

  it("fails check naming import for an ID that is no VPC", async () => {
    for (const id of ["999", "abc"]) {
      const { failures } = await makeProvider(vpcSpec).check({}, program, { importId: id });
      expect(failures).toEqual([
        {
          property: "",
          reason: `import: there is no Vpc ${id} to import (an ID of another kind, or of another parent?)`,
        },
      ]);
    }
  });

  it("is ignored once the resource is in the state: a changed input is an update, not a failure", async () => {
    const vpc = await legacy();
    const provider = makeProvider(vpcSpec);
    const { failures } = await provider.check(
      program,
      { ...program, description: "new" },
      { importId: String(vpc.id) },
    );
    expect(failures).toEqual([]);
  });
});

it("a Subnet imported under another VPC fails naming import and the parent", async () => {
  const vpc = await legacy();
  const other = await t.client.api.createVpc({ body: { region: "us-iad", label: "other" } });
  const subnet = vpc.subnets[0]!;
  const provider = makeProvider(subnetSpec);
  const inputs = { label: "app", ipv4: "10.0.1.0/24" };
  const importing = { importId: String(subnet.id) };
  await expect(provider.check({}, { ...inputs, vpcId: String(vpc.id) }, importing)).resolves.toMatchObject({
    failures: [],
  });
  await expect(provider.check({}, { ...inputs, vpcId: String(other.id) }, importing)).resolves.toEqual(
    expect.objectContaining({
      failures: [
        {
          property: "",
          reason: `import: there is no Subnet ${subnet.id} with vpcId ${other.id} to import (an ID of another kind, or of another parent?)`,
        },
      ],
    }),
  );
});

describe("an Instance imported", () => {
  it("needs no rootPass with its image, and never compares write-only inputs", async () => {
    const web = await deployed(t, { label: "legacy-web" });
    const provider = makeProvider(instanceSpec);
    const inputs = { region: "us-iad", type: "g6-standard-1", label: "legacy-web", image: IMAGE };
    const importing = { importId: String(web.id) };
    await expect(provider.check({}, inputs, importing)).resolves.toMatchObject({ failures: [] });
    await expect(
      provider.check({}, { ...inputs, rootPass: "An0ther-secret" }, importing),
    ).resolves.toMatchObject({ failures: [] });
    await expect(provider.check!({}, inputs)).resolves.toMatchObject({
      failures: [{ property: "", reason: expect.stringMatching(/^rootPass: rootPass is required/) }],
    });
  });

  it("needs no rootPass either once it is in the state and the option is removed", async () => {
    const inputs = { region: "us-iad", type: "g6-standard-1", label: "legacy-web", image: IMAGE };
    const olds = { ...inputs };
    await expect(makeProvider(instanceSpec).check!(olds, inputs)).resolves.toMatchObject({ failures: [] });
  });

  it("fails check naming booted when the program says it runs and it is offline", async () => {
    const web = await deployed(t, { label: "legacy-web", booted: false });
    const { failures } = await makeProvider(instanceSpec).check(
      {},
      { region: "us-iad", type: "g6-standard-1", label: "legacy-web", image: IMAGE },
      { importId: String(web.id) },
    );
    expect(failures).toEqual([
      { property: "", reason: `booted: the imported Instance ${web.id} holds false, the program says true` },
    ]);
  });

  it("a disk of it imports with its parent's ID, without its image's password", async () => {
    const web = await deployed(t, { label: "legacy-web" });
    await settle(t);
    const [root] = (await t.client.api.listDisks({ params: { computeId: web.id } })).data;
    const provider = makeProvider(instanceDiskSpec);
    const inputs = {
      computeId: String(web.id),
      label: root!.label,
      size: root!.size,
      filesystem: root!.filesystem,
    };
    const importing = { importId: String(root!.id) };
    const checked = await provider.check({}, inputs, importing);
    expect(checked.failures).toEqual([]);
    await t.control.clearRequests();
    const { id } = await provider.create(checked.inputs!, importing);
    expect(id).toBe(String(root!.id));
    expect(await writes(t.control)).toEqual([]);
  });
});
