/**
 * The `import` resource option in the plugin form, as in the TypeScript form: the inputs the API never
 * returns (a root password, keys, a StackScript's data, metadata) come from the program; importing
 * writes nothing to the API and leaves no diff, then or at the next preview, refresh included; an input
 * the API does return that the program says otherwise fails the preview naming it.
 */
import { status, waitForDisk, waitForImage } from "../../../src/client";
import { publicKeyLine } from "../../support/ssh-keys";
import { IMAGE, ROOT_PASS } from "../../support/compute";
import { opsOf, yamlProject, type YamlProject, secret } from "./yaml-project";

jest.setTimeout(240_000);

let p: YamlProject;

beforeAll(async () => {
  p = await yamlProject("plugin-import-option", { speed: 20 });
});
afterAll(async () => {
  await p?.dispose();
});

test("an Instance with every never-returned input set is imported writing nothing, and stays unchanged", async () => {
  const key = publicKeyLine();
  const made = await p.client.api.createInstance({
    body: {
      region: "us-iad",
      type: "g6-standard-1",
      label: "imported-web",
      image: IMAGE,
      root_pass: ROOT_PASS,
      authorized_keys: [key],
      metadata: { user_data: "I2Nsb3VkLWNvbmZpZw==" },
      swap_size: 256,
    },
  });
  const web = (properties: Record<string, unknown>) =>
    p.setProgram({
      web: {
        type: "compute:index:Instance",
        options: { import: String(made.id) },
        properties: {
          region: "us-iad",
          type: "g6-standard-1",
          label: "imported-web",
          image: IMAGE,
          rootPass: secret(ROOT_PASS),
          authorizedKeys: [key],
          metadata: secret({ userData: "I2Nsb3VkLWNvbmZpZw==" }),
          swapSize: 256,
          ...properties,
        },
      },
    });
  web({});
  await p.control.clearRequests();
  const preview = await p.previewJson();
  expect(opsOf(preview)).toEqual({ web: "import" });
  await p.pulumi("up", "--yes");
  expect(await p.writes()).toEqual([]);
  const [state] = (await p.resources()).filter((r) => r.type === "compute:index:Instance");
  expect(state).toMatchObject({ id: String(made.id) });

  // The next preview, and a refresh and preview after it, find nothing to do.
  expect((await p.previewJson()).changeSummary).toEqual({ same: 2 });
  await p.pulumi("refresh", "--yes");
  expect((await p.previewJson()).changeSummary).toEqual({ same: 2 });
  await p.pulumi("up", "--yes");
  expect(await p.writes()).toEqual([]);
  expect((await p.client.api.getInstance({ params: { computeId: made.id } })).status).toBe("running");
});

test("a disk deployed from an image, a config declaring part of its helpers, an image from the disk: imported writing nothing", async () => {
  p.setProgram({});
  await p.pulumi("up", "--yes");
  const key = publicKeyLine();
  const db = await p.client.api.createInstance({
    body: { region: "us-iad", type: "g6-standard-1", label: "imported-db" },
  });
  const computeId = db.id;
  const disk = await p.client.api.createDisk({
    params: { computeId },
    body: { label: "root", size: 2048, image: IMAGE, root_pass: ROOT_PASS, authorized_keys: [key] },
  });
  await waitForDisk(p.client, computeId, disk.id, status("ready"), { timeoutMs: 60_000 });
  const config = await p.client.api.createConfig({
    params: { computeId },
    body: { label: "boot", devices: { sda: { disk_id: disk.id } }, helpers: { network: true } },
  });
  const image = await p.client.api.createImage({ body: { disk_id: disk.id, label: "imported-golden" } });
  await waitForImage(p.client, image.id, status("available"), { timeoutMs: 60_000 });
  const program = (diskLabel: string) =>
    p.setProgram({
      root: {
        type: "compute:index:InstanceDisk",
        options: { import: `${computeId}/${disk.id}` },
        properties: {
          computeId: String(computeId),
          label: diskLabel,
          size: 2048,
          image: IMAGE,
          rootPass: secret(ROOT_PASS),
          authorizedKeys: [key],
          allowReboot: true,
        },
      },
      boot: {
        type: "compute:index:InstanceConfig",
        options: { import: `${computeId}/${config.id}` },
        properties: {
          computeId: String(computeId),
          label: "boot",
          devices: { sda: String(disk.id) },
          helpers: { network: true },
          rebootOnChange: false,
        },
      },
      golden: {
        type: "compute:index:Image",
        options: { import: image.id },
        properties: { diskId: String(disk.id), label: "imported-golden" },
      },
    });

  // What the API returns and the program says otherwise fails the preview, naming it.
  program("renamed");
  await p.control.clearRequests();
  const failed = await p.failing("preview");
  expect(failed).toMatch(/label.*the imported InstanceDisk \d+ holds "root", the program says "renamed"/);
  expect(failed).not.toContain(ROOT_PASS);

  program("root");
  await p.pulumi("up", "--yes");
  expect(await p.writes()).toEqual([]);
  expect((await p.previewJson()).changeSummary).toEqual({ same: 4 });
  await p.pulumi("refresh", "--yes");
  expect((await p.previewJson()).changeSummary).toEqual({ same: 4 });
  expect(await p.writes()).toEqual([]);
});

test("once imported, a new root password is an update that resets it, not a replacement", async () => {
  p.setProgram({});
  await p.pulumi("up", "--yes");
  const made = await p.client.api.createInstance({
    body: {
      region: "us-iad",
      type: "g6-standard-1",
      label: "imported-app",
      image: IMAGE,
      root_pass: ROOT_PASS,
    },
  });
  const program = (rootPass: string) =>
    p.setProgram({
      app: {
        type: "compute:index:Instance",
        options: { import: String(made.id), retainOnDelete: true },
        properties: {
          region: "us-iad",
          type: "g6-standard-1",
          label: "imported-app",
          image: IMAGE,
          rootPass: secret(rootPass),
        },
      },
    });
  program(ROOT_PASS);
  await p.pulumi("up", "--yes");
  await p.pulumi("up", "--yes");
  await p.control.clearRequests();
  program(`${ROOT_PASS}-2`);
  expect(opsOf(await p.previewJson())).toEqual({ app: "update" });
  await p.pulumi("up", "--yes");
  expect(await p.writes()).toEqual([
    `POST /compute/instances/${made.id}/shutdown`,
    `POST /compute/instances/${made.id}/password`,
    `POST /compute/instances/${made.id}/boot`,
  ]);
});
