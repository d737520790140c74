/**
 * Image: check (exactly one of diskId and file; what an upload needs; a file that is missing, not
 * gzip or too large, with nothing sent to the API), diff (in place vs replace; a new path to the same
 * content is none), outputs, and the provider against a fast emulator: capture and upload until
 * `available` with upload progress lines, a refused upload that leaves no pending image, lost
 * creates (a capture adopted, an upload's orphan deleted), an upload interrupted with an earlier
 * run. (A capture's timed-out wait and delete: shared-stories.test.ts.)
 */
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { gzipSync } from "node:zlib";
import { collect } from "../../../../src/client";
import { imageEndpoints } from "../../../../src/contract";
import { journalFile, readEntry, writeEntry } from "../../../../src/provider/core/create-journal";
import { diffInputs } from "../../../../src/provider/core/diff";
import { PartialFailure } from "../../../../src/provider/core/errors";
import { IMAGE_COMPUTED } from "../../../../src/provider/field-lists";
import { formatBytes, imageSpec, sendFile, uploadProgress } from "../../../../src/provider/kinds/image";
import { DECLARED } from "../../../../src/provider/core/declared";
import { UNKNOWN } from "../../../../src/provider/core/unknown";
import { empty } from "../../../support/compute";
import { useEmulator } from "../../../support/emulator";
import { useJournalDir } from "../../../support/journal";
import { providerFor, thrown, useLogLines, useProviderSettings } from "../../../support/provider";
import { writeLines } from "../../../support/writes";

// Lifecycles run a thousand times faster than real time: a capture's 10 s take 10 ms.
const t = useEmulator({ speed: 1000 });
useProviderSettings(t, { "compute:waitTimeoutSeconds": "10" });

const { provider, checked, create } = providerFor(imageSpec);
const logged = useLogLines();

let dir: string;
let gz: string;
let plain: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "image-test-"));
  gz = path.join(dir, "disk.img.gz");
  fs.writeFileSync(gz, gzipSync(Buffer.alloc(64 * 1024, 7)));
  plain = path.join(dir, "disk.img");
  fs.writeFileSync(plain, Buffer.alloc(4096, 7));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const privateImages = () =>
  collect(t.client.each(imageEndpoints.listImages, { filter: { is_public: false } }));

/** A ready disk of an empty instance, to capture. */
async function readyDisk(label = "data") {
  const instance = await empty(t);
  const disk = await t.client.api.createDisk({
    params: { computeId: instance.id },
    body: { label, size: 100 },
  });
  await t.control.clock({ advance_ms: 60_000 });
  return disk.id;
}

/** Outputs are exactly the given inputs and the computed fields, and a read gives them back. */
async function expectRoundTrip(id: string, outs: Record<string, unknown>, inputs: Record<string, unknown>) {
  expect(Object.keys(outs).sort()).toEqual(
    [...Object.keys(inputs), ...IMAGE_COMPUTED, "__schemaVersion", DECLARED].sort(),
  );
  expect(outs).toMatchObject(inputs);
  const read = await provider.read!(id, outs);
  expect(read.props).toEqual(outs);
  expect(read.inputs).toEqual(inputs);
}

describe("check", () => {
  it("needs exactly one of diskId and file", async () => {
    expect((await provider.check!({}, { label: "x" })).failures).toEqual([
      {
        property: "",
        reason: "diskId: one of diskId (capture a disk) or file (upload a gzip disk image) is required",
      },
    ]);
    const both = await provider.check!({}, { diskId: 3, file: gz, label: "x", region: "us-iad" });
    expect(both.failures).toEqual([
      {
        property: "file",
        reason: "file: give either diskId (capture a disk) or file (upload a gzip disk image), not both",
      },
    ]);
  });

  it("needs a label and a region for an upload, and takes region and fileHash only with file", async () => {
    expect((await provider.check!({}, { file: gz })).failures).toEqual([
      { property: "", reason: "label: label is required for an upload (with file)" },
      { property: "", reason: "region: region is required for an upload (with file)" },
    ]);
    expect((await provider.check!({}, { diskId: "3", region: "us-iad", fileHash: "ab" })).failures).toEqual([
      { property: "region", reason: "region: region is for uploads only (with file)" },
      { property: "fileHash", reason: "fileHash: fileHash is for uploads only (with file)" },
    ]);
  });

  it("refuses a file that is missing, not a file, not gzip or over 5 GB, sending nothing to the API", async () => {
    const upload = { label: "x", region: "us-iad" };
    const failureOf = async (file: string) => (await provider.check!({}, { ...upload, file })).failures;
    const missing = path.join(dir, "missing.gz");
    expect(await failureOf(missing)).toEqual([
      { property: "file", reason: `file: file ${missing} does not exist` },
    ]);
    expect(await failureOf(dir)).toEqual([
      { property: "file", reason: `file: file ${dir} is not a regular file` },
    ]);
    expect(await failureOf(plain)).toEqual([
      {
        property: "file",
        reason: `file: file ${plain} is not gzip data (an image upload is a gzip file of a raw disk image)`,
      },
    ]);
    const huge = path.join(dir, "huge.img.gz");
    fs.copyFileSync(gz, huge);
    fs.truncateSync(huge, 5 * 1024 ** 3 + 1); // sparse: nothing written beyond the gzip data
    try {
      expect(await failureOf(huge)).toEqual([
        {
          property: "file",
          reason: `file: file ${huge} is 5368709121 bytes; uploads are limited to 5 GB (5368709120 bytes) of gzip data`,
        },
      ]);
    } finally {
      fs.rmSync(huge);
    }
    expect(await writeLines(t.control)).toEqual([]);
  });

  it("accepts a gzip file, and leaves rules to a later check while a value is unknown", async () => {
    expect(await provider.check!({}, { file: gz, label: "x", region: "us-iad" })).toEqual({
      inputs: { file: gz, label: "x", region: "us-iad" },
      failures: [],
    });
    expect((await provider.check!({}, { diskId: UNKNOWN, file: gz })).failures).toEqual([]);
  });

  it("names a bad label or description with the contract's reason", () => {
    expect(checked({ diskId: 1, label: "", description: "" }).failures).toEqual([
      { property: "label", reason: "label must be 1..128 characters" },
      { property: "description", reason: "description must be 1..65000 characters" },
    ]);
  });
});

describe("diff", () => {
  const upload = {
    file: "/a/disk.img.gz",
    fileHash: "h1",
    region: "us-iad",
    label: "a",
    cloudInit: false,
    status: "available",
    schemaVersion: 1,
  };

  it("changes label and description in place, and replaces on the content, region and cloudInit", () => {
    const news = { file: "/a/disk.img.gz", fileHash: "h1", region: "us-iad", label: "a", cloudInit: false };
    expect(diffInputs(imageSpec, upload, news)).toMatchObject({ changes: false });
    expect(diffInputs(imageSpec, upload, { ...news, label: "b", description: "d" })).toMatchObject({
      changes: true,
      replaces: [],
    });
    for (const [key, value] of [
      ["fileHash", "h2"],
      ["region", "us-east"],
      ["cloudInit", true],
    ] as const) {
      expect(diffInputs(imageSpec, upload, { ...news, [key]: value })).toMatchObject({ replaces: [key] });
    }
  });

  it("takes another path to the same content as no replacement", () => {
    const news = { file: "/b/disk.img.gz", fileHash: "h1", region: "us-iad", label: "a", cloudInit: false };
    expect(diffInputs(imageSpec, upload, news)).toMatchObject({ replaces: [], changed: ["file"] });
  });

  it("replaces a capture on another disk, keeps the disk's label while the program leaves it out", () => {
    const captured = { diskId: 3, label: "data", cloudInit: false, status: "available" };
    expect(diffInputs(imageSpec, captured, { diskId: 3, cloudInit: false })).toMatchObject({
      changes: false,
    });
    expect(diffInputs(imageSpec, captured, { diskId: 4, cloudInit: false })).toMatchObject({
      replaces: ["diskId"],
    });
  });

  it("reports a change while the image is not yet available", () => {
    const news = { file: "/a/disk.img.gz", fileHash: "h1", region: "us-iad", label: "a", cloudInit: false };
    expect(diffInputs(imageSpec, { ...upload, status: "pending_upload" }, news)).toMatchObject({
      changes: true,
      replaces: [],
    });
  });
});

describe("capture", () => {
  it("waits until available; outputs are the inputs and the computed fields, the same from read", async () => {
    const diskId = await readyDisk();
    const { id, outs, inputs } = await create({
      diskId: String(diskId),
      label: "golden",
      description: "base",
      cloudInit: true,
    });
    expect(inputs.diskId).toBe(diskId);
    expect(id).toMatch(/^private\/\d+$/);
    expect(outs).toMatchObject({
      status: "available",
      size: 100,
      isPublic: false,
      deprecated: false,
      capabilities: ["cloud-init"],
      type: "manual",
      createdBy: "owner",
      expiry: null,
      vendor: null,
    });
    await expectRoundTrip(id, outs, inputs);
    expect(await writeLines(t.control)).toContain("POST /images");
  });

  it("takes the disk's label when left out", async () => {
    const diskId = await readyDisk("root");
    const { id, outs, inputs } = await create({ diskId });
    expect(outs).toMatchObject({ label: "root", cloudInit: false });
    expect(diffInputs(imageSpec, outs, inputs)).toMatchObject({ changes: false });
    expect((await provider.read!(id, outs)).props).toEqual(outs);
  });
});

describe("upload", () => {
  it("sends the file, reports it, and waits until available; outputs round-trip", async () => {
    const { id, outs, inputs } = await create({
      file: gz,
      fileHash: "h1",
      region: "us-iad",
      label: "custom",
      description: "raw",
    });
    expect(outs).toMatchObject({ status: "available", size: 1, capabilities: [], cloudInit: false });
    await expectRoundTrip(id, outs, inputs);
    expect(await writeLines(t.control)).toEqual(["POST /images/upload"]);
    const size = formatBytes(fs.statSync(gz).size);
    expect(logged).toEqual(
      expect.arrayContaining([
        `uploading Image ${id} (custom): ${size} from ${gz}`,
        expect.stringMatching(new RegExp(`^uploaded Image ${id} \\(custom\\): ${size} in \\d+s$`)),
      ]),
    );
  });

  it("reports progress while the data goes out", async () => {
    const big = path.join(dir, "big.img.gz");
    fs.writeFileSync(big, Buffer.alloc(8 * 1024 ** 2, 1));
    // A receiver that reads slowly, so that the upload takes a while.
    const server = http.createServer((req, res) => {
      req.on("data", () => {
        req.pause();
        setTimeout(() => req.resume(), 5);
      });
      req.on("end", () => res.end());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const lines: string[] = [];
    try {
      const { port } = server.address() as AddressInfo;
      const image = { id: "private/9", label: "big" };
      await sendFile(image, `http://127.0.0.1:${port}/up`, big, { log: (l) => lines.push(l) }, 20);
    } finally {
      server.close();
      fs.rmSync(big);
    }
    expect(lines[0]).toBe(`uploading Image private/9 (big): 8 MB from ${big}`);
    expect(lines.at(-1)).toMatch(/^uploaded Image private\/9 \(big\): 8 MB in \d+s$/);
    const percents = lines
      .slice(1, -1)
      .map((l) => Number(/^uploading Image private\/9: (\d+)% of 8 MB$/.exec(l)![1]));
    expect(percents.length).toBeGreaterThan(1);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it("formats progress as percent of the size", () => {
    expect(uploadProgress("private/12", 48 * 1024 ** 2, 120 * 1024 ** 2)).toBe(
      "uploading Image private/12: 40% of 120 MB",
    );
    expect(formatBytes(4200)).toBe("4.1 KB");
    expect(formatBytes(12)).toBe("12 bytes");
    expect(formatBytes(5.5 * 1024 ** 3)).toBe("5.5 GB");
  });

  it("deletes the pending image when the upload URL refuses the data, naming the file", async () => {
    const inputs = checked({ file: plain, fileHash: "h", region: "us-iad", label: "bad" }).inputs;
    const err = await thrown(provider.create(inputs));
    expect(err).not.toBeInstanceOf(PartialFailure);
    expect(err.message).toMatch(
      new RegExp(
        `^Image create: file ${plain}: upload failed: \\[400\\] Image data must be a gzip file \\(PUT upload URL\\); ` +
          "the pending Image private/\\d+ \\(bad\\) was deleted$",
      ),
    );
    expect(err.message).not.toContain("token=");
    expect(await privateImages()).toEqual([]);
  });

  it("updates label and description in place, and clears a description left out", async () => {
    const { id, outs, inputs } = await create({
      file: gz,
      fileHash: "h1",
      region: "us-iad",
      label: "a",
      description: "d",
    });
    await t.control.clearRequests();
    const { outs: updated } = await provider.update!(id, outs, { ...inputs, label: "b", description: "e" });
    expect(updated).toMatchObject({ label: "b", description: "e", status: "available" });
    const { description: _, ...without } = inputs;
    const { outs: cleared } = await provider.update!(id, updated, { ...without, label: "b" });
    expect(Object.keys(cleared)).not.toContain("description");
    expect((await t.client.api.getImage({ params: { imageId: id } })).description).toBeNull();
    expect(await writeLines(t.control)).toEqual([`PUT /images/${id}`, `PUT /images/${id}`]);
  });
});

describe("a create whose answer is lost", () => {
  it("adopts the captured image the API made, not an older one with the same label", async () => {
    const diskId = await readyDisk();
    const older = await create({ diskId, label: "golden" });
    await t.control.clock({ advance_ms: 60_000 });
    await t.control.injectFault({ status: 502, lost: true, method: "POST", path: "/images" });
    const { id } = await create({ diskId, label: "golden" });
    expect(id).not.toBe(older.id);
    expect((await privateImages()).map((i) => i.id).sort()).toEqual([older.id, id].sort());
    expect(logged.join("\n")).toMatch(
      /Image golden: the create's answer was lost, but the API had created it/,
    );
  });

  it("deletes the pending image of a lost upload and uploads again", async () => {
    await t.control.injectFault({ status: 502, lost: true, method: "POST", path: "/images/upload" });
    const { id } = await create({ file: gz, fileHash: "h1", region: "us-iad", label: "custom" });
    const all = await privateImages();
    expect(all.map((i) => [i.id, i.status])).toEqual([[id, "available"]]);
    expect(await writeLines(t.control)).toEqual([
      "POST /images/upload",
      expect.stringMatching(/^DELETE \/images\/private\/\d+$/),
      "POST /images/upload",
    ]);
    expect(logged.join("\n")).toMatch(
      /Image custom: the upload's answer was lost with its upload URL in it; deleted the pending image it made \(private\/\d+\)/,
    );
  });
});

describe("an upload interrupted with an earlier run", () => {
  useJournalDir();

  it("deletes the pending image it made (its upload URL only its answer held), not an older one", async () => {
    const older = await t.client.api.uploadImage({ body: { label: "custom", region: "us-iad" } });
    const journalKey = "p/s/Image/custom";
    await writeEntry(journalFile(t.emulator.url, journalKey), {
      kind: "Image",
      before: [Number(older.image.id.split("/")[1])],
    });
    const orphan = await t.client.api.uploadImage({ body: { label: "custom", region: "us-iad" } });
    const { inputs } = checked({ file: gz, fileHash: "h1", region: "us-iad", label: "custom" });
    const { id } = await provider.create(inputs, { journalKey });
    const left = (await privateImages()).map((i) => i.id).sort();
    expect(left).toEqual([older.image.id, id].sort());
    expect(logged.join("\n")).toContain(
      `Image custom: an interrupted \`pulumi up\` had made ${orphan.image.id}, whose one-time upload URL only its answer held; removed`,
    );
    expect(await readEntry(journalFile(t.emulator.url, journalKey))).toBeUndefined();
  });
});
