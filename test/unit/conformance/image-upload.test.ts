/** Image upload: POST /images/upload, the PUT to `upload_to`, processing and the 24-hour window. */
import { randomBytes } from "node:crypto";
import * as http from "node:http";
import * as net from "node:net";
import { gzipSync } from "node:zlib";
import axios from "axios";
import type { ImageUploadRequest } from "../../../src/contract";
import { apiError, badRequest, useEmulator } from "../../support/emulator";

const t = useEmulator();
/** A second emulator whose upload limit is 4 KiB, to test the size check. */
const small = useEmulator({ maxImageUploadBytes: 4096 });

const MB = 1024 * 1024;
const HOUR = 60 * 60 * 1000;
const PROCESSING = 60_000;

const start = (body: Partial<ImageUploadRequest> = {}, client = t.client) =>
  client.api.uploadImage({ body: { label: "uploaded", region: "us-iad", ...body } });

async function put(url: string, data: Buffer, contentType = "application/octet-stream") {
  const res = await axios.put(url, data, {
    headers: { "Content-Type": contentType },
    validateStatus: () => true,
    maxBodyLength: Infinity,
  });
  return { status: res.status, body: res.data as { errors?: { reason: string }[] } | "" };
}

const imageOf = (id: string, client = t.client) => client.api.getImage({ params: { imageId: id } });

describe("POST /images/upload", () => {
  it("creates a private image pending upload and answers an upload URL on the emulator", async () => {
    const { image, upload_to } = await start({ description: "raw disk", cloud_init: true });
    expect(image).toMatchObject({
      label: "uploaded",
      description: "raw disk",
      status: "pending_upload",
      is_public: false,
      type: "manual",
      created_by: "owner",
      capabilities: ["cloud-init"],
      size: 0,
    });
    const origin = new URL(t.emulator.url).origin;
    expect(upload_to.startsWith(`${origin}/_upload/images/`)).toBe(true);
    expect(new URL(upload_to).searchParams.get("token")).toMatch(/^[0-9a-f]{32,}$/);
  });

  it.each([
    ["label", { region: "us-iad" }, /label is required/],
    ["region", { label: "x" }, /region is required/],
    ["description", { label: "x", region: "us-iad", description: "" }, /1\.\.65000/],
  ])("rejects a missing or bad %s: %j", async (field, body, reason) => {
    await badRequest(t.client.api.uploadImage({ body: body as never }), field, reason);
  });

  it("rejects a region that does not exist", async () => {
    await badRequest(start({ region: "mars-1" }), "region", /does not exist/);
  });

  it("needs images:read_write", async () => {
    const { token } = await t.control.seedUser({ username: "ro", scopes: "images:read_only" });
    await apiError(start({}, t.clientFor(token)), 401);
  });
});

describe("PUT to upload_to", () => {
  it("accepts gzip data; the image becomes available after processing, size in MB rounded up", async () => {
    const { image, upload_to } = await start();
    const data = Buffer.alloc(3 * MB + 1, 7);
    expect(await put(upload_to, gzipSync(data))).toEqual({ status: 200, body: "" });
    await expect(imageOf(image.id)).resolves.toMatchObject({ status: "pending_upload" });
    await t.control.clock({ advance_ms: PROCESSING });
    await expect(imageOf(image.id)).resolves.toMatchObject({ status: "available", size: 4 });
  });

  it("gives a tiny image a size of at least 1 MB", async () => {
    const { image, upload_to } = await start();
    expect((await put(upload_to, gzipSync(Buffer.from("x")))).status).toBe(200);
    await t.control.clock({ advance_ms: PROCESSING });
    await expect(imageOf(image.id)).resolves.toMatchObject({ status: "available", size: 1 });
  });

  it("records image_upload, started on arrival and finished after processing", async () => {
    const { image, upload_to } = await start();
    await put(upload_to, gzipSync(Buffer.from("data")));
    const [arrived] = await t.control.events({ action: "image_upload" });
    expect(arrived).toMatchObject({ status: "started", entity: { type: "image", id: image.id } });
    await t.control.clock({ advance_ms: PROCESSING });
    await imageOf(image.id);
    const [done] = await t.control.events({ action: "image_upload" });
    expect(done).toMatchObject({ id: arrived!.id, status: "finished", percent_complete: 100 });
  });

  it.each([
    ["not gzip", Buffer.from("plain text, not compressed")],
    ["empty", Buffer.alloc(0)],
    ["gzip magic but truncated", gzipSync(Buffer.alloc(10_000, 1)).subarray(0, 20)],
    ["gzip magic then garbage", Buffer.concat([Buffer.from([0x1f, 0x8b]), randomBytes(64)])],
  ])("rejects %s data with 400; the image stays pending_upload", async (_name, data) => {
    const { image, upload_to } = await start();
    const res = await put(upload_to, data);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/gzip/);
    await t.control.clock({ advance_ms: PROCESSING });
    await expect(imageOf(image.id)).resolves.toMatchObject({ status: "pending_upload", size: 0 });
  });

  it("leaves the URL usable after rejected data", async () => {
    const { image, upload_to } = await start();
    expect((await put(upload_to, Buffer.from("nope"))).status).toBe(400);
    expect((await put(upload_to, gzipSync(Buffer.from("yes")))).status).toBe(200);
    await t.control.clock({ advance_ms: PROCESSING });
    await expect(imageOf(image.id)).resolves.toMatchObject({ status: "available" });
  });

  it("requires Content-Type application/octet-stream", async () => {
    const { upload_to } = await start();
    const res = await put(upload_to, gzipSync(Buffer.from("x")), "application/json");
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/application\/octet-stream/);
  });

  it("answers 404 to an unknown URL or token, 400 to a used URL", async () => {
    const { upload_to } = await start();
    const url = new URL(upload_to);
    const data = gzipSync(Buffer.from("x"));
    url.searchParams.set("token", "0".repeat(48));
    expect((await put(url.toString(), data)).status).toBe(404);
    expect((await put(`${url.origin}/_upload/images/999?token=abc`, data)).status).toBe(404);
    expect((await put(upload_to, data)).status).toBe(200);
    const again = await put(upload_to, data);
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toMatch(/already been used/);
  });

  it("answers 404 once the image is deleted", async () => {
    const { image, upload_to } = await start();
    await t.client.api.deleteImage({ params: { imageId: image.id } });
    expect((await put(upload_to, gzipSync(Buffer.from("x")))).status).toBe(404);
  });

  it("refuses data above the size limit with 413: declared, or counted as it streams in", async () => {
    const { image, upload_to } = await start({}, small.client);
    const res = await put(upload_to, gzipSync(randomBytes(8192)));
    expect(res.status).toBe(413);
    expect(await putChunked(upload_to, gzipSync(randomBytes(8192)))).toBe(413);
    await expect(imageOf(image.id, small.client)).resolves.toMatchObject({ status: "pending_upload" });
    expect((await put(upload_to, gzipSync(Buffer.alloc(8192)))).status).toBe(200);
  });

  it("refuses a declared Content-Length above 5 GB before reading the body", async () => {
    const { upload_to } = await start();
    const url = new URL(upload_to);
    const head = await rawPutHead(url, 5 * 1024 ** 3 + 1);
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(head).toMatch(/5 GB/);
  });
});

describe("the 24-hour window", () => {
  it("deletes an image whose data has not arrived within 24 hours", async () => {
    const { image, upload_to } = await start();
    await t.control.clock({ advance_ms: 24 * HOUR - 60_000 });
    await expect(imageOf(image.id)).resolves.toMatchObject({ status: "pending_upload" });
    await t.control.clock({ advance_ms: 60_000 });
    await apiError(imageOf(image.id), 404);
    expect((await put(upload_to, gzipSync(Buffer.from("late")))).status).toBe(404);
  });

  it("keeps an uploaded image", async () => {
    const { image, upload_to } = await start();
    await put(upload_to, gzipSync(Buffer.from("in time")));
    await t.control.clock({ advance_ms: 25 * HOUR });
    await expect(imageOf(image.id)).resolves.toMatchObject({ status: "available" });
  });
});

/** PUTs `data` in 1 KiB chunks without a Content-Length; answers the status. */
function putChunked(url: string, data: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "PUT", headers: { "Content-Type": "application/octet-stream" } });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    for (let i = 0; i < data.length; i += 1024) req.write(data.subarray(i, i + 1024));
    req.end();
  });
}

/** Sends only the head of a PUT declaring `length` bytes and answers the response's first bytes. */
function rawPutHead(url: URL, length: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(
        `PUT ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n` +
          `Content-Type: application/octet-stream\r\nContent-Length: ${length}\r\n\r\n`,
      );
    });
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      if (received.includes("\r\n\r\n") && received.includes("}")) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(received));
  });
}
