/**
 * The journal of creates in flight: an entry is on disk while the POST is out and gone once its
 * outcome is known; the next create of the same resource adopts what an interrupted one made (its
 * label free before the POST, or the one new object since its listing), and nothing without one.
 */
import * as path from "node:path";
import { journalFile, readEntry, writeEntry } from "../../../../src/provider/core/create-journal";
import { createOrAdopt } from "../../../../src/provider/core/create-or-adopt";
import { createByListing } from "../../../../src/provider/core/create-by-listing";
import { makeProvider } from "../../../../src/provider/core/make-provider";
import type { AnySpec } from "../../../../src/provider/core/resource-spec";
import { vpcSpec } from "../../../../src/provider/kinds/vpc";
import { useEmulator } from "../../../support/emulator";
import { useJournalDir } from "../../../support/journal";
import { thrown, useProviderSettings } from "../../../support/provider";

const t = useEmulator();
useProviderSettings(t);

const inputs = { region: "us-iad", label: "net", description: "" };
const journalDir = useJournalDir();
let journal: string;
const lines: string[] = [];
const ctx = () => ({
  wait: { timeoutMs: 1000 },
  log: (line: string) => lines.push(line),
  journal,
  resource: { journalKey: "proj/stack/Vpc/net" },
});
const posts = async () => (await t.control.requests()).filter((r) => r.method === "POST");

beforeEach(() => {
  journal = journalFile(t.emulator.url, "proj/stack/Vpc/net")!;
  lines.length = 0;
});

it("keys entries by API and resource, in the journal directory", () => {
  expect(path.dirname(journal)).toBe(journalDir.dir);
  expect(journalFile(t.emulator.url, "proj/stack/Vpc/other")).not.toBe(journal);
  expect(journalFile("http://elsewhere/v4", "proj/stack/Vpc/net")).not.toBe(journal);
  expect(journalFile(t.emulator.url, undefined)).toBeUndefined();
});

it("holds the entry while the POST is out and the create waits, and drops it once the create returns", async () => {
  let duringPost: unknown;
  let duringWait: unknown;
  const spec = {
    ...vpcSpec,
    create: async (...args: Parameters<typeof vpcSpec.create>) => {
      duringPost = await readEntry(journal);
      return vpcSpec.create(...args);
    },
    settle: async (_client: unknown, record: unknown) => {
      duringWait = await readEntry(journal);
      return record;
    },
  } as AnySpec;
  const { id } = await makeProvider(spec).create(inputs, { journalKey: "proj/stack/Vpc/net" });
  expect(duringPost).toMatchObject({ kind: "Vpc", labelFree: true });
  expect(duringWait).toMatchObject({ kind: "Vpc", made: id });
  expect(await readEntry(journal)).toBeUndefined();
});

it("adopts by its ID what an interrupted create made before its wait, with no POST", async () => {
  const made = await t.client.api.createVpc({ body: inputs });
  await writeEntry(journal, { kind: "Vpc", made: String(made.id) });
  await t.control.clearRequests();
  const { id } = await makeProvider(vpcSpec).create(inputs, { journalKey: "proj/stack/Vpc/net" });
  expect(id).toBe(String(made.id));
  expect(await posts()).toEqual([]);
  expect(await readEntry(journal)).toBeUndefined();
});

it("drops the entry of a create whose object the state holds, at the resource's next diff", async () => {
  const made = await t.client.api.createVpc({ body: inputs });
  const resource = { journalKey: "proj/stack/Vpc/net" };
  const stored = { ...inputs, created: made.created, updated: made.updated };
  // Another object's entry (a replacement's create in flight) stays.
  await writeEntry(journal, { kind: "Vpc", made: String(made.id + 1) });
  await makeProvider(vpcSpec).diff(String(made.id), stored, inputs, resource);
  expect(await readEntry(journal)).toMatchObject({ made: String(made.id + 1) });
  // Settled by a later run (here or on another machine): its entry goes.
  await writeEntry(journal, { kind: "Vpc", made: String(made.id) });
  await makeProvider(vpcSpec).diff(String(made.id), stored, inputs, resource);
  expect(await readEntry(journal)).toBeUndefined();
});

it("passes check for the label an interrupted create of this resource holds", async () => {
  await t.client.api.createVpc({ body: inputs });
  await writeEntry(journal, { kind: "Vpc", labelFree: true });
  const { failures } = await makeProvider(vpcSpec).check({}, inputs, { journalKey: "proj/stack/Vpc/net" });
  expect(failures).toEqual([]);
});

it("adopts, with no POST, what an interrupted create made while the label was free", async () => {
  await writeEntry(journal, { kind: "Vpc", labelFree: true });
  const made = await t.client.api.createVpc({ body: inputs });
  await t.control.clearRequests();
  const found = (await createOrAdopt(vpcSpec, t.client, inputs, ctx())) as { id: number };
  expect(found.id).toBe(made.id);
  expect(await posts()).toEqual([]);
  expect(lines).toEqual([`Vpc ${made.id} (net): an interrupted \`pulumi up\` had created it; adopted`]);
});

it("without an entry, an object holding the label is not this stack's", async () => {
  const made = await t.client.api.createVpc({ body: inputs });
  const err = await thrown(createOrAdopt(vpcSpec, t.client, inputs, ctx()));
  expect(err.message).toMatch(new RegExp(`already exists \\(${made.id}\\) and is not this stack's`));
});

describe("creates found by listing", () => {
  const listed = (made: number[], post = jest.fn(async () => ({ id: 99 }))) => ({
    kind: "InstanceDisk",
    what: "InstanceDisk root on Instance 1",
    list: async () => made.map((id) => ({ id })),
    post,
    matches: () => true,
  });

  it("adopt the one object made since an interrupted create's listing, with no POST", async () => {
    await writeEntry(journal, { kind: "InstanceDisk", before: [1, 2] });
    const create = listed([1, 2, 7]);
    await expect(createByListing(create, ctx())).resolves.toEqual({ id: 7 });
    expect(create.post).not.toHaveBeenCalled();
  });

  it("create when the interrupted create made nothing, keeping their own listing meanwhile", async () => {
    await writeEntry(journal, { kind: "InstanceDisk", before: [1, 2] });
    let during: unknown;
    const create = listed(
      [1, 2],
      jest.fn(async () => {
        during = await readEntry(journal);
        return { id: 3 };
      }),
    );
    await expect(createByListing(create, ctx())).resolves.toEqual({ id: 3 });
    expect(during).toMatchObject({ kind: "InstanceDisk", before: [1, 2] });
  });

  it("name the objects that matched before the POST when no interrupted run is recorded, adopting none", async () => {
    const create = { ...listed([4, 5]), matches: (r: { id: number }) => r.id === 5 };
    await expect(createByListing(create, ctx())).resolves.toEqual({ id: 99 });
    expect(create.post).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([expect.stringMatching(/created 99; 5 matched these inputs already.*left over/)]);
  });

  it("name nothing when nothing matched, or when the journal recognised the interrupted create", async () => {
    await createByListing({ ...listed([4]), matches: () => false }, ctx());
    await writeEntry(journal, { kind: "InstanceDisk", before: [4] });
    await createByListing(listed([4]), ctx());
    expect(lines).toEqual([]);
  });
});
