/** The OpenAPI 3.1 document built from the contract's `endpoints` map, and where the emulator serves it. */
import { z } from "zod";
import { endpoint, endpoints, type Endpoint } from "../../src/contract";
import { buildDocument, openApiDocument } from "../../src/emulator/openapi";
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
