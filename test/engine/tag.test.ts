/**
 * Tag through the real engine, with an Instance that declares its own tags (and `ignoreChanges:
 * ["tags"]`, as docs/using-resources.md advises) and an instance made outside the program: up; no-op
 * preview/refresh; instances in place; drift (taken off and deleted out of band); label replaces;
 * bad input at preview with no API write; destroy.
 */
import * as compute from "pulumi-compute";
import { instanceEndpoints } from "../../src/contract";
import { collect } from "../../src/client";
import { tagProgram } from "../../examples/tag";
import { engineStack, type EngineStack } from "./harness";
import { writes } from "../support/writes";

jest.setTimeout(240_000);

interface Shape {
  label: string;
  /** Which instances the tag lists: the program's `web`, the outside one, or both. */
  web: boolean;
  other: boolean;
}

let e: EngineStack;
let otherId: number;

function program(shape: Shape) {
  return async () => {
    const web = new compute.Instance(
      "web",
      { region: "us-iad", type: "g6-standard-1", label: "engine-tag-web", tags: ["web"] },
      { ignoreChanges: ["tags"] },
    );
    const instances = [...(shape.web ? [web.id] : []), ...(shape.other ? [otherId] : [])];
    const { tag } = tagProgram({ name: "tag", label: shape.label, instances });
    return { webId: web.id, tagged: tag.instances };
  };
}

const tagsByLabel = async () =>
  Object.fromEntries(
    (await collect(e.client.each(instanceEndpoints.listInstances))).map((i) => [i.label, i.tags]),
  );
const tagLabels = async () => (await e.client.api.listTags()).data.map((t) => t.label);

beforeAll(async () => {
  e = await engineStack("tag");
  e.emulator.clock.setScale(20);
  const other = await e.client.api.createInstance({
    body: { region: "us-iad", type: "g6-standard-1", label: "engine-tag-other", tags: ["keep"] },
  });
  otherId = other.id;
});
afterAll(async () => {
  await e?.dispose();
});

test("up creates the tag on the listed instance", async () => {
  e.setProgram(program({ label: "prod", web: true, other: false }));
  const result = await e.stack.up();
  expect(result.summary.resourceChanges).toEqual({ create: 3 });
  expect(await tagsByLabel()).toEqual({ "engine-tag-web": ["web", "prod"], "engine-tag-other": ["keep"] });
  expect(result.outputs.tagged!.value).toEqual([Number(result.outputs.webId!.value)]);
});

test("a second preview and a refresh report no changes for the tag", async () => {
  await e.stack.preview({ expectNoChanges: true });
  // The instance's state learns of the tag once (its outputs), then nothing changes.
  await e.stack.refresh();
  const refresh = await e.stack.refresh({ expectNoChanges: true });
  expect(refresh.summary.resourceChanges).toEqual({ same: 3 });
  const preview = await e.stack.preview({ expectNoChanges: true });
  expect(preview.changeSummary).toEqual({ same: 3 });
});

test("instances change in place: added ones get the tag, removed ones lose only it", async () => {
  e.setProgram(program({ label: "prod", web: true, other: true }));
  expect((await e.stack.preview()).changeSummary).toEqual({ same: 2, update: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 2, update: 1 });
  expect(await tagsByLabel()).toEqual({
    "engine-tag-web": ["web", "prod"],
    "engine-tag-other": ["keep", "prod"],
  });
  e.setProgram(program({ label: "prod", web: false, other: true }));
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 2, update: 1 });
  expect(await tagsByLabel()).toEqual({ "engine-tag-web": ["web"], "engine-tag-other": ["keep", "prod"] });
  await e.stack.refresh();
  await e.stack.preview({ expectNoChanges: true });
});

test("a tag taken off out of band shows as drift in refresh, and up gives it back", async () => {
  await e.client.api.updateInstance({ params: { computeId: otherId }, body: { tags: ["keep"] } });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 2, update: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 2, update: 1 });
  expect((await tagsByLabel())["engine-tag-other"]).toEqual(["keep", "prod"]);
  await e.stack.preview({ expectNoChanges: true });
});

test("a tag deleted out of band disappears on refresh, and up creates it again", async () => {
  await e.client.api.deleteTag({ params: { tagLabel: "prod" } });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 2, delete: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 2, create: 1 });
  expect((await tagsByLabel())["engine-tag-other"]).toEqual(["keep", "prod"]);
});

test("a new label replaces the tag", async () => {
  e.setProgram(program({ label: "production", web: false, other: true }));
  expect((await e.stack.preview()).changeSummary).toEqual({ same: 2, replace: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 2, replace: 1 });
  expect((await tagsByLabel())["engine-tag-other"]).toEqual(["keep", "production"]);
  expect(await tagLabels()).toEqual(["keep", "production", "web"]);
});

test("bad input fails at preview naming the property, and nothing is written to the API", async () => {
  await e.control.clearRequests();
  e.setProgram(program({ label: "ab", web: false, other: true }));
  await expect(e.stack.preview()).rejects.toThrow(/label: must be 3\.\.50 characters/s);
  expect(await writes(e.control)).toEqual([]);
  e.setProgram(program({ label: "production", web: false, other: true }));
});

test("destroy takes the tag off and deletes it; the outside instance keeps its own tags", async () => {
  expect((await e.stack.destroy()).summary.resourceChanges).toEqual({ delete: 3 });
  expect(await tagsByLabel()).toEqual({ "engine-tag-other": ["keep"] });
  expect(await tagLabels()).not.toContain("production");
});
