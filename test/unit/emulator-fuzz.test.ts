/**
 * Property-based fuzzing of every endpoint in the contract's `endpoints` map (areas added later are
 * covered as they land): arbitrary and malformed path parameters, query parameters, JSON bodies,
 * tokens and X-Filter headers. The emulator must never answer 5xx, and must always answer JSON:
 * a body valid for the endpoint, or `{errors: [{reason, field?}]}`, with a status the OpenAPI
 * document declares for the operation.
 */
import fc from "fast-check";
import { z } from "zod";
import { endpoints, type Endpoint } from "../../src/contract";
import { buildRouter, startEmulator, type Emulator } from "../../src/emulator";
import { Jobs } from "../../src/emulator/jobs";
import {
  emptyPools,
  fromSchema,
  harvest,
  harvestListIds,
  inputSchema,
  junkString,
  junkValue,
  type Pools,
} from "../support/fuzz-arbitraries";
import { undeclared } from "../support/declared-statuses";
import { rawRequest, type RawAnswer } from "../support/raw-http";

const ALL = Object.values(endpoints) as Endpoint[];
/** Runs per endpoint, so the whole file stays within seconds however many endpoints there are. */
const RUNS = Math.max(8, Math.min(40, Math.floor(3000 / ALL.length)));
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

const StrictErrorBody = z.strictObject({
  errors: z.array(z.strictObject({ reason: z.string().min(1), field: z.string().optional() })).min(1),
});

let emulator: Emulator;
/** The emulator's routing, to know which endpoint answered. */
const router = buildRouter(new Jobs());
let restrictedToken: string;
const pools: Pools = emptyPools();

interface Sent {
  method: string;
  path: string;
  token: string | undefined;
  headers: Record<string, string>;
  body: string | undefined;
}

async function send(sent: Sent): Promise<RawAnswer> {
  const headers: Record<string, string> = { ...sent.headers };
  if (sent.token !== undefined) headers.Authorization = `Bearer ${sent.token}`;
  if (sent.body !== undefined) headers["Content-Type"] = "application/json";
  return rawRequest({ method: sent.method, url: `${emulator.url}${sent.path}`, headers, body: sent.body });
}

/** Statuses per endpoint, printed at the end with FUZZ_REPORT=1 (to see how deep the runs reach). */
const report = new Map<string, Map<number, number>>();

/** The answer is JSON: valid for an endpoint of that method, or the error body; never 5xx. */
function checkAnswer(endpoint: Endpoint, sent: Sent, answer: RawAnswer): void {
  const counts = report.get(endpoint.name) ?? new Map<number, number>();
  report.set(endpoint.name, counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1));
  const context = `${sent.method} ${sent.path.slice(0, 200)} -> ${answer.status} ${answer.text.slice(0, 300)}`;
  if (answer.status >= 500) throw new Error(`5xx: ${context}`);
  const problem = undeclared({ method: sent.method, path: sent.path.split("?")[0]!, status: answer.status });
  if (problem) throw new Error(`not in the OpenAPI document: ${problem}: ${context}`);
  if (answer.status === 204) {
    if (answer.text !== "") throw new Error(`204 with a body: ${context}`);
    return;
  }
  if (answer.headers["content-type"] !== "application/json") throw new Error(`not JSON: ${context}`);
  const body: unknown = JSON.parse(answer.text);
  if (answer.status >= 200 && answer.status < 300) {
    // A fuzzed parameter may route elsewhere (`/regions/availability`): check against that endpoint.
    const routed = router.match(sent.method, sent.path.split("?")[0]!) ?? endpoint;
    if (!routed.response.safeParse(body).success)
      throw new Error(`off-contract for ${routed.name}: ${context}`);
  } else if (!StrictErrorBody.safeParse(body).success) {
    throw new Error(`not an error body: ${context}`);
  }
}

const asText = (v: unknown) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""));

function paramValue(name: string, schema: Record<string, unknown> | undefined): fc.Arbitrary<string> {
  const shaped = fromSchema(schema ?? { type: "string" }, pools).map(asText);
  const seen = (pools.byKey.get(name) ?? []).map(String);
  const value = fc.oneof(
    shaped,
    junkString,
    fc.constantFrom(...pools.ints.map(String)),
    ...(seen.length ? [{ weight: 3, arbitrary: fc.constantFrom(...seen) }] : []),
  );
  // Raw when it is printable ASCII (malformed %-escapes included), else encoded; slashes kept sometimes.
  return fc.tuple(value, fc.boolean()).map(([v, keepSlash]) => {
    if (/^[\x21-\x7e]*$/.test(v) && !/[?#]/.test(v) && v !== "") return v;
    const encoded = encodeURIComponent(v);
    return keepSlash ? encoded.replace(/%2F/gi, "/") : encoded;
  });
}

function requestFor(endpoint: Endpoint): fc.Arbitrary<Sent> {
  const params = inputSchema(endpoint.params);
  const paramProps = (params.properties ?? {}) as Record<string, Record<string, unknown>>;
  const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const path = fc
    .tuple(...names.map((n) => paramValue(n, paramProps[n])))
    .map((values) => endpoint.path.replace(/\{(\w+)\}/g, () => values.shift() ?? ""));

  const query = inputSchema(endpoint.query);
  const queryKeys = Object.keys((query.properties ?? {}) as object);
  const queryEntry = fc.tuple(
    queryKeys.length
      ? fc.oneof(fc.constantFrom(...queryKeys), fc.string({ maxLength: 8 }))
      : fc.string({ maxLength: 8 }),
    fc.oneof(junkString, fc.integer().map(String), fc.constantFrom(...pools.strings, "1")),
  );
  const shapedQuery = fromSchema(query, pools).map((q) =>
    q && typeof q === "object" && !Array.isArray(q)
      ? Object.entries(q).map(([k, v]) => [k, asText(v)] as [string, string])
      : [["q", asText(q)] as [string, string]],
  );
  const search = fc
    .oneof(
      { weight: 3, arbitrary: shapedQuery },
      { weight: 2, arbitrary: fc.array(queryEntry, { maxLength: 4 }) },
    )
    .map((entries) => {
      const text = new URLSearchParams(entries).toString();
      return text ? `?${text}` : "";
    });

  const body = fc.oneof(
    { weight: 6, arbitrary: fromSchema(inputSchema(endpoint.body), pools).map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: junkValue.map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const token = fc.oneof(
    { weight: 12, arbitrary: fc.constant(emulator.token) },
    { weight: 1, arbitrary: fc.constant(restrictedToken) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.string({ maxLength: 70 }).filter((s) => /^[\x21-\x7e]+$/.test(s)) },
  );
  const xFilter = fc.oneof(
    { weight: 6, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.json({ maxDepth: 3 }).filter((s) => /^[\x20-\x7e]*$/.test(s)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"label":"x"}',
        '{"+order_by":"id","+order":"desc"}',
        '{"id":{"+gte":1}}',
        "{",
      ),
    },
  );
  return fc.record({ path, search, body, token, xFilter }).map(({ path, search, body, token, xFilter }) => {
    const headers: Record<string, string> = {};
    if (xFilter !== undefined) headers["X-Filter"] = xFilter;
    return { method: endpoint.method, path: `${path}${search}`, token, headers, body };
  });
}

/** Every GET without path parameters, answered to the owner: its strings and IDs feed the pools. */
async function harvestState(): Promise<void> {
  for (const e of ALL.filter((e) => e.method === "GET" && !e.path.includes("{"))) {
    const answer = await send({
      method: "GET",
      path: e.path,
      token: emulator.token,
      headers: {},
      body: undefined,
    });
    if (answer.status !== 200) continue;
    const body: unknown = JSON.parse(answer.text);
    harvest(body, pools);
    harvestListIds(e.path, body, pools);
  }
}

beforeAll(async () => {
  emulator = await startEmulator();
  const seeded = await fetch(`${emulator.controlUrl}/users`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "fuzz-restricted", restricted: true }),
  });
  restrictedToken = ((await seeded.json()) as { token: string }).token;
  await harvestState();
  // Some state to find: creates with well-shaped bodies (many still fail validation; no 5xx allowed here either).
  for (const e of ALL.filter((e) => e.method === "POST" && !e.path.includes("{"))) {
    const bodies = fc.sample(fromSchema(inputSchema(e.body), pools, false), { numRuns: 60, seed: SEED });
    for (const b of bodies) {
      const sent = {
        method: "POST",
        path: e.path,
        token: emulator.token,
        headers: {},
        body: JSON.stringify(b),
      };
      checkAnswer(e, sent, await send(sent));
    }
  }
  await harvestState();
}, 60_000);
afterAll(async () => {
  await emulator?.close();
  if (process.env.FUZZ_REPORT) {
    const lines = [...report].map(
      ([name, counts]) => `${name}: ${[...counts].map(([s, n]) => `${s}x${n}`).join(" ")}`,
    );
    console.log(lines.join("\n"));
  }
});

it(`has endpoints to fuzz (${RUNS} runs each, seed ${SEED}: FUZZ_SEED=${SEED} repeats this run)`, () => {
  expect(ALL.length).toBeGreaterThan(10);
});

describe.each(ALL.map((e) => [`${e.method} ${e.path}`, e] as const))("%s", (_name, endpoint) => {
  it("never answers 5xx; always a valid answer or the error body", async () => {
    await fc.assert(
      fc.asyncProperty(requestFor(endpoint), async (sent) => checkAnswer(endpoint, sent, await send(sent))),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  });
});
