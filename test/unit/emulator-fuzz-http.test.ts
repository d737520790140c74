/**
 * Raw HTTP fuzzing below any client: invalid JSON, any content type and bytes, unknown paths and
 * methods, malformed requests. The emulator never answers 5xx and always answers a JSON error body.
 */
import fc from "fast-check";
import { z } from "zod";
import { endpoints, type Endpoint } from "../../src/contract";
import { rawBytes, rawRequest, type RawAnswer } from "../support/raw-http";
import { useEmulator } from "../support/emulator";

const t = useEmulator();
const ALL = Object.values(endpoints) as Endpoint[];
const WRITES = ALL.filter((e) => e.method === "POST" || e.method === "PUT");
const RUNS = 150;
const ErrorAnswer = z.strictObject({
  errors: z.array(z.strictObject({ reason: z.string().min(1), field: z.string().optional() })).min(1),
});

const base = () => t.emulator.url.replace(/\/v4$/, "");
const filled = (e: Endpoint) => e.path.replace(/\{\w+\}/g, "1");
const auth = () => ({ Authorization: `Bearer ${t.emulator.token}` });

/** Not 5xx; JSON (an error body unless 2xx); HEAD and 204 without a body. */
function expectJsonAnswer(answer: RawAnswer, method: string): void {
  const context = `${method} -> ${answer.status} ${answer.text.slice(0, 200)}`;
  if (answer.status >= 500 || answer.status < 100) throw new Error(`bad status: ${context}`);
  if (method === "HEAD" || answer.status === 204) return;
  if (answer.headers["content-type"] !== "application/json") throw new Error(`not JSON: ${context}`);
  const body: unknown = JSON.parse(answer.text);
  if (answer.status >= 300 && !ErrorAnswer.safeParse(body).success)
    throw new Error(`not an error body: ${context}`);
}

const notJson = fc.string({ unit: "binary", maxLength: 60 }).filter((s) => {
  try {
    JSON.parse(s);
    return false;
  } catch {
    return s.trim() !== "";
  }
});

it("answers 400 'Request body must be valid JSON' to invalid JSON on every write endpoint", async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...WRITES), notJson, async (e, body) => {
      const answer = await rawRequest({
        method: e.method,
        url: `${t.emulator.url}${filled(e)}`,
        headers: { ...auth(), "Content-Type": "application/json" },
        body,
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toEqual({ errors: [{ reason: "Request body must be valid JSON" }] });
    }),
    { numRuns: RUNS },
  );
});

it("answers JSON, never 5xx, whatever the content type and bytes", async () => {
  const contentType = fc.constantFrom(
    "text/plain",
    "application/xml",
    "multipart/form-data; boundary=x",
    "application/x-www-form-urlencoded",
    "application/json; charset=latin1",
    "application/octet-stream",
    "",
    "garbage/\u00ff",
  );
  const bytes = fc.oneof(
    fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
    fc.jsonValue({ maxDepth: 3 }).map((v) => Buffer.from(JSON.stringify(v) ?? "null")),
    fc.constantFrom(Buffer.from([0xff, 0xfe, 0x00]), Buffer.from("\uFEFF{}"), Buffer.from("{".repeat(5000))),
  );
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...ALL), contentType, bytes, async (e, type, body) => {
      const headers: Record<string, string> = { ...auth() };
      if (type) headers["Content-Type"] = type.replace(/[^\x20-\x7e]/g, "?");
      const answer = await rawRequest({
        method: e.method,
        url: `${t.emulator.url}${filled(e)}`,
        headers,
        body,
      });
      expectJsonAnswer(answer, e.method);
    }),
    { numRuns: RUNS },
  );
});

it("answers unknown paths, methods and malformed escapes with a JSON error, never 5xx", async () => {
  const segment = fc.oneof(
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
    fc.constantFrom(
      "%",
      "%zz",
      "%E0%A4%A",
      "..",
      ".",
      "",
      "v4",
      "_emulator",
      "_upload",
      "images",
      "1",
      "%2F",
    ),
  );
  const prefix = fc.constantFrom(
    "/v4",
    "",
    "/_emulator",
    "/_upload/images",
    "/v4/compute/instances",
    "/v4/vpcs",
  );
  const method = fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD");
  const query = fc.constantFrom("", "?", "?page=%zz", "?page_size=&page=", "?a=1&a=2", "?%=%");
  await fc.assert(
    fc.asyncProperty(prefix, fc.array(segment, { maxLength: 4 }), query, method, async (p, segs, q, m) => {
      const path = `${p}/${segs.join("/")}${q}`;
      const answer = await rawRequest({ method: m, url: `${base()}${path}`, headers: auth() });
      expectJsonAnswer(answer, m);
      // `/v4/images` (GET) is a real endpoint; every other path under `/v4` these make is not.
      const known = p === "/v4" && segs[0] === "images";
      if (p === "/v4" && m !== "HEAD" && !known) expect([400, 401, 404, 405]).toContain(answer.status);
    }),
    { numRuns: RUNS },
  );
});

it("answers 405 to a known path with another method, and 404 to a malformed escape in a path", async () => {
  const patch = await rawRequest({ method: "PATCH", url: `${t.emulator.url}/vpcs`, headers: auth() });
  expect([patch.status, JSON.parse(patch.text)]).toEqual([
    405,
    { errors: [{ reason: "Method Not Allowed" }] },
  ]);
  const escape = await rawRequest({ method: "GET", url: `${t.emulator.url}/vpcs/%E0%A4%A`, headers: auth() });
  expect([escape.status, JSON.parse(escape.text)]).toEqual([404, { errors: [{ reason: "Not found" }] }]);
});

it.each([
  ["an unparsable absolute target", "GET http://[ HTTP/1.1\r\nHost: x\r\n\r\n"],
  ["no Host header", "GET /v4/nothing HTTP/1.1\r\n\r\n"],
  ["an asterisk target", "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n"],
])("answers a request with %s with a JSON 404", async (_what, request) => {
  const answer = await rawBytes(t.emulator.url, request);
  expect(answer).toMatch(/^HTTP\/1\.1 404 /);
  expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({
    errors: [{ reason: "Not found" }],
  });
});

it("answers a body over 1 MB with 400", async () => {
  const answer = await rawRequest({
    method: "POST",
    url: `${t.emulator.url}/vpcs`,
    headers: { ...auth(), "Content-Type": "application/json" },
    body: JSON.stringify({ label: "x".repeat(1024 * 1024 + 1) }),
  });
  expect([answer.status, JSON.parse(answer.text)]).toEqual([
    400,
    { errors: [{ reason: "Request body too large" }] },
  ]);
});

describe("requests the HTTP parser rejects", () => {
  it.each([
    ["an unknown method", "FOO /v4/vpcs HTTP/1.1\r\nHost: x\r\n\r\n"],
    ["a header without a colon", "GET /v4/vpcs HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n"],
    ["a bad Content-Length", "POST /v4/vpcs HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n"],
    ["a garbage request line", "\u0001\u0002 nonsense\r\n\r\n"],
    ["a space in the target", "GET /v4/vp cs HTTP/1.1\r\nHost: x\r\n\r\n"],
  ])("answer %s with a JSON 400", async (_what, request) => {
    const answer = await rawBytes(t.emulator.url, request);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain("Content-Type: application/json");
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toEqual({
      errors: [{ reason: "Malformed HTTP request" }],
    });
  });

  it("never get a 5xx or a non-JSON answer, whatever the bytes", async () => {
    const line = fc.string({ unit: "binary-ascii", maxLength: 80 });
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 4 }), async (lines) => {
        const answer = await rawBytes(t.emulator.url, `${lines.join("\r\n")}\r\n\r\n`);
        if (answer === "") return; // closed without an answer: an incomplete request
        const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1]);
        expect(status).toBeGreaterThanOrEqual(400);
        expect(status).toBeLessThan(500);
        expect(() => JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).not.toThrow();
      }),
      { numRuns: 60 },
    );
  });
});
