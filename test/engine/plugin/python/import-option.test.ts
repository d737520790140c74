/**
 * The `import` resource option from a Python program (the generated SDK, the real CLI): an Instance
 * with every input the API never returns set is imported writing nothing, with no change at the next
 * preview nor after a refresh; a label the object does not hold fails the preview naming it. A
 * StackScript whose script the program holds secret and a token are imported the same way.
 */
import { IMAGE, ROOT_PASS } from "../../../support/compute";
import { publicKeyLine } from "../../../support/ssh-keys";
import { opsOf } from "../preview-json";
import { pythonProject, type PythonProject } from "../python-project";

jest.setTimeout(240_000);

let p: PythonProject;

beforeAll(async () => {
  p = await pythonProject("python-import-option", { speed: 20 });
});
afterAll(async () => {
  await p?.dispose();
});

test("an Instance with its password, keys, metadata and swap size is imported writing nothing", async () => {
  const key = publicKeyLine();
  const made = await p.client.api.createInstance({
    body: {
      region: "us-iad",
      type: "g6-standard-1",
      label: "py-imported",
      image: IMAGE,
      root_pass: ROOT_PASS,
      authorized_keys: [key],
      metadata: { user_data: "I2Nsb3VkLWNvbmZpZw==" },
      swap_size: 256,
    },
  });
  const program = (label: string) =>
    p.setProgram(`
web = compute.Instance(
    "web",
    region="us-iad",
    type="g6-standard-1",
    label=${JSON.stringify(label)},
    image="${IMAGE}",
    root_pass=pulumi.Output.secret("${ROOT_PASS}"),
    authorized_keys=[${JSON.stringify(key)}],
    metadata=compute.InstanceMetadataArgs(user_data="I2Nsb3VkLWNvbmZpZw=="),
    swap_size=256,
    opts=pulumi.ResourceOptions(import_="${made.id}"),
)
`);
  await p.control.clearRequests();
  program("py-renamed");
  const failed = await p.failing("preview");
  expect(failed).toMatch(
    /label.*the imported Instance \d+ holds "py-imported", the program says "py-renamed"/,
  );
  expect(failed).not.toContain(ROOT_PASS);

  program("py-imported");
  await p.pulumi("up", "--yes");
  expect(await p.writes()).toEqual([]);
  expect((await p.previewJson()).changeSummary).toEqual({ same: 2 });
  await p.pulumi("refresh", "--yes");
  expect((await p.previewJson()).changeSummary).toEqual({ same: 2 });
  expect(await p.writes()).toEqual([]);
});

test("a StackScript whose script the program holds secret and a token are imported writing nothing", async () => {
  p.setProgram("");
  await p.pulumi("up", "--yes");
  const script = '#!/bin/bash\n# <UDF name="greeting" label="Greeting" />\necho "$GREETING"\n';
  const made = await p.client.api.createStackScript({
    body: { label: "py-setup", script, images: ["any/all"], description: "says hello", rev_note: "first" },
  });
  const token = await p.client.api.createProfileToken({
    body: { label: "py-ci", scopes: "computes:read_only", expiry: "2030-01-01T00:00:00" },
  });
  p.setProgram(`
setup = compute.StackScript(
    "setup",
    label="py-setup",
    script=pulumi.Output.secret(${JSON.stringify(script)}),
    images=["any/all"],
    description="says hello",
    rev_note="first",
    is_public=False,
    opts=pulumi.ResourceOptions(import_="${made.id}"),
)
ci = compute.Token(
    "ci",
    label="py-ci",
    scopes="computes:read_only",
    expiry="2030-01-01T00:00:00",
    opts=pulumi.ResourceOptions(import_="${token.id}"),
)
`);
  await p.control.clearRequests();
  expect(opsOf(await p.previewJson())).toEqual({ setup: "import", ci: "import" });
  await p.pulumi("up", "--yes");
  expect(await p.writes()).toEqual([]);
  expect((await p.previewJson()).changeSummary).toEqual({ same: 3 });
  await p.pulumi("refresh", "--yes", "--expect-no-changes");
  expect((await p.previewJson()).changeSummary).toEqual({ same: 3 });
  // The engine's import step keeps its Read's outputs, made before the program's inputs (and their
  // secrets) reach the provider: the next up, a no-change one, stores the script as a secret.
  await p.pulumi("up", "--yes", "--expect-no-changes");
  await p.pulumi("refresh", "--yes", "--expect-no-changes");
  const [stored] = (await p.resources()).filter((r) => r.type === "compute:index:StackScript");
  expect(JSON.stringify(stored!.outputs)).not.toContain("GREETING");
  expect(await p.writes()).toEqual([]);
});
