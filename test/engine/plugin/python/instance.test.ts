/**
 * Instance in the plugin form from a Python program (the generated SDK) through the real CLI: a
 * `custom_timeouts` create that outlasts its timeout fails naming it (the instance is kept and the next
 * `up` finishes it), and the root password is a secret: no plaintext of it in the state.
 */
import { collect } from "../../../../src/client";
import { instanceEndpoints } from "../../../../src/contract";
import { IMAGE, ROOT_PASS } from "../../../support/compute";
import { pythonProject, type PythonProject } from "../python-project";

jest.setTimeout(180_000);

let p: PythonProject;
const instances = () => collect(p.client.each(instanceEndpoints.listInstances));

const program = (options = "") => `
web = compute.Instance(
    "web",
    region="us-iad",
    type="g6-standard-1",
    label="py-web",
    image="${IMAGE}",
    # A plain string: the schema marks rootPass secret.
    root_pass="${ROOT_PASS}",
    ${options}
)
pulumi.export("status", web.status)
`;

beforeAll(async () => {
  p = await pythonProject("python-instance");
});
afterAll(async () => {
  await p?.dispose();
});

test("a create that outlasts custom_timeouts.create fails naming it, and keeps the instance", async () => {
  // The boot would take an hour: only the timeout ends the wait.
  p.emulator.jobs.timings.set("instance.boot", 3_600_000);
  p.setProgram(program(`opts=pulumi.ResourceOptions(custom_timeouts=pulumi.CustomTimeouts(create="2s")),`));
  const shown = await p.failing("up", "--yes");
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
  expect(await p.output("status")).toBe("running");
});

test("the root password is kept as a secret: the state holds no plaintext of it", async () => {
  const state = (await p.resources()).find((r) => r.urn.endsWith("::web"))!;
  expect(JSON.stringify(await p.resources())).not.toContain(ROOT_PASS);
  expect(state.inputs!.rootPass).toHaveProperty("ciphertext");
  expect(state.outputs!.rootPass).toHaveProperty("ciphertext");
});

test("destroy leaves nothing", async () => {
  await p.pulumi("destroy", "--yes");
  expect(await instances()).toEqual([]);
});
