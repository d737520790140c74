/**
 * Bad input below any client: bodies that are not JSON objects (`null` included), bodies nested
 * thousands of levels deep, methods a path does not list (405 with `Allow`), and control-API seeds
 * of grants without a label. Every operation with a body, as fast-check properties: a 400, never 5xx.
 */
import fc from "fast-check";
import { endpoints, type Endpoint } from "../../src/contract";
import { MAX_JSON_DEPTH, tooDeep } from "../../src/emulator/json-depth";
import { useEmulator } from "../support/emulator";
import { rawRequest, type RawAnswer } from "../support/raw-http";

const t = useEmulator();
const ALL = Object.values(endpoints) as Endpoint[];
/** Every operation that takes a body (bodyless POSTs too: their body must still be an object). */
const WITH_BODY = ALL.filter((e) => e.method === "POST" || e.method === "PUT");
const RUNS = 300;

/** Path IDs that pass the path schemas, so the body is what is judged. */
const SAMPLE_PARAMS: Record<string, string> = { imageId: "private/1", kernelId: "compute/latest-64bit" };
const filled = (e: Endpoint) => e.path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE_PARAMS[name] ?? "1");
const auth = () => ({ Authorization: `Bearer ${t.emulator.token}` });

function send(method: string, path: string, body?: string, token = t.emulator.token): Promise<RawAnswer> {
  return rawRequest({
    method,
    url: `${t.emulator.url}${path}`,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body,
  });
}

const errorsOf = (answer: RawAnswer): unknown => JSON.parse(answer.text);

/** `levels` objects and arrays around `leaf`, as text (JSON.stringify itself overflows at ~5,000). */
function nestedText(levels: number, leaf = '"deep"'): string {
  let open = "";
  let close = "";
  for (let i = 0; i < levels; i++) {
    open += i % 2 ? "[" : '{"a":';
    close = (i % 2 ? "]" : "}") + close;
  }
  return `${open}${leaf}${close}`;
}

const NOT_OBJECT = { errors: [{ reason: "Request body must be a JSON object" }] };

describe("a body that is not a JSON object", () => {
  it("is a 400 naming the body on every operation with a body, whatever the value", async () => {
    const notObject = fc.oneof(
      fc.constant(null),
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
      fc.string({ maxLength: 20 }),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WITH_BODY), notObject, async (e, value) => {
        const answer = await send(e.method, filled(e), JSON.stringify(value));
        expect([e.name, answer.status, errorsOf(answer)]).toEqual([e.name, 400, NOT_OBJECT]);
      }),
      { numRuns: RUNS },
    );
  });

  it("is a 400 on each operation with a body, and so is a body 5,000 levels deep", async () => {
    for (const e of WITH_BODY) {
      for (const body of ["null", "[]", '"x"', "1", "true", `{"a":${nestedText(5000)}}`]) {
        const answer = await send(e.method, filled(e), body);
        expect([e.name, body.slice(0, 10), answer.status]).toEqual([e.name, body.slice(0, 10), 400]);
      }
    }
  });

  it("null to POST /profile/tokens mints no token", async () => {
    const before = await t.client.api.listProfileTokens();
    const answer = await send("POST", "/profile/tokens", "null");
    expect([answer.status, errorsOf(answer)]).toEqual([400, NOT_OBJECT]);
    await expect(t.client.api.listProfileTokens()).resolves.toEqual(before);
  });

  it("null to PUT /profile/preferences keeps the preferences", async () => {
    await t.client.api.updateProfilePreferences({ body: { theme: "dark" } });
    const answer = await send("PUT", "/profile/preferences", "null");
    expect([answer.status, errorsOf(answer)]).toEqual([400, NOT_OBJECT]);
    await expect(t.client.api.getProfilePreferences()).resolves.toEqual({ theme: "dark" });
  });

  it("an empty body still means no fields", async () => {
    const answer = await rawRequest({
      method: "POST",
      url: `${t.emulator.url}/profile/tokens`,
      headers: auth(),
    });
    expect(answer.status).toBe(200);
  });
});

describe("a body nested deeper than the limit", () => {
  it(`is measured at any depth: over ${MAX_JSON_DEPTH} levels, under the top-level key`, () => {
    expect(tooDeep(JSON.parse(nestedText(MAX_JSON_DEPTH)))).toBeUndefined();
    expect(tooDeep(JSON.parse(nestedText(MAX_JSON_DEPTH + 1)))).toBe("a");
    expect(tooDeep(JSON.parse(`{"x":1,"deep":${nestedText(MAX_JSON_DEPTH)}}`))).toBe("deep");
    expect(tooDeep(JSON.parse(`[${nestedText(MAX_JSON_DEPTH)}]`))).toBe("");
    expect(tooDeep(JSON.parse(nestedText(200_000)))).toBe("a");
  });

  it.each([
    ["PUT", "/profile/preferences", (deep: string) => `{"sort":${deep}}`, "sort"],
    [
      "POST",
      "/compute/instances",
      (deep: string) =>
        `{"region":"us-east","type":"g6-nanode-1","image":"compute/debian12","root_pass":"Aa1!x9#Lq2@w",` +
        `"stackscript_id":1,"stackscript_data":${deep}}`,
      "stackscript_data",
    ],
  ])("%s %s: 5,000 levels (over 20 KB) is a 400 naming the field", async (method, path, body, field) => {
    const text = body(nestedText(5000));
    expect(text.length).toBeGreaterThan(20_000);
    const answer = await send(method, path, text);
    expect([answer.status, errorsOf(answer)]).toEqual([
      400,
      {
        errors: [
          {
            reason: `${field} nests too deeply: a request body allows at most ${MAX_JSON_DEPTH} levels`,
            field,
          },
        ],
      },
    ]);
  });

  it("gives a 400 naming the top-level key on every operation with a body, never 5xx", async () => {
    const key = fc.oneof(
      fc.constantFrom("a", "stackscript_data", "label", "devices"),
      fc.string({ minLength: 1, maxLength: 8 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WITH_BODY),
        key,
        fc.integer({ min: MAX_JSON_DEPTH, max: 6000 }),
        async (e, name, levels) => {
          const answer = await send(e.method, filled(e), `{${JSON.stringify(name)}:${nestedText(levels)}}`);
          expect([e.name, answer.status]).toEqual([e.name, 400]);
          expect(errorsOf(answer)).toEqual({ errors: [expect.objectContaining({ field: name })] });
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("up to the limit, any nesting anywhere gets an answer, never 5xx", async () => {
    // Values as deep as allowed, in the body's own fields and in free-form ones.
    const deepValue = fc
      .tuple(fc.integer({ min: 1, max: MAX_JSON_DEPTH - 1 }), fc.jsonValue({ maxDepth: 1 }))
      .map(([levels, leaf]) => nestedText(levels, JSON.stringify(leaf)));
    const field = (e: Endpoint) =>
      fc.oneof(
        fc.constantFrom(
          ...Object.keys((e.body as { shape?: object }).shape ?? {}),
          "stackscript_data",
          "theme",
        ),
        fc.string({ maxLength: 8 }),
      );
    const request = fc
      .constantFrom(...WITH_BODY)
      .chain((e) => fc.tuple(fc.constant(e), fc.dictionary(field(e), deepValue, { maxKeys: 3 })));
    await fc.assert(
      fc.asyncProperty(request, async ([e, fields]) => {
        const body = `{${Object.entries(fields)
          .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
          .join(",")}}`;
        const answer = await send(e.method, filled(e), body);
        if (answer.status >= 500)
          throw new Error(`${e.method} ${filled(e)} -> ${answer.status} ${answer.text}`);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("a method the path does not list", () => {
  it("is a 405 with Allow naming the path's methods", async () => {
    const cases: [string, string, string][] = [
      ["PATCH", "/vpcs", "GET, POST"],
      ["POST", "/vpcs/1", "GET, PUT, DELETE"],
      ["DELETE", "/profile/preferences", "GET, PUT"],
      ["PUT", "/regions/availability", "GET"],
      ["OPTIONS", "/images/private/1", "GET, PUT, DELETE"],
    ];
    for (const [method, path, allow] of cases) {
      const answer = await rawRequest({ method, url: `${t.emulator.url}${path}`, headers: auth() });
      expect([method, path, answer.status, answer.headers.allow, errorsOf(answer)]).toEqual([
        method,
        path,
        405,
        allow,
        { errors: [{ reason: "Method Not Allowed" }] },
      ]);
    }
  });

  it("lists exactly the methods of the contract's endpoints at that path, for every path", async () => {
    const byPath = new Map<string, Endpoint[]>();
    for (const e of ALL) byPath.set(e.path, [...(byPath.get(e.path) ?? []), e]);
    for (const [path, list] of byPath) {
      const methods = list.map((e) => e.method);
      const answer = await rawRequest({
        method: "PATCH",
        url: `${t.emulator.url}${filled(list[0]!)}`,
        headers: auth(),
      });
      expect([path, answer.status]).toEqual([path, 405]);
      expect([path, answer.headers.allow!.split(", ").sort()]).toEqual([path, [...methods].sort()]);
    }
  });
});

describe("seeding a restricted user's grants through the control API", () => {
  const seed = (body: unknown) =>
    rawRequest({
      method: "POST",
      url: `${t.emulator.controlUrl}/users`,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  it("fills a grant's missing label from the entity; GET /profile/grants answers it", async () => {
    const vpc = await t.client.api.createVpc({ body: { label: "granted", region: "us-iad" } });
    const seeded = await seed({
      username: "no-label",
      restricted: true,
      grants: { vpc: [{ id: vpc.id, permissions: "read_only" }] },
    });
    expect(seeded.status).toBe(200);
    const { token } = JSON.parse(seeded.text) as { token: string };
    const answer = await send("GET", "/profile/grants", undefined, token);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({
      vpc: [{ id: vpc.id, permissions: "read_only", label: "granted" }],
    });
  });

  it("refuses a grant without a label on an entity the emulator does not hold, naming the field", async () => {
    const answer = await seed({
      username: "no-entity",
      restricted: true,
      grants: {
        compute: [{ id: 424242, permissions: "read_write" }],
        volume: [{ id: 7, permissions: null }],
      },
    });
    expect([answer.status, errorsOf(answer)]).toEqual([
      400,
      {
        errors: [
          {
            field: "grants.compute[0].label",
            reason: "label is required: the emulator holds no compute 424242 to take it from",
          },
          {
            field: "grants.volume[0].label",
            reason: "label is required: the emulator holds no volume 7 to take it from",
          },
        ],
      },
    ]);
  });

  it("refuses malformed grants with a 400 naming the field, never a 500 later", async () => {
    for (const [grants, field] of [
      [{ compute: [{ id: "x", permissions: "read_only", label: "a" }] }, "grants.compute[0].id"],
      [{ compute: [{ id: 1, permissions: "all", label: "a" }] }, "grants.compute[0].permissions"],
      [{ global: { add_vpcs: "yes" } }, "grants.global.add_vpcs"],
      [{ vpc: "everything" }, "grants.vpc"],
    ] as const) {
      const answer = await seed({ username: "bad", restricted: true, grants });
      expect([field, answer.status, errorsOf(answer)]).toEqual([
        field,
        400,
        { errors: [expect.objectContaining({ field })] },
      ]);
    }
    const unknown = await seed({ username: "bad", restricted: true, grants: { computes: [] } });
    expect(unknown.status).toBe(400);
  });
});
