/**
 * The story of an Instance in the plugin form, told once for every language (instance.test.ts in YAML,
 * python/instance.test.ts in Python): the engine's `customTimeouts` reach the plugin and bound the
 * create's wait (the error names them, the instance stays in the state and the next `up` finishes it),
 * the root password is a secret in the state, a long wait's progress lines are logged against the
 * resource, and Ctrl-C during a create's wait ends it at once with the instance kept.
 */
import { collect } from "../../../../src/client";
import { instanceEndpoints } from "../../../../src/contract";
import { ROOT_PASS } from "../../../support/compute";
import type { StoryLanguage, StoryProject } from "./language";

/**
 * What the program declares: the Instance `web` (us-iad, g6-standard-1, labelled `label`, IMAGE, root
 * password ROOT_PASS; its create bounded by `createTimeout` when given), and `second` when given: one
 * more like it, named and labelled so. Output `status` (web's).
 */
export interface Instance {
  label: string;
  createTimeout?: string;
  second?: { name: string; label: string };
}

export interface InstanceLanguage extends StoryLanguage<Instance> {
  /**
   * How long `pulumi up` may take to end after Ctrl-C with this language's host. Measured here: the
   * CLI (v3.259.0) sent the providers' Cancel some 10 s after it had cancelled the deployment, with
   * either host (its -v=7 log); the v3.68.0 Python host took some 5 s more before the engine saw the
   * cancellation (the program stops on a KeyboardInterrupt). The CLI's and the host's time, not the
   * plugin's: once Cancel arrives, the plugin ends the wait at once.
   */
  interruptedWithinMs: number;
}

export function instanceStory(language: InstanceLanguage): void {
  const label = (name: string) => `${language.prefix}-${name}`;
  jest.setTimeout(180_000);

  let p: StoryProject;
  let write: (shape: Instance) => void;
  const instances = () => collect(p.client.each(instanceEndpoints.listInstances));
  const web = { label: label("web") };

  beforeAll(async () => {
    ({ project: p, write } = await language.start());
  });
  afterAll(async () => {
    await p?.dispose();
  });

  test("a create that outlasts customTimeouts.create fails naming it, and keeps the instance", async () => {
    // The boot would take an hour: only the timeout ends the wait.
    p.emulator.jobs.timings.set("instance.boot", 3_600_000);
    write({ ...web, createTimeout: "2s" });
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
    write(web);
    await p.pulumi("up", "--yes");
    const [made, ...others] = await instances();
    expect(others).toEqual([]);
    expect(made!.status).toBe("running");
    expect(await p.output("status")).toBe("running");
  });

  test("the root password is kept as a secret: the state holds no plaintext of it", async () => {
    const resources = await p.resources();
    expect(JSON.stringify(resources)).not.toContain(ROOT_PASS);
    const state = resources.find((r) => r.urn.endsWith("::web"))!;
    expect(state.inputs!.rootPass).toHaveProperty("ciphertext");
    expect(state.outputs!.rootPass).toHaveProperty("ciphertext");
  });

  test("a long wait's progress lines show under the resource, not the stack", async () => {
    // The create's wait lasts past the first progress report (at 10 s).
    p.emulator.jobs.timings.set("instance.create", 12_000);
    write({ ...web, second: { name: "slow", label: label("slow") } });
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
    write({ ...web, second: { name: "held", label: label("held") } });
    const run = p.start("up", "--yes");
    while (!/held creating/.test(run.shown())) await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const interrupted = Date.now();
    run.child.kill("SIGINT");
    const { ok, shown } = await run.done;
    expect(ok).toBe(false);
    expect(Date.now() - interrupted).toBeLessThan(language.interruptedWithinMs);
    expect(shown).toMatch(
      /Instance \d+ was created, but Instance \d+ cannot become running: the operation was cancelled/,
    );
    const held = (await instances()).find((i) => i.label === label("held"))!;
    expect((await p.resources()).find((r) => r.urn.endsWith("::held"))?.id).toBe(String(held.id));
    p.emulator.jobs.timings.set("instance.create", 4000);
  });

  test("destroy leaves nothing", async () => {
    await p.pulumi("destroy", "--yes");
    expect(await instances()).toEqual([]);
  });
}
