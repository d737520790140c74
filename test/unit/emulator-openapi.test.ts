/** The OpenAPI 3.1 document built from the contract's `endpoints` map, and where the emulator serves it. */
import { z } from "zod";
import { endpoint, endpoints, type Endpoint } from "../../src/contract";
import { buildDocument, grantsApply, openApiDocument } from "../../src/emulator/openapi";
import { undeclared } from "../support/declared-statuses";
import { useEmulator } from "../support/emulator";

const t = useEmulator();
const all = Object.values(endpoints) as Endpoint[];
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const doc = openApiDocument("/v4") as Json;
const operation = (e: Endpoint): Json => doc.paths[e.path]?.[e.method.toLowerCase()];
const shapeKeys = (schema: unknown) => Object.keys((schema as { shape?: object }).shape ?? {});

function resolve(document: Json, ref: string): unknown {
  return ref
    .replace(/^#\//, "")
    .split("/")
    .reduce<Json | undefined>((node, key) => node?.[key], document);
}

function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refs(v, found));
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if (key === "$ref" && typeof v === "string") found.push(v);
      else refs(v, found);
    }
  }
  return found;
}

it("is OpenAPI 3.1 and survives a JSON round trip unchanged", () => {
  expect(doc.openapi).toBe("3.1.0");
  expect(doc.info).toMatchObject({ title: expect.any(String), version: "4.174.0" });
  expect(JSON.parse(JSON.stringify(doc))).toStrictEqual(doc);
});

it("has one operation per endpoint of the map, and no other", () => {
  const operations = Object.values(doc.paths as Json).flatMap((p) => Object.values(p as Json)) as Json[];
  expect(operations.map((o) => o.operationId).sort()).toEqual(all.map((e) => e.name).sort());
});

describe.each(all.map((e) => [e.name, e] as const))("%s", (_name, e) => {
  it("is at its path and method, with the auth and scopes of the contract", () => {
    const op = operation(e);
    expect(op).toMatchObject({ operationId: e.name, summary: e.summary });
    const expected =
      e.auth === "public"
        ? []
        : e.auth === "optional"
          ? [{ bearerToken: e.scopes }, {}]
          : [{ bearerToken: e.scopes }];
    expect(op.security).toEqual(expected);
  });

  it("declares every path parameter of the template and every query parameter", () => {
    const op = operation(e);
    const templateNames = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const inPath = op.parameters.filter((p: Json) => p.in === "path");
    expect(inPath.map((p: Json) => p.name)).toEqual(templateNames);
    for (const p of inPath) expect(p).toMatchObject({ required: true, schema: expect.any(Object) });
    expect(op.parameters.filter((p: Json) => p.in === "query").map((p: Json) => p.name)).toEqual(
      shapeKeys(e.query),
    );
  });

  it("has a JSON schema for the request body (when there is one), the answer and the error", () => {
    const op = operation(e);
    const bodyKeys = shapeKeys(e.body);
    if ((e.method === "POST" || e.method === "PUT") && bodyKeys.length) {
      const schema = op.requestBody.content["application/json"].schema;
      expect(Object.keys(schema.properties)).toEqual(bodyKeys);
    }
    expect(op.responses["200"].content["application/json"].schema).toEqual(expect.any(Object));
    expect(op.responses.default).toEqual({ $ref: "#/components/responses/Error" });
    expect(op.responses["429"]).toEqual({ $ref: "#/components/responses/TooManyRequests" });
  });

  it("declares the error statuses it answers: 400 always, 401 unless public, 404 with path IDs", () => {
    const declared = Object.keys(operation(e).responses);
    expect(declared).toContain("400");
    expect(declared.includes("401")).toBe(e.auth !== "public");
    if (e.path.includes("{")) expect(declared).toContain("404");
    expect(declared.includes("403")).toBe(grantsApply(e));
    expect(declared.includes("204")).toBe(e.response.safeParse(undefined).success);
    for (const status of declared.filter((s) => /^4/.test(s))) {
      expect(resolve(doc, operation(e).responses[status].$ref)).toMatchObject({
        content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorBody" } } },
      });
    }
  });
});

describe("statuses", () => {
  const declared = (e: Endpoint) => Object.keys(operation(e).responses);

  it("GET /profile/grants declares 204 with no content, and 200 with the grants", () => {
    const { responses } = operation(endpoints.getProfileGrants);
    expect(responses["204"]).toEqual({ description: expect.any(String) });
    expect(responses["200"].content["application/json"].schema).toMatchObject({
      type: "object",
      properties: { global: expect.any(Object), compute: expect.any(Object) },
    });
    expect(all.filter((e) => declared(e).includes("204")).map((e) => e.name)).toEqual(["getProfileGrants"]);
  });

  it("declares 403 where grants apply: entity writes and creates, account-level operations", () => {
    const withForbidden = [
      endpoints.createVpc,
      endpoints.updateVpc,
      endpoints.deleteInstance,
      endpoints.bootInstance,
      endpoints.createImage,
      endpoints.createStackScript,
      endpoints.listTags,
    ];
    for (const e of withForbidden)
      expect([e.name, declared(e)]).toEqual([e.name, expect.arrayContaining(["403"])]);
    for (const e of [
      endpoints.getVpc,
      endpoints.listInstances,
      endpoints.getProfile,
      endpoints.updateProfile,
    ]) {
      expect([e.name, declared(e)]).toEqual([e.name, expect.not.arrayContaining(["403"])]);
    }
  });

  it("declares 404 on a DELETE without path IDs (the phone number may be gone), not on other such operations", () => {
    expect(declared(endpoints.deletePhoneNumber)).toContain("404");
    expect(declared(endpoints.getProfile)).not.toContain("404");
    expect(declared(endpoints.listVpcs)).not.toContain("404");
  });

  it("tells in the description that other methods answer 405 with Allow", () => {
    expect(doc.info.description).toMatch(/405 with an `Allow` header/);
  });

  it("finds what the emulator answered but the document does not declare", () => {
    expect(undeclared({ method: "GET", path: "/profile", status: 404 })).toBe(
      "getProfile (GET /profile) answered 404",
    );
    expect(undeclared({ method: "GET", path: "/regions", status: 401 })).toBe(
      "listRegions (GET /regions) answered 401",
    );
    for (const entry of [
      { method: "GET", path: "/vpcs/7", status: 404 },
      { method: "GET", path: "/profile/grants", status: 204 },
      { method: "PATCH", path: "/vpcs", status: 405 },
      { method: "GET", path: "/nowhere", status: 404 },
      { method: "GET", path: "/profile", status: 503 },
      { method: "POST", path: "/vpcs", status: 0 },
    ]) {
      expect([entry, undeclared(entry)]).toEqual([entry, undefined]);
    }
  });

  it("declares every status a restricted user, a bad token and bad input meet here", async () => {
    const vpc = await t.client.api.createVpc({ body: { label: "net", region: "us-iad" } });
    const { token } = await t.control.seedUser({
      username: "reader",
      restricted: true,
      grants: { vpc: [{ id: vpc.id, permissions: "read_only" }] },
    });
    const reader = t.clientFor(token);
    await t.control.clearRequests();
    const calls: Promise<unknown>[] = [
      reader.api.getProfileGrants(),
      t.client.api.getProfileGrants(),
      reader.api.updateVpc({ params: { vpcId: vpc.id }, body: { label: "mine" } }),
      reader.api.createVpc({ body: { label: "x", region: "us-iad" } }),
      reader.api.getVpc({ params: { vpcId: vpc.id + 1 } }),
      reader.api.listTags(),
      t.clientFor("nope").api.listVpcs(),
      t.client.api.createVpc({ body: { label: "", region: "us-iad" } }),
      t.client.api.deletePhoneNumber(),
    ];
    await Promise.allSettled(calls);
    const log = await t.control.requests();
    expect(new Set(log.map((r) => r.status))).toEqual(new Set([200, 204, 400, 401, 403, 404]));
    expect(log.map(undeclared).filter(Boolean)).toEqual([]);
  });
});

it("describes bodies with their limits and required fields", () => {
  const schema = operation(endpoints.createVpc).requestBody.content["application/json"].schema;
  expect(schema.required).toEqual(["label", "region"]);
  expect(schema.properties.label).toMatchObject({ type: "string", minLength: 1, maxLength: 64 });
  expect(operation(endpoints.listVpcs).parameters).toContainEqual(
    expect.objectContaining({ name: "page_size", in: "query", required: false }),
  );
});

it("describes the error body and the 429's headers; every $ref resolves", () => {
  expect(doc.components.schemas.ErrorBody).toMatchObject({
    type: "object",
    required: ["errors"],
    properties: { errors: { type: "array", items: { required: ["reason"] } } },
  });
  expect(Object.keys(doc.components.responses.TooManyRequests.headers)).toEqual([
    "Retry-After",
    "X-RateLimit-Limit",
    "X-RateLimit-Remaining",
    "X-RateLimit-Reset",
  ]);
  for (const ref of new Set(refs(doc))) expect([ref, resolve(doc, ref)]).toEqual([ref, expect.any(Object)]);
});

it("moves recursive schemas to components, so their $refs resolve inside the document", () => {
  const Tree: z.ZodType = z.object({
    name: z.string(),
    get children() {
      return z.array(Tree);
    },
  });
  const Wrapper = z.object({ tree: Tree });
  const trees = endpoint({
    name: "plantTree",
    method: "POST",
    path: "/trees",
    body: Wrapper,
    response: Tree,
    summary: "",
  });
  const document = buildDocument("/v4", { plantTree: trees }) as Json;
  const op = document.paths["/trees"].post;
  expect(op.responses["200"].content["application/json"].schema).toEqual({
    $ref: "#/components/schemas/plantTree.response",
  });
  const found = refs(document);
  expect(found.length).toBeGreaterThan(2);
  for (const ref of found) expect([ref, resolve(document, ref)]).toEqual([ref, expect.any(Object)]);
});

it("is served at GET /_emulator/openapi.json with the emulator's URL as server", async () => {
  const served = await t.control.openApi();
  expect(served).toEqual(JSON.parse(JSON.stringify(openApiDocument(t.emulator.url))));
  expect(served.servers).toEqual([{ url: t.emulator.url }]);
});

it("marks the endpoints beyond the spec with x-beyond-spec: true, and no other", () => {
  const marked = all.filter((e) => operation(e)["x-beyond-spec"] === true).map((e) => e.name);
  expect(marked).toEqual(all.filter((e) => e.beyondSpec).map((e) => e.name));
  expect(marked).toEqual(expect.arrayContaining(["getInstanceIps", "listAllVpcIpsRealPath"]));
  const unmarked = all.filter((e) => !e.beyondSpec);
  for (const e of unmarked) expect(operation(e)).not.toHaveProperty("x-beyond-spec");
});
