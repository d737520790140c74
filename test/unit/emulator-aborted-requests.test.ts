/**
 * Clients that go away mid-body (a Content-Length larger than what they send, then a close or a
 * reset): the emulator CLI prints no stack trace, does nothing, and keeps serving.
 */
import * as net from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { ComputeClient, ControlClient } from "../../src/client";
import { startEmulatorProcess, type EmulatorProcess } from "../support/emulator-process";

jest.setTimeout(60_000);

const TOKEN = "aborted-requests-token";

/** Sends the head of a request promising 1,000 bytes of body and `partial` of them, then closes
 * (`end`: a FIN) or resets (`reset`: an RST); resolves once the socket is closed. */
function abortMidBody(url: string, head: string, partial: string, how: "end" | "reset"): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`${head}\r\nHost: emulator\r\nContent-Length: 1000\r\n\r\n${partial}`);
      // Let the server read the head and start on the body before going away.
      setTimeout(() => (how === "end" ? socket.end() : socket.resetAndDestroy()), 50);
    });
    socket.on("error", () => undefined);
    socket.on("close", () => resolve());
    socket.resume();
  });
}

let proc: EmulatorProcess;
let output = "";
beforeAll(async () => {
  proc = await startEmulatorProcess(["--token", TOKEN]);
  proc.child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  proc.child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
});
afterAll(() => proc?.stop());

it("prints nothing, does nothing and keeps serving", async () => {
  const api = new ComputeClient({ baseUrl: proc.url, token: TOKEN, retry: { retries: 0 } });
  const control = ControlClient.forApi(proc.url);
  const upload = await api.api.uploadImage({ body: { label: "img", region: "us-iad" } });
  const uploadPath = new URL(upload.upload_to).pathname + new URL(upload.upload_to).search;
  const auth = `Authorization: Bearer ${TOKEN}\r\nContent-Type: application/json`;
  const requests = [
    [`POST /v4/vpcs HTTP/1.1\r\n${auth}`, '{"label":"half","reg'],
    [`PUT /v4/profile HTTP/1.1\r\n${auth}`, ""],
    [`POST /_emulator/users HTTP/1.1\r\n${auth}`, '{"username":'],
    [`PUT ${uploadPath} HTTP/1.1\r\nContent-Type: application/octet-stream`, "\x1f\x8b\x08"],
  ];
  for (const [head, partial] of requests) {
    for (const how of ["end", "reset"] as const) await abortMidBody(proc.url, head!, partial!, how);
  }

  // The emulator answers a whole request after them, and each abort has had time to be reported.
  await expect(api.api.listVpcs()).resolves.toMatchObject({ results: 0 });
  await delay(300);
  expect(output).not.toMatch(/^\s+at /m);
  expect(output).not.toMatch(/Error/);
  expect(output).toBe("");
  await expect(api.api.createVpc({ body: { label: "whole", region: "us-iad" } })).resolves.toMatchObject({
    label: "whole",
  });
  expect((await control.requests()).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
    "POST /images/upload 200",
    "GET /vpcs 200",
    "POST /vpcs 200",
  ]);
});
