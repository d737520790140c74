/**
 * StackScript through the real engine: up; no-op preview/refresh; label, script and images in place
 * (the API re-parses the user-defined fields); drift (changed and deleted out of band); bad input at
 * preview with no API write; private → public in place and public → private refused at preview;
 * removing a private one deletes it; destroy refuses a public one (the API never deletes it) until
 * `retainOnDelete` leaves it.
 */
import { collect } from "../../src/client";
import { stackScriptEndpoints, type StackScript } from "../../src/contract";
import { stackScriptProgram, type StackScriptShape } from "../../examples/stack-script";
import { engineStack, type EngineStack } from "./harness";
import { writes } from "../support/writes";

jest.setTimeout(240_000);

const SCRIPT = '#!/bin/bash\n# <UDF name="site" label="Site name" example="example.com"/>\necho "$SITE"\n';
let setup: StackScriptShape = {
  name: "setup",
  label: "engine-setup",
  script: SCRIPT,
  images: ["compute/debian12"],
  description: "engine test",
};
const other: StackScriptShape = {
  name: "other",
  label: "engine-other",
  script: "#!/bin/sh\n",
  images: ["any/all"],
};

function program(...shapes: StackScriptShape[]) {
  return async () =>
    Object.fromEntries(
      shapes.map((shape) => {
        const { stackScript } = stackScriptProgram(shape);
        return [shape.name, { id: stackScript.id, udfs: stackScript.userDefinedFields }];
      }),
    );
}

let e: EngineStack;
const scripts = () =>
  collect(e.client.each(stackScriptEndpoints.listStackScripts, { filter: { mine: true } }));
const labelled = async (label: string): Promise<StackScript> => {
  const found = (await scripts()).filter((s) => s.label === label);
  expect(found).toHaveLength(1);
  return found[0]!;
};

beforeAll(async () => {
  e = await engineStack("stack-script");
});
afterAll(async () => {
  await e?.dispose();
});

test("up creates the StackScripts, with the fields the API parses from the script", async () => {
  e.setProgram(program(setup, other));
  const result = await e.stack.up();
  expect(result.summary.resourceChanges).toEqual({ create: 3 });
  const made = await labelled("engine-setup");
  expect(made).toMatchObject({ script: SCRIPT, images: ["compute/debian12"], is_public: false });
  expect(result.outputs.setup!.value).toEqual({
    id: String(made.id),
    udfs: [{ name: "site", label: "Site name", example: "example.com" }],
  });
  expect(await scripts()).toHaveLength(2);
});

test("a second preview and a refresh both report no changes", async () => {
  const preview = await e.stack.preview({ expectNoChanges: true });
  expect(preview.changeSummary).toEqual({ same: 3 });
  const refresh = await e.stack.refresh({ expectNoChanges: true });
  expect(refresh.summary.resourceChanges).toEqual({ same: 3 });
});

test("label, script, images and revNote change in one in-place update", async () => {
  const before = await labelled("engine-setup");
  const script = '#!/bin/bash\n# <UDF name="port" label="Port" default="80"/>\n';
  setup = {
    ...setup,
    label: "engine-setup-2",
    script,
    images: ["compute/debian12", "any/all"],
    revNote: "v2",
  };
  e.setProgram(program(setup, other));
  expect((await e.stack.preview()).changeSummary).toEqual({ same: 2, update: 1 });
  const result = await e.stack.up();
  expect(result.summary.resourceChanges).toEqual({ same: 2, update: 1 });
  const after = await labelled("engine-setup-2");
  expect(after).toMatchObject({ id: before.id, script, rev_note: "v2" });
  expect(result.outputs.setup!.value.udfs).toEqual([
    { name: "port", label: "Port", example: "", default: "80" },
  ]);
  await e.stack.preview({ expectNoChanges: true });
});

test("a change out of band shows as drift in refresh, and up puts it back", async () => {
  const { id } = await labelled("engine-setup-2");
  await e.client.api.updateStackScript({
    params: { stackscriptId: id },
    body: { label: "changed-by-hand", description: "by hand" },
  });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 2, update: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 2, update: 1 });
  expect(await labelled("engine-setup-2")).toMatchObject({ id, description: "engine test" });
  await e.stack.preview({ expectNoChanges: true });
});

test("a StackScript deleted out of band disappears on refresh, and up creates it again", async () => {
  const { id } = await labelled("engine-other");
  await e.client.api.deleteStackScript({ params: { stackscriptId: id } });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 2, delete: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 2, create: 1 });
  expect((await labelled("engine-other")).id).not.toBe(id);
});

test("bad input fails at preview naming the property, and nothing is written to the API", async () => {
  await e.control.clearRequests();
  e.setProgram(program({ ...setup, label: "ab", images: [] }, other));
  await expect(e.stack.preview()).rejects.toThrow(/label: must be 3\.\.128 characters/s);
  await expect(e.stack.up()).rejects.toThrow(/images: must list at least one image/s);
  expect(await writes(e.control)).toEqual([]);
  e.setProgram(program(setup, other));
});

test("isPublic goes from false to true in place, and back to false is refused at preview", async () => {
  const { id } = await labelled("engine-setup-2");
  setup = { ...setup, isPublic: true };
  e.setProgram(program(setup, other));
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 2, update: 1 });
  expect(await labelled("engine-setup-2")).toMatchObject({ id, is_public: true });

  await e.control.clearRequests();
  e.setProgram(program({ ...setup, isPublic: false }, other));
  await expect(e.stack.preview()).rejects.toThrow(
    /isPublic.*the API cannot make a public StackScript private/s,
  );
  expect(await writes(e.control)).toEqual([]);
  e.setProgram(program(setup, other));
  await e.stack.preview({ expectNoChanges: true });
});

test("removing a private StackScript from the program deletes it", async () => {
  e.setProgram(program(setup));
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 2, delete: 1 });
  expect((await scripts()).map((s) => s.label)).toEqual(["engine-setup-2"]);
});

test("destroy refuses a public StackScript, saying how to leave it; with retainOnDelete it stays", async () => {
  await expect(e.stack.destroy()).rejects.toThrow(
    /StackScript \d+ \(engine-setup-2\) is public, and the API never deletes a public StackScript.*retainOnDelete: true/s,
  );
  expect(await scripts()).toHaveLength(1);

  setup = { ...setup, opts: { retainOnDelete: true } };
  e.setProgram(program(setup));
  await e.stack.up();
  await e.control.clearRequests();
  expect((await e.stack.destroy()).summary.resourceChanges).toEqual({ delete: 2 });
  expect(await writes(e.control)).toEqual([]);
  expect(await labelled("engine-setup-2")).toMatchObject({ is_public: true });
});
