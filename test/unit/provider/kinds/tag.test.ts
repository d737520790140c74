/**
 * Tag: check (label, instance IDs normalised), diff (label replaces, instances in place), outputs,
 * attach and detach of only the listed instances, delete that leaves the tag where other instances
 * carry it, a create whose answer is lost.
 */
import { diffInputs } from "../../../../src/provider/core/diff";
import { makeProvider } from "../../../../src/provider/core/make-provider";
import { instanceSpec } from "../../../../src/provider/instance/instance";
import { tagSpec } from "../../../../src/provider/kinds/tag";
import { empty } from "../../../support/compute";
import { useEmulator } from "../../../support/emulator";
import {
  expectOutputsRoundTrip,
  providerFor,
  useLogLines,
  useProviderSettings,
} from "../../../support/provider";
import { writeLines } from "../../../support/writes";

const t = useEmulator();
useProviderSettings(t);

const { provider, create } = providerFor(tagSpec, { check: "provider" });
useLogLines();

const tagsOf = async (computeId: number) => (await t.client.api.getInstance({ params: { computeId } })).tags;
const labels = async () => (await t.client.api.listTags()).data.map((tag) => tag.label);

describe("check", () => {
  it("names the failing properties", async () => {
    const { failures } = await provider.check!({}, { label: "ab", instances: ["x"] });
    expect(failures).toEqual([
      { property: "label", reason: "label: must be 3..50 characters" },
      { property: "instances", reason: 'instances[0]: instance must be an integer ID (got "x")' },
    ]);
  });

  it("takes instance IDs as strings or numbers, each once, in order", async () => {
    const { inputs } = await provider.check!({}, { label: "prod", instances: ["12", 3, 12] });
    expect(inputs).toEqual({ label: "prod", instances: [3, 12] });
    expect((await provider.check!({}, { label: "prod" })).inputs).toEqual({ label: "prod" });
  });
});

describe("diff", () => {
  const olds = { label: "prod", instances: [1], schemaVersion: 1 };
  it("replaces on label, and changes instances in place", () => {
    expect(diffInputs(tagSpec, olds, { label: "prod", instances: [1] })).toMatchObject({ changes: false });
    expect(diffInputs(tagSpec, olds, { label: "prod-2", instances: [1] })).toMatchObject({
      replaces: ["label"],
      deleteBeforeReplace: false,
    });
    expect(diffInputs(tagSpec, olds, { label: "prod", instances: [1, 2] })).toMatchObject({
      changes: true,
      replaces: [],
    });
  });
});

describe("outputs", () => {
  it("are the inputs, the same from create and read", async () => {
    const a = await empty(t);
    await expectOutputsRoundTrip(tagSpec, { label: "prod", instances: [a.id] });
  });

  it("list only the listed instances that carry the tag", async () => {
    const [a, b] = [await empty(t), await empty(t, { tags: ["prod"] })];
    const { id, outs } = await create({ label: "prod", instances: [a.id] });
    expect(outs.instances).toEqual([a.id]);
    await t.client.api.updateInstance({ params: { computeId: a.id }, body: { tags: [] } });
    expect((await provider.read!(id, outs)).props).toMatchObject({ instances: [] });
    expect(await tagsOf(b.id)).toEqual(["prod"]);
  });
});

describe("update", () => {
  it("attaches added instances and detaches removed ones, leaving others and other tags alone", async () => {
    const [a, b, c] = [await empty(t, { tags: ["web"] }), await empty(t), await empty(t, { tags: ["prod"] })];
    const { id, outs, inputs } = await create({ label: "prod", instances: [a.id] });
    expect(await tagsOf(a.id)).toEqual(["web", "prod"]);
    await t.control.clearRequests();
    const { outs: after } = await provider.update!(id, outs, { ...inputs, instances: [b.id] });
    expect(after).toMatchObject({ label: "prod", instances: [b.id] });
    expect(await writeLines(t.control)).toEqual(["POST /tags", `PUT /compute/instances/${a.id}`]);
    expect(await tagsOf(a.id)).toEqual(["web"]);
    expect(await tagsOf(b.id)).toEqual(["prod"]);
    expect(await tagsOf(c.id)).toEqual(["prod"]);
  });
});

describe("delete", () => {
  it("takes the tag off its instances and deletes it", async () => {
    const a = await empty(t, { tags: ["web"] });
    const { id, outs } = await create({ label: "prod", instances: [a.id] });
    await provider.delete!(id, outs);
    expect(await tagsOf(a.id)).toEqual(["web"]);
    expect(await labels()).toEqual(["web"]);
    await provider.delete!(id, outs);
  });

  it("leaves the tag on instances that carry it another way", async () => {
    const [a, b] = [await empty(t), await empty(t, { tags: ["prod"] })];
    const { id, outs } = await create({ label: "prod", instances: [a.id] });
    await provider.delete!(id, outs);
    expect(await tagsOf(a.id)).toEqual([]);
    expect(await tagsOf(b.id)).toEqual(["prod"]);
  });
});

describe("a create whose answer is lost", () => {
  it("is sent again: giving a tag twice changes nothing more", async () => {
    const a = await empty(t);
    await t.control.injectFault({ status: 502, lost: true, method: "POST", path: "/tags" });
    const { id, outs } = await create({ label: "prod", instances: [a.id] });
    expect(id).toBe("prod");
    expect(outs.instances).toEqual([a.id]);
    expect(await tagsOf(a.id)).toEqual(["prod"]);
  });
});

describe("one owner per label", () => {
  const instanceProvider = makeProvider(instanceSpec);

  it("fails a Tag listing an instance whose Instance declares the label in its own tags, naming both", async () => {
    const instance = await empty(t);
    const declared = { region: "us-iad", type: "g6-standard-1" };
    const web = { journalKey: "p/s/Instance/web" };
    await instanceProvider.diff(
      String(instance.id),
      { ...declared, status: "offline" },
      {
        ...declared,
        tags: ["prod"],
      },
      web,
    );
    const { failures } = await provider.check!({}, { label: "prod", instances: [instance.id] });
    expect(failures).toEqual([
      {
        property: "instances",
        reason:
          `instances: Instance web (${instance.id}) declares the tag prod in its own tags too: ` +
          "declare it in one place (drop it from web's tags, or web from this Tag)",
      },
    ]);
    // A Tag that already listed the instance: an Instance's tags read back by a refresh (with
    // `ignoreChanges: ["tags"]`) are no new claim; a label its program newly declares is.
    const listing = { label: "prod", instances: [instance.id] };
    expect((await provider.check!(listing, listing)).failures).toEqual([]);
    const tagged = { ...declared, tags: ["prod"] };
    expect((await instanceProvider.check({ ...declared, tags: [] }, tagged, web)).failures).toEqual([]);
    expect((await provider.check!(listing, listing)).failures).toHaveLength(1);
    // Another label, or the Instance no longer declaring tags: one owner.
    expect((await provider.check!({}, { label: "other", instances: [instance.id] })).failures).toEqual([]);
    await instanceProvider.diff!(String(instance.id), { ...declared, status: "offline" }, declared);
    expect((await provider.check!({}, { label: "prod", instances: [instance.id] })).failures).toEqual([]);
  });
});
