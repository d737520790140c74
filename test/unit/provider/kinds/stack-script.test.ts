/**
 * StackScript: check (fields named, public never back to private), diff (everything in place),
 * outputs with what the API computes, a lost create adopted by listing, delete of a public one
 * explained. (A create refused before the API acted, delete of a private one:
 * shared-stories.test.ts.)
 */
import { diffInputs } from "../../../../src/provider/core/diff";
import { stackScriptSpec } from "../../../../src/provider/kinds/stack-script";
import { useEmulator } from "../../../support/emulator";
import {
  expectOutputsRoundTrip,
  providerFor,
  thrown,
  useLogLines,
  useProviderSettings,
} from "../../../support/provider";
import { writeLines } from "../../../support/writes";

const t = useEmulator();
useProviderSettings(t);

const { provider, create } = providerFor(stackScriptSpec, { check: "provider" });
const logged = useLogLines();

const SCRIPT = '#!/bin/bash\n# <UDF name="site" label="Site name" example="example.com" default="a.test"/>\n';
const base = { label: "setup", script: SCRIPT, images: ["compute/debian12"] };
const own = async () => (await t.client.api.listStackScripts()).data;

describe("check", () => {
  it("names the failing properties with the contract's reasons", async () => {
    const { failures } = await provider.check!({}, { label: "ab", script: "", images: [] });
    expect(failures).toEqual([
      { property: "label", reason: "label: must be 3..128 characters" },
      { property: "script", reason: "script: must not be empty" },
      { property: "images", reason: "images: must list at least one image" },
    ]);
  });

  it("returns only what the program declared: the engine stores no defaults", async () => {
    expect((await provider.check!({}, base)).inputs).toEqual(base);
  });

  it("allows private to public, and refuses public back to private naming isPublic", async () => {
    const olds = { ...base, description: "", revNote: "", isPublic: false };
    expect((await provider.check!(olds, { ...base, isPublic: true })).failures).toEqual([]);
    const back = await provider.check!({ ...olds, isPublic: true }, { ...base, isPublic: false });
    expect(back.failures).toEqual([
      {
        property: "isPublic",
        reason: expect.stringMatching(/^isPublic: .*cannot make a public StackScript private/),
      },
    ]);
    // Left out is false too.
    expect((await provider.check!({ ...olds, isPublic: true }, base)).failures).toHaveLength(1);
  });
});

describe("diff", () => {
  const olds = { ...base, description: "", revNote: "", isPublic: false, username: "u", schemaVersion: 1 };

  it("reports no change for the same inputs, ignoring computed outputs", () => {
    expect(diffInputs(stackScriptSpec, olds, base)).toMatchObject({ changes: false });
  });

  it("updates every field in place", () => {
    const news = {
      label: "setup-2",
      script: "#!/bin/sh\n",
      images: ["any/all"],
      description: "d",
      revNote: "r",
      isPublic: true,
    };
    expect(diffInputs(stackScriptSpec, olds, news)).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      changed: ["label", "script", "images", "description", "revNote", "isPublic"],
    });
  });
});

describe("outputs", () => {
  it("are the inputs and what the API computes, the same from create and read", async () => {
    const { outs } = await expectOutputsRoundTrip(stackScriptSpec, {
      ...base,
      description: "d",
      revNote: "first",
      isPublic: false,
    });
    expect(outs).toMatchObject({
      userDefinedFields: [{ name: "site", label: "Site name", example: "example.com", default: "a.test" }],
      deploymentsTotal: 0,
      deploymentsActive: 0,
      username: expect.any(String),
      created: expect.any(String),
    });
  });
});

describe("update", () => {
  it("sends one PUT and makes a private StackScript public", async () => {
    const { id, outs, inputs } = await create(base);
    await t.control.clearRequests();
    const { outs: after } = await provider.update!(id, outs, { ...inputs, label: "setup-2", isPublic: true });
    expect(after).toMatchObject({ label: "setup-2", isPublic: true });
    expect(await writeLines(t.control)).toEqual([`PUT /compute/stackscripts/${id}`]);
  });
});

describe("a create whose answer is lost", () => {
  it("adopts the one new StackScript, not an older one with the same label and script", async () => {
    const older = await t.client.api.createStackScript({
      body: { label: base.label, script: SCRIPT, images: base.images },
    });
    await t.control.injectFault({ status: 502, lost: true, method: "POST", path: "/compute/stackscripts" });
    const { id } = await create(base);
    expect(id).not.toBe(String(older.id));
    expect(await own()).toHaveLength(2);
    expect(logged).toContain(
      `StackScript setup: the create's answer was lost, but the API had created it (${id}); adopted`,
    );
  });
});

describe("delete", () => {
  it("explains that a public StackScript stays, and how to leave it with retainOnDelete", async () => {
    const { id, outs } = await create({ ...base, isPublic: true });
    const err = await thrown(provider.delete!(id, outs));
    expect(err.message).toMatch(
      new RegExp(`^StackScript delete: StackScript ${id} \\(setup\\) is public, and the API never deletes`),
    );
    expect(err.message).toMatch(/retainOnDelete: true/);
    expect(await own()).toHaveLength(1);
  });
});
