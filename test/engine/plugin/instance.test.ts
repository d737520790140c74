/**
 * Instance in the plugin form (Pulumi YAML, `pulumi-resource-compute`, the real CLI): the engine's
 * `customTimeouts` reach the plugin and bound the create's wait (the error names them, the instance
 * stays in the state and the next `up` finishes it), the root password is a secret in the state, and
 * a long wait's progress lines are logged against the resource.
 */
import { collect } from "../../../src/client";
import { instanceEndpoints } from "../../../src/contract";
import { IMAGE, ROOT_PASS } from "../../support/compute";
import { yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(180_000);

let p: YamlProject;
const instances = () => collect(p.client.each(instanceEndpoints.listInstances));

const program = (options: Record<string, unknown> = {}) => ({
  web: {
    type: "compute:index:Instance",
    properties: {
      region: "us-iad",
      type: "g6-standard-1",
      label: "plugin-web",
      image: IMAGE,
      rootPass: ROOT_PASS,
    },
    options,
  },
});

beforeAll(async () => {
  p = await yamlProject("plugin-instance");
});
afterAll(async () => {
  await p?.dispose();
});

test("a create that outlasts customTimeouts.create fails naming it, and keeps the instance", async () => {
  // The boot would take an hour: only the timeout ends the wait.
  p.emulator.jobs.timings.set("instance.boot", 3_600_000);
  p.setProgram(program({ customTimeouts: { create: "2s" } }));
  const started = Date.now();
  const shown = await p.failing("up", "--yes");
  expect(Date.now() - started).toBeLessThan(60_000);
  expect(shown).toMatch(
    /Instance \d+ was created, but .* within 2s .*raise customTimeouts\.create to wait longer/,
  );
  expect(shown).not.toMatch(/\n\s+at /);
  const [made, ...others] = await instances();
  expect(others).toEqual([]);
  const state = (await p.resources()).find((r) => r.urn.endsWith("::web"))!;
  expect(state.id).toBe(String(made!.id));
});

test("with the boot back to seconds, the next up finishes the same instance", async () => {
  p.emulator.jobs.timings.set("instance.boot", 3000);
  p.setProgram(program());
  await p.pulumi("up", "--yes");
  const [made, ...others] = await instances();
  expect(others).toEqual([]);
  expect(made!.status).toBe("running");
});

test("the root password is kept as a secret: the state holds no plaintext of it", async () => {
  const state = (await p.resources()).find((r) => r.urn.endsWith("::web"))!;
  expect(JSON.stringify(state)).not.toContain(ROOT_PASS);
  expect(state.inputs!.rootPass).toHaveProperty("ciphertext");
  expect(state.outputs!.rootPass).toHaveProperty("ciphertext");
});

test("a long wait's progress lines show under the resource, not the stack", async () => {
  // The create's wait lasts past the first progress report (at 10 s).
  p.emulator.jobs.timings.set("instance.create", 12_000);
  p.setProgram({
    ...program(),
    slow: {
      type: "compute:index:Instance",
      properties: { ...program().web.properties, label: "plugin-slow" },
    },
  });
  const shown = await p.pulumi("up", "--yes");
  // On the resource's line while it waits, and under its diagnostics.
  expect(shown).toMatch(
    /compute:index:Instance slow creating \(\d+s\) waiting for Instance \d+ to be running/,
  );
  expect(shown).toMatch(/compute:index:Instance \(slow\):\n\s+waiting for Instance \d+ to be running/);
  const stack = /pulumi:pulumi:Stack \([^)]*\):\n((?:\s{4,}.*\n)*)/.exec(shown)?.[1] ?? "";
  expect(stack).not.toMatch(/waiting for/);
});

test("Ctrl-C during a create's wait: the engine's Cancel ends the wait at once, the instance is kept", async () => {
  p.emulator.jobs.timings.set("instance.create", 3_600_000);
  p.setProgram({
    ...program(),
    held: {
      type: "compute:index:Instance",
      properties: { ...program().web.properties, label: "plugin-held" },
    },
  });
  const run = p.start("up", "--yes");
  while (!/held creating/.test(run.shown())) await new Promise((resolve) => setTimeout(resolve, 200));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const interrupted = Date.now();
  run.child.kill("SIGINT");
  const { ok, shown } = await run.done;
  expect(ok).toBe(false);
  expect(Date.now() - interrupted).toBeLessThan(15_000);
  expect(shown).toMatch(
    /Instance \d+ was created, but Instance \d+ cannot become running: the operation was cancelled/,
  );
  const held = (await instances()).find((i) => i.label === "plugin-held")!;
  expect((await p.resources()).find((r) => r.urn.endsWith("::held"))?.id).toBe(String(held.id));
  p.emulator.jobs.timings.set("instance.create", 4000);
});

test("destroy leaves nothing", async () => {
  await p.pulumi("destroy", "--yes");
  expect(await instances()).toEqual([]);
});
