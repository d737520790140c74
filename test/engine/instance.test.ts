/**
 * Instance through the real engine: up waits until it runs; no-op preview/refresh; label, booted and
 * rootPass in place; drift; bad input at preview; a wait that times out keeps the ID and the next up
 * converges; no rootPass in plaintext in the state; destroy.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { collect } from "../../src/client";
import { instanceEndpoints, type Instance } from "../../src/contract";
import { instanceProgram, type InstanceShape } from "../../examples/instance";
import { IMAGE, ROOT_PASS } from "../support/compute";
import { engineStack, type EngineStack } from "./harness";
import { writes } from "../support/writes";

jest.setTimeout(180_000);

const NEW_PASS = "An0ther-secret";
const web: InstanceShape = {
  name: "web",
  region: "us-iad",
  type: "g6-standard-1",
  label: "engine-web",
  image: IMAGE,
  rootPass: ROOT_PASS,
  tags: ["engine"],
};
const slow: InstanceShape = { ...web, name: "slow", label: "engine-slow" };

/** The example program (examples/instance.ts) with the test's shapes. */
function program(...shapes: InstanceShape[]) {
  return async () =>
    Object.fromEntries(shapes.map((shape) => [`${shape.name}Id`, instanceProgram(shape).instance.id]));
}

let e: EngineStack;
const instances = () => collect(e.client.each(instanceEndpoints.listInstances));
const labelled = async (label: string): Promise<Instance> => {
  const found = (await instances()).filter((i) => i.label === label);
  expect(found).toHaveLength(1);
  return found[0]!;
};
const stateFiles = () =>
  (fs.readdirSync(path.join(e.dir, "state"), { recursive: true }) as string[])
    .map((f) => path.join(e.dir, "state", f))
    .filter((f) => fs.statSync(f).isFile());

beforeAll(async () => {
  e = await engineStack("instance");
  // Lifecycles run 20 times faster: a create's 4 s take 0.2 s, a boot's 3 s 0.15 s.
  e.emulator.clock.setScale(20);
});
afterAll(async () => {
  await e?.dispose();
});

test("up creates an instance from an image and returns once it runs", async () => {
  e.setProgram(program(web));
  const result = await e.stack.up();
  expect(result.summary.resourceChanges).toEqual({ create: 2 });
  const [instance, ...others] = await instances();
  expect(others).toEqual([]);
  expect(instance).toMatchObject({
    label: "engine-web",
    status: "running",
    image: IMAGE,
    tags: ["engine"],
  });
  expect(result.outputs.webId!.value).toBe(String(instance!.id));
});

test("a second preview and a refresh both report no changes", async () => {
  const preview = await e.stack.preview({ expectNoChanges: true });
  expect(preview.changeSummary).toEqual({ same: 2 });
  const refresh = await e.stack.refresh({ expectNoChanges: true });
  expect(refresh.summary.resourceChanges).toEqual({ same: 2 });
});

test("a label edit is an in-place update", async () => {
  const before = await labelled("engine-web");
  web.label = "engine-web-2";
  e.setProgram(program(web));
  expect((await e.stack.preview()).changeSummary).toEqual({ same: 1, update: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 1, update: 1 });
  expect((await labelled("engine-web-2")).id).toBe(before.id);
});

test("booted: false shuts the instance down in place, and true boots it again", async () => {
  const { id } = await labelled("engine-web-2");
  e.setProgram(program({ ...web, booted: false }));
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 1, update: 1 });
  expect(await labelled("engine-web-2")).toMatchObject({ id, status: "offline" });
  e.setProgram(program({ ...web, booted: true }));
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 1, update: 1 });
  expect(await labelled("engine-web-2")).toMatchObject({ id, status: "running" });
});

test("a rootPass change is reset in place, not a replacement", async () => {
  const { id } = await labelled("engine-web-2");
  web.rootPass = NEW_PASS;
  e.setProgram(program(web));
  expect((await e.stack.preview()).changeSummary).toEqual({ same: 1, update: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 1, update: 1 });
  expect(await labelled("engine-web-2")).toMatchObject({ id, status: "running" });
  expect(await e.control.events({ action: "password_reset", entity_id: id })).toHaveLength(1);
});

test("a label changed out of band shows as drift in refresh, and up puts it back", async () => {
  const { id } = await labelled("engine-web-2");
  await e.client.api.updateInstance({ params: { computeId: id }, body: { label: "changed-by-hand" } });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 1, update: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 1, update: 1 });
  expect((await labelled("engine-web-2")).id).toBe(id);
  await e.stack.preview({ expectNoChanges: true });
});

test("an instance deleted out of band disappears on refresh, and up creates it again", async () => {
  const { id } = await labelled("engine-web-2");
  await e.client.api.deleteInstance({ params: { computeId: id } });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 1, delete: 1 });
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 1, create: 1 });
  const again = await labelled("engine-web-2");
  expect(again.id).not.toBe(id);
  expect(again.status).toBe("running");
});

test("bad input fails at preview naming rootPass, never showing it, and nothing is written", async () => {
  await e.control.clearRequests();
  e.setProgram(program({ ...web, rootPass: undefined }));
  await expect(e.stack.preview()).rejects.toThrow(
    /rootPass.*rootPass is required when deploying from an image/s,
  );
  await expect(e.stack.up()).rejects.toThrow(/rootPass is required when deploying from an image/);
  e.setProgram(program({ ...web, rootPass: "weakweakweak" }));
  const err = await e.stack.preview().then(
    () => undefined,
    (thrown: Error) => thrown,
  );
  expect(err?.message).toMatch(/rootPass.*Password does not meet strength requirement/s);
  expect(err?.message).not.toContain("weakweakweak");
  expect(await writes(e.control)).toEqual([]);
});

test("a wait that times out fails the up in one line, keeps the ID, and the next up converges", async () => {
  const { id: webId } = await labelled("engine-web-2");
  await e.stack.setConfig("compute:createTimeoutSeconds", { value: "2" });
  e.emulator.jobs.timings.set("instance.create", 3_600_000);
  e.setProgram(program(web, slow));
  const { failed, shown } = await e.failingUp();
  expect(failed).toBeInstanceOf(Error);
  const stuck = await labelled("engine-slow");
  expect(stuck.status).toBe("provisioning");
  const line = new RegExp(
    `Instance ${stuck.id} was created, but Instance ${stuck.id} did not become running within 2s ` +
      "\\(last state: provisioning\\); raise compute:waitTimeoutSeconds \\(or the per-operation setting\\) " +
      "to wait longer; the next `pulumi up` continues from here",
  );
  expect(shown).toMatch(line);
  expect(shown).not.toMatch(/^\s+at /m);

  const resources = (await e.stack.exportStack()).deployment.resources as {
    urn: string;
    id?: string;
    outputs?: Record<string, unknown>;
  }[];
  const kept = resources.find((r) => r.urn.endsWith("::slow"));
  expect(kept?.id).toBe(String(stuck.id));
  // With the serialized provider kept, a refresh (or a destroy) works before the next up.
  expect(typeof kept?.outputs?.__provider).toBe("string");
  // Still provisioning: the refresh shows it as a change, and the next up waits again.
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 2, update: 1 });

  await e.control.clock({ advance_ms: 3_600_000 });
  e.emulator.jobs.timings.set("instance.create", 4000);
  await e.stack.removeConfig("compute:createTimeoutSeconds");
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 2, update: 1 });
  expect(await labelled("engine-slow")).toMatchObject({ id: stuck.id, status: "running" });
  expect((await instances()).map((i) => i.id).sort()).toEqual([webId, stuck.id].sort());
  await e.stack.preview({ expectNoChanges: true });
});

test("an instance deleted out of band while its wait failed is made again by the next up, with no refresh", async () => {
  const vanish: InstanceShape = { ...web, name: "vanish", label: "engine-vanish" };
  await e.stack.setConfig("compute:createTimeoutSeconds", { value: "2" });
  e.emulator.jobs.timings.set("instance.create", 3_600_000);
  e.setProgram(program(web, slow, vanish));
  expect((await e.failingUp()).failed).toBeInstanceOf(Error);
  const gone = await labelled("engine-vanish");
  await e.client.api.deleteInstance({ params: { computeId: gone.id } });
  await e.control.clock({ advance_ms: 60_000 });
  e.emulator.jobs.timings.set("instance.create", 4000);
  await e.stack.removeConfig("compute:createTimeoutSeconds");
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 3, replace: 1 });
  const again = await labelled("engine-vanish");
  expect(again.id).not.toBe(gone.id);
  expect(again.status).toBe("running");
  await e.stack.preview({ expectNoChanges: true });
  e.setProgram(program(web, slow));
  expect((await e.stack.up()).summary.resourceChanges).toEqual({ same: 3, delete: 1 });
});

test("the state on disk holds no root password in plaintext", async () => {
  const files = stateFiles();
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    expect(text.includes(ROOT_PASS)).toBe(false);
    expect(text.includes(NEW_PASS)).toBe(false);
  }
  const checkpoint = fs.readFileSync(
    files.find((f) => f.endsWith(`${path.sep}test.json`))!,
    "utf8",
  );
  const secret =
    /"rootPass":\{"4dabf18193072939515e22adb298388d":"1b47061264138c4ac30d75fd1eb44270","ciphertext"/g;
  // Inputs and outputs of both instances.
  expect(checkpoint.match(secret)).toHaveLength(4);
});

test("destroy leaves the emulator with no instances", async () => {
  const result = await e.stack.destroy();
  expect(result.summary.resourceChanges).toEqual({ delete: 3 });
  expect(await instances()).toEqual([]);
});
