/**
 * Lost answers in the plugin form (Pulumi YAML, `pulumi-resource-compute`, the real CLI): a create
 * whose POST the API carried out but whose answer was lost (a 502 in its place) is found and adopted
 * by the same `up`, with one line saying so: an Instance by its label (free before the POST), an
 * InstanceDisk by the listing taken before it. One POST each, one object each, no change after.
 */
import { collect } from "../../../src/client";
import { instanceEndpoints } from "../../../src/contract";
import { IMAGE, ROOT_PASS } from "../../support/compute";
import { yamlProject, type YamlProject } from "./yaml-project";

jest.setTimeout(240_000);

let p: YamlProject;
const instances = () => collect(p.client.each(instanceEndpoints.listInstances));
const posts = async (pattern: RegExp) => (await p.writes()).filter((w) => pattern.test(w));

const web = {
  web: {
    type: "compute:index:Instance",
    properties: {
      region: "us-iad",
      type: "g6-standard-1",
      label: "lost-web",
      image: IMAGE,
      rootPass: ROOT_PASS,
    },
  },
};
const db = {
  db: {
    type: "compute:index:Instance",
    properties: { region: "us-iad", type: "g6-standard-1", label: "lost-db" },
  },
};
const data = {
  data: {
    type: "compute:index:InstanceDisk",
    properties: { computeId: "${db.id}", label: "data", size: 1024, filesystem: "ext4" },
  },
};

beforeAll(async () => {
  p = await yamlProject("plugin-lost-answers");
  // Lifecycles of seconds: the waits end within the test.
  for (const timing of ["instance.create", "instance.boot", "disk.create"])
    p.emulator.jobs.timings.set(timing, 1000);
});
afterAll(async () => {
  await p?.dispose();
});

test("an instance's create answer is lost: the same up adopts the instance it made, no second POST", async () => {
  p.setProgram(web);
  await p.control.clearRequests();
  await p.control.injectFault({ status: 502, lost: true, method: "POST", path: "/compute/instances" });
  const shown = await p.pulumi("up", "--yes");
  expect(shown).toMatch(/the create's answer was lost.*adopted/);
  expect(shown).not.toMatch(/\n\s+at /);
  const [made, ...others] = await instances();
  expect(others).toEqual([]);
  expect(made).toMatchObject({ label: "lost-web", status: "running" });
  expect(await posts(/^POST \S*\/compute\/instances$/)).toHaveLength(1);
  const state = (await p.resources()).find((r) => r.urn.endsWith("::web"))!;
  expect(state.id).toBe(String(made!.id));
  await p.pulumi("preview", "--expect-no-changes");
});

test("a disk's create answer is lost: the same up adopts the disk it made, no second POST", async () => {
  p.setProgram({ ...web, ...db });
  await p.pulumi("up", "--yes");
  const dbId = (await instances()).find((i) => i.label === "lost-db")!.id;
  p.setProgram({ ...web, ...db, ...data });
  await p.control.clearRequests();
  await p.control.injectFault({
    status: 502,
    lost: true,
    method: "POST",
    path: `/compute/instances/${dbId}/disks`,
  });
  const shown = await p.pulumi("up", "--yes");
  expect(shown).toMatch(/the create's answer was lost.*adopted/);
  const disks = (await p.client.api.listDisks({ params: { computeId: dbId } })).data;
  expect(disks.map((d) => [d.label, d.status])).toEqual([["data", "ready"]]);
  expect(await posts(/^POST \S*\/disks$/)).toHaveLength(1);
  const state = (await p.resources()).find((r) => r.urn.endsWith("::data"))!;
  expect(state.id).toBe(String(disks[0]!.id));
  await p.pulumi("preview", "--expect-no-changes");
});

test("destroy leaves nothing", async () => {
  await p.pulumi("destroy", "--yes");
  expect(await instances()).toEqual([]);
});
