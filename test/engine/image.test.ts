/**
 * Image through the real engine, one stack with a captured and an uploaded image: up waits until both
 * are available (the upload reporting itself); no-op preview/refresh; label and description in place;
 * another disk replaces the capture; other file content replaces the upload, another path to the same
 * content does not; a file that is not gzip or missing fails at preview with nothing written; drift
 * (label, deletion); destroy leaves no private image.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { gzipSync } from "node:zlib";
import { collect } from "../../src/client";
import { imageEndpoints } from "../../src/contract";
import { imageProgram, type ImageShape } from "../../examples/image";
import { engineStack, type EngineStack } from "./harness";
import { writes } from "../support/writes";

jest.setTimeout(240_000);

let e: EngineStack;
let captured: ImageShape;
let uploaded: ImageShape;
let disks: number[];
let file: string;

function program() {
  return async () => {
    const { image: golden } = imageProgram(captured);
    const { image: custom } = imageProgram(uploaded);
    return { goldenId: golden.id, customId: custom.id, customHash: custom.fileHash };
  };
}
const up = async () => (await e.stack.up()).summary.resourceChanges;
const preview = async () => (await e.stack.preview()).changeSummary;
const images = () => collect(e.client.each(imageEndpoints.listImages, { filter: { is_public: false } }));
const labelled = async (label: string) => {
  const found = (await images()).filter((i) => i.label === label);
  expect(found).toHaveLength(1);
  return found[0]!;
};
const sha256 = (f: string) => createHash("sha256").update(fs.readFileSync(f)).digest("hex");

beforeAll(async () => {
  e = await engineStack("image");
  // Lifecycles run 20 times faster: a capture's 10 s take 0.5 s.
  e.emulator.clock.setScale(20);
  const instance = await e.client.api.createInstance({ body: { region: "us-iad", type: "g6-standard-1" } });
  disks = [];
  for (const label of ["data-1", "data-2"]) {
    const disk = await e.client.api.createDisk({
      params: { computeId: instance.id },
      body: { label, size: 200 },
    });
    disks.push(disk.id);
    // One disk job at a time per instance: this one ends before the next starts.
    await e.control.clock({ advance_ms: 60_000 });
  }
  file = path.join(e.dir, "disk.img.gz");
  fs.writeFileSync(file, gzipSync(Buffer.alloc(16 * 1024, 1)));
  captured = { name: "golden", diskId: disks[0]!, label: "golden", description: "base" };
  uploaded = { name: "custom", file, label: "custom", region: "us-iad" };
});
afterAll(async () => {
  await e?.dispose();
});

test("up captures one image and uploads the other, waiting until both are available", async () => {
  e.setProgram(program());
  const { result, shown } = await e.upShowing();
  expect(result.summary.resourceChanges).toEqual({ create: 3 });
  const golden = await labelled("golden");
  const custom = await labelled("custom");
  expect(golden).toMatchObject({ status: "available", size: 200, description: "base" });
  expect(custom).toMatchObject({ status: "available", size: 1 });
  expect(result.outputs.goldenId!.value).toBe(golden.id);
  expect(result.outputs.customId!.value).toBe(custom.id);
  expect(result.outputs.customHash!.value).toBe(sha256(file));
  expect(shown).toContain(`uploading Image ${custom.id} (custom): `);
  expect(shown).toContain(`uploaded Image ${custom.id} (custom): `);
});

test("a second preview and a refresh both report no changes", async () => {
  expect((await e.stack.preview({ expectNoChanges: true })).changeSummary).toEqual({ same: 3 });
  expect((await e.stack.refresh({ expectNoChanges: true })).summary.resourceChanges).toEqual({ same: 3 });
});

test("label and description edits are in-place updates", async () => {
  const golden = await labelled("golden");
  const custom = await labelled("custom");
  captured = { ...captured, label: "golden-2" };
  uploaded = { ...uploaded, description: "raw v1" };
  e.setProgram(program());
  expect(await preview()).toEqual({ same: 1, update: 2 });
  expect(await up()).toEqual({ same: 1, update: 2 });
  expect((await labelled("golden-2")).id).toBe(golden.id);
  expect(await labelled("custom")).toMatchObject({ id: custom.id, description: "raw v1" });
});

test("another disk replaces the captured image", async () => {
  const old = await labelled("golden-2");
  captured = { ...captured, diskId: disks[1]! };
  e.setProgram(program());
  expect(await preview()).toEqual({ same: 2, replace: 1 });
  expect(await up()).toEqual({ same: 2, replace: 1 });
  const now = await labelled("golden-2");
  expect(now.id).not.toBe(old.id);
  expect(now.status).toBe("available");
});

test("other content in the file replaces the uploaded image; the same content at another path does not", async () => {
  const old = await labelled("custom");
  fs.writeFileSync(file, gzipSync(Buffer.alloc(32 * 1024, 2)));
  e.setProgram(program());
  expect(await preview()).toEqual({ same: 2, replace: 1 });
  expect(await up()).toEqual({ same: 2, replace: 1 });
  const now = await labelled("custom");
  expect(now).toMatchObject({ status: "available", description: "raw v1" });
  expect(now.id).not.toBe(old.id);
  await e.stack.preview({ expectNoChanges: true });

  const moved = path.join(e.dir, "moved.img.gz");
  fs.copyFileSync(file, moved);
  uploaded = { ...uploaded, file: moved };
  e.setProgram(program());
  await e.control.clearRequests();
  expect(await preview()).toEqual({ same: 2, update: 1 });
  expect(await up()).toEqual({ same: 2, update: 1 });
  expect(await writes(e.control)).toEqual([]);
  expect((await labelled("custom")).id).toBe(now.id);
});

test("a relative file is stored as the program gives it and read against the program's directory", async () => {
  const relative = path.relative(process.cwd(), path.join(e.dir, "moved.img.gz"));
  expect(path.isAbsolute(relative)).toBe(false);
  uploaded = { ...uploaded, file: relative };
  e.setProgram(program());
  await e.control.clearRequests();
  // Same content: the path alone changes, in place, with nothing sent.
  expect(await up()).toEqual({ same: 2, update: 1 });
  expect(await writes(e.control)).toEqual([]);
  const { deployment } = await e.stack.exportStack();
  const custom = deployment.resources.find((r: { urn: string }) => r.urn.endsWith("::custom"));
  expect(custom.inputs.file).toBe(relative);
  expect(custom.outputs.file).toBe(relative);
  await e.stack.preview({ expectNoChanges: true });
  // Other content at that path still replaces the image: the provider uploads the file it names.
  fs.writeFileSync(path.join(e.dir, "moved.img.gz"), gzipSync(Buffer.alloc(8 * 1024, 4)));
  e.setProgram(program());
  expect(await up()).toEqual({ same: 2, replace: 1 });
  expect(await labelled("custom")).toMatchObject({ status: "available" });
  // The first file takes the same content, for the tests below.
  fs.copyFileSync(path.join(e.dir, "moved.img.gz"), file);
});

test("a file that is not gzip, or is missing, fails at preview naming file, and nothing is written", async () => {
  await e.control.clearRequests();
  const plain = path.join(e.dir, "disk.img");
  fs.writeFileSync(plain, Buffer.alloc(4096, 3));
  uploaded = { ...uploaded, file: plain };
  e.setProgram(program());
  await expect(e.stack.preview()).rejects.toThrow(/file.*file .*disk\.img is not gzip data/s);
  await expect(e.stack.up()).rejects.toThrow(/is not gzip data/);
  uploaded = { ...uploaded, file: path.join(e.dir, "missing.img.gz") };
  e.setProgram(program());
  await expect(e.stack.preview()).rejects.toThrow(/file.*file .*missing\.img\.gz does not exist/s);
  expect(await writes(e.control)).toEqual([]);
  uploaded = { ...uploaded, file };
  e.setProgram(program());
});

test("a label changed out of band shows as drift in refresh, and up puts it back", async () => {
  const { id } = await labelled("custom");
  await e.client.api.updateImage({ params: { imageId: id }, body: { label: "by-hand" } });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 2, update: 1 });
  expect(await up()).toEqual({ same: 2, update: 1 });
  expect((await labelled("custom")).id).toBe(id);
  await e.stack.preview({ expectNoChanges: true });
});

test("an image deleted out of band disappears on refresh, and up uploads it again", async () => {
  const { id } = await labelled("custom");
  await e.client.api.deleteImage({ params: { imageId: id } });
  expect((await e.stack.refresh()).summary.resourceChanges).toEqual({ same: 2, delete: 1 });
  expect(await up()).toEqual({ same: 2, create: 1 });
  const again = await labelled("custom");
  expect(again.id).not.toBe(id);
  expect(again.status).toBe("available");
});

test("destroy leaves no private images", async () => {
  expect((await e.stack.destroy()).summary.resourceChanges).toEqual({ delete: 3 });
  expect(await images()).toEqual([]);
});
