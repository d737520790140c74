/**
 * Marks (`stack-marks.ts`): a create's POST marks its object with an HMAC of the resource's identity
 * under the stack's secret, so that any machine adopts what an interrupted create of this resource
 * made, and nothing else; once the create returns the mark is taken off and the outputs never show
 * it. Where marks are made, this machine's journal entry alone adopts nothing.
 */
import { createOrAdopt } from "../../../../src/provider/core/create-or-adopt";
import { createByListing, type ListedCreate } from "../../../../src/provider/core/create-by-listing";
import { journalFile, writeEntry } from "../../../../src/provider/core/create-journal";
import { makeProvider } from "../../../../src/provider/core/make-provider";
import { looksLikeMark, markFor, markOf } from "../../../../src/provider/core/stack-marks";
import { instanceSpec } from "../../../../src/provider/instance/instance";
import { vpcSpec } from "../../../../src/provider/kinds/vpc";
import { useEmulator } from "../../../support/emulator";
import { useJournalDir } from "../../../support/journal";
import { pointSettingsAt, thrown, useProviderSettings } from "../../../support/provider";

const t = useEmulator();
const KEY = "0123456789abcdef0123456789abcdef";
useProviderSettings(t, { "compute:recoveryKey": KEY });
useJournalDir();

const RESOURCE = { journalKey: "proj/stack/Vpc/net" };
const MARK = markOf(KEY, RESOURCE.journalKey);
const inputs = { region: "us-iad", label: "net", description: "the network" };
const lines: string[] = [];
const ctx = () => ({
  wait: { timeoutMs: 1000 },
  log: (line: string) => lines.push(line),
  journal: journalFile(t.emulator.url, RESOURCE.journalKey),
  resource: RESOURCE,
  mark: MARK,
});
const posts = async () => (await t.control.requests()).filter((r) => r.method === "POST");

beforeEach(() => {
  lines.length = 0;
});

it("is the resource's under the stack's secret: the same on every machine, another for another stack or resource", () => {
  expect(MARK).toBe(markOf(KEY, "proj/stack/Vpc/net"));
  expect(looksLikeMark(MARK)).toBe(true);
  expect(markOf("another key", "proj/stack/Vpc/net")).not.toBe(MARK);
  expect(markOf(KEY, "proj/other/Vpc/net")).not.toBe(MARK);
  expect(markFor(vpcSpec, inputs, RESOURCE)).toBe(MARK);
  // No room left in the description, or no identity: no mark.
  expect(markFor(vpcSpec, { ...inputs, description: "x".repeat(220) }, RESOURCE)).toBeUndefined();
  expect(markFor(vpcSpec, inputs, {})).toBeUndefined();
});

it("a create writes the mark in its POST and takes it off once it returns; the outputs never show it", async () => {
  await t.control.clearRequests();
  let posted: unknown;
  const spec = {
    ...vpcSpec,
    create: async (...args: Parameters<typeof vpcSpec.create>) => (posted = await vpcSpec.create(...args)),
  };
  const { id, outs } = await makeProvider(spec).create(inputs, RESOURCE);
  expect((posted as { description: string }).description).toBe(`the network ${MARK}`);
  expect(outs.description).toBe("the network");
  expect((await t.client.api.getVpc({ params: { vpcId: Number(id) } })).description).toBe("the network");
});

it("a Vpc declared without a description is left with none once the create returns", async () => {
  let posted: unknown;
  const spec = {
    ...vpcSpec,
    create: async (...args: Parameters<typeof vpcSpec.create>) => (posted = await vpcSpec.create(...args)),
  };
  const { id, outs } = await makeProvider(spec).create({ region: "us-iad", label: "bare" }, RESOURCE);
  expect((posted as { description: string }).description).toBe(MARK);
  expect(outs.description).toBe("");
  expect((await t.client.api.getVpc({ params: { vpcId: Number(id) } })).description).toBe("");
});

it("with `compute:recoveryMarks` false, a create is its POST alone, and this machine's journal adopts as before marks", async () => {
  pointSettingsAt(t, { "compute:recoveryKey": KEY, "compute:recoveryMarks": "false" });
  expect(markFor(vpcSpec, inputs, RESOURCE)).toBeUndefined();
  await t.control.clearRequests();
  const { id, outs } = await makeProvider(vpcSpec).create(inputs, RESOURCE);
  const writes = (await t.control.requests()).filter((r) => r.method !== "GET");
  expect(writes.map((r) => r.method)).toEqual(["POST"]);
  expect(outs.description).toBe("the network");
  // The object an interrupted create made, known to this machine's journal only, is adopted.
  await t.client.api.deleteVpc({ params: { vpcId: Number(id) } });
  const made = await t.client.api.createVpc({ body: inputs });
  await writeEntry(ctx().journal, { kind: "Vpc", labelFree: true });
  await makeProvider(vpcSpec).check({}, inputs, RESOURCE);
  await t.control.clearRequests();
  const adopted = await makeProvider(vpcSpec).create(inputs, RESOURCE);
  expect(adopted.id).toBe(String(made.id));
  expect(await posts()).toEqual([]);
  pointSettingsAt(t, { "compute:recoveryKey": KEY, "compute:recoveryMarks": "true" });
  expect(markFor(vpcSpec, inputs, RESOURCE)).toBe(MARK);
});

it("adopts, on a machine with no journal, the object holding the label that carries the mark", async () => {
  const made = await t.client.api.createVpc({ body: { ...inputs, description: `the network ${MARK}` } });
  const { failures } = await makeProvider(vpcSpec).check({}, inputs, RESOURCE);
  expect(failures).toEqual([]);
  await t.control.clearRequests();
  const { id, outs } = await makeProvider(vpcSpec).create(inputs, RESOURCE);
  expect(id).toBe(String(made.id));
  expect(outs.description).toBe("the network");
  expect(await posts()).toEqual([]);
});

it("refuses the holder of the label that carries another stack's mark, or none, despite a journal entry", async () => {
  const other = markOf("another stack's key", RESOURCE.journalKey);
  const made = await t.client.api.createVpc({ body: { ...inputs, description: `the network ${other}` } });
  await writeEntry(ctx().journal, { kind: "Vpc", labelFree: true });
  const { failures } = await makeProvider(vpcSpec).check({}, inputs, RESOURCE);
  expect((failures ?? []).map((f) => f.reason)).toEqual([
    expect.stringContaining(`already exists (${made.id}) and is not this stack's`),
  ]);
  const err = await thrown(createOrAdopt(vpcSpec, t.client, inputs, ctx()));
  expect(err.message).toContain(`already exists (${made.id}) and is not this stack's`);
});

it("fails naming a marked object that does not match the inputs", async () => {
  const made = await t.client.api.createVpc({ body: { ...inputs, description: `another network ${MARK}` } });
  const err = await thrown(createOrAdopt(vpcSpec, t.client, inputs, ctx()));
  expect(err.message).toContain(`Vpc ${made.id} was made by this resource's create`);
  expect(err.message).toContain("different description");
});

it("an instance of a user who may not tag is made without the mark, as before marks", async () => {
  const { token } = await t.control.seedUser({
    username: "restricted",
    restricted: true,
    grants: { global: { add_computes: true } },
  });
  pointSettingsAt(t, { "compute:token": token, "compute:recoveryKey": KEY });
  const web = { journalKey: "proj/stack/Instance/web" };
  const { id, outs } = await makeProvider(instanceSpec).create(
    { region: "us-iad", type: "g6-nanode-1", label: "web-r" },
    web,
  );
  expect(outs.tags).toEqual([]);
  expect((await t.client.api.getInstance({ params: { computeId: Number(id) } })).tags).toEqual([]);
});

describe("creates found by listing, with a mark", () => {
  type Rec = { id: number; tags: string[] };
  const listed = (records: Rec[]): ListedCreate<Rec> & { post: jest.Mock } => ({
    kind: "InstanceDisk",
    what: "InstanceDisk root on Instance 1",
    list: async () => records,
    post: jest.fn(async () => ({ id: 99, tags: [] as string[] })),
    matches: () => true,
    carries: (r: { tags: string[] }) => r.tags.includes(MARK),
  });

  it("adopt the one object carrying it, on any machine", async () => {
    const create = listed([
      { id: 1, tags: [] },
      { id: 7, tags: [MARK] },
    ]);
    await expect(createByListing(create, ctx())).resolves.toEqual({ id: 7, tags: [MARK] });
    expect(create.post).not.toHaveBeenCalled();
  });

  it("adopt nothing by a journal's listing alone", async () => {
    await writeEntry(ctx().journal, { kind: "InstanceDisk", before: [1] });
    const create = listed([
      { id: 1, tags: [] },
      { id: 7, tags: [] },
    ]);
    await expect(createByListing(create, ctx())).resolves.toEqual({ id: 99, tags: [] });
  });

  it("fail naming the objects when several carry it, or the one that does not match", async () => {
    const two = listed([
      { id: 3, tags: [MARK] },
      { id: 4, tags: [MARK] },
    ]);
    expect((await thrown(createByListing(two, ctx()))).message).toContain(
      "2 objects carry this resource's mark (3, 4)",
    );
    const differs = { ...listed([{ id: 5, tags: [MARK] }]), matches: () => false };
    expect((await thrown(createByListing(differs, ctx()))).message).toContain(
      "5 carries this resource's mark",
    );
  });
});
