/**
 * The OpenAPI 3.1 document of the emulated API, built from the contract's `endpoints` map: paths,
 * methods, path and query parameters, request bodies, answers (the error body included) and the
 * scopes each endpoint needs. Served at `GET /_emulator/openapi.json`; `npm run openapi` writes it.
 */
import { z } from "zod";
import { endpoints, ErrorBody, type Endpoint } from "../contract";

/** The API release the emulator follows (its answers carry it as X-Spec-Version). */
const RELEASE = "4.174.0";

type JsonSchema = Record<string, unknown>;

interface Built {
  schemas: Record<string, JsonSchema>;
}

/** The schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect). Its definitions (recursive parts)
 * move to components, named after `context` (`createVpc.body`) so that no two collide. */
function jsonSchema(built: Built, schema: z.ZodType, io: "input" | "output", context: string): JsonSchema {
  let out: JsonSchema;
  try {
    out = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  } catch {
    return { description: "not representable as JSON Schema" };
  }
  const { $schema: _dialect, $defs, ...rest } = out;
  const nameOf = (local?: string) =>
    (local === undefined ? context : `${context}.${local}`).replace(/[^\w.-]/g, "_");
  const component = (local?: string) => `#/components/schemas/${nameOf(local)}`;
  let selfReferenced = false;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => {
        if (key !== "$ref" || typeof v !== "string") return [key, rewrite(v)];
        if (v === "#") selfReferenced = true;
        const local = /^#\/\$defs\/(.+)$/.exec(v)?.[1];
        return [key, v === "#" ? component() : local ? component(local) : v];
      }),
    );
  };
  for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    built.schemas[nameOf(name)] = rewrite(def) as JsonSchema;
  }
  const root = rewrite(rest) as JsonSchema;
  if (!selfReferenced) return root;
  // A recursive root: it becomes a component of its own, referenced from where it is used.
  built.schemas[nameOf()] = root;
  return { $ref: component() };
}

function properties(schema: JsonSchema): { props: Record<string, JsonSchema>; required: string[] } {
  return {
    props: (schema.properties ?? {}) as Record<string, JsonSchema>,
    required: (schema.required ?? []) as string[],
  };
}

const isEmptyObject = (s: JsonSchema) =>
  s.type === "object" && Object.keys((s.properties ?? {}) as object).length === 0 && !s.additionalProperties;

function parameters(built: Built, endpoint: Endpoint) {
  const path = properties(jsonSchema(built, endpoint.params, "input", `${endpoint.name}.params`));
  const query = properties(jsonSchema(built, endpoint.query, "input", `${endpoint.name}.query`));
  const templateNames = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return [
    ...templateNames.map((name) => ({
      name,
      in: "path",
      required: true,
      schema: path.props[name] ?? { type: "string" },
      ...(name === "imageId" ? { description: "Contains a slash: `compute/…` or `private/…`" } : {}),
    })),
    ...Object.entries(query.props).map(([name, schema]) => ({
      name,
      in: "query",
      required: query.required.includes(name),
      schema,
    })),
  ];
}

function security(endpoint: Endpoint) {
  if (endpoint.auth === "public") return [];
  const token = { bearerToken: [...endpoint.scopes] };
  return endpoint.auth === "optional" ? [token, {}] : [token];
}

function operation(built: Built, endpoint: Endpoint) {
  const body = jsonSchema(built, endpoint.body, "input", `${endpoint.name}.body`);
  const hasBody = (endpoint.method === "POST" || endpoint.method === "PUT") && !isEmptyObject(body);
  return {
    operationId: endpoint.name,
    summary: endpoint.summary,
    tags: [endpoint.path.split("/")[1] ?? ""],
    security: security(endpoint),
    parameters: parameters(built, endpoint),
    ...(hasBody
      ? {
          requestBody: {
            required: ((body.required ?? []) as string[]).length > 0,
            content: { "application/json": { schema: body } },
          },
        }
      : {}),
    responses: {
      "200": {
        description: "Success",
        content: {
          "application/json": {
            schema: jsonSchema(built, endpoint.response, "output", `${endpoint.name}.response`),
          },
        },
      },
      "429": { $ref: "#/components/responses/TooManyRequests" },
      default: { $ref: "#/components/responses/Error" },
    },
  };
}

const rateHeader = (description: string) => ({ description, schema: { type: "integer" } });

const documents = new Map<string, ReturnType<typeof buildDocument>>();

/** The document for the contract's endpoints (built once per server URL). */
export function openApiDocument(serverUrl = "/v4") {
  const document = documents.get(serverUrl) ?? buildDocument(serverUrl);
  documents.set(serverUrl, document);
  return document;
}

/** The whole document; `serverUrl` is the API base (ending in /v4). */
export function buildDocument(
  serverUrl = "/v4",
  all: Record<string, Endpoint> = endpoints as unknown as Record<string, Endpoint>,
) {
  const built: Built = { schemas: {} };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of Object.values(all)) {
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation(built, endpoint);
  }
  const errorSchema = { $ref: "#/components/schemas/ErrorBody" };
  return {
    openapi: "3.1.0",
    info: {
      title: "Compute Cloud API (emulated)",
      version: RELEASE,
      description:
        "Generated from the contract the emulator and the client share. Errors answer " +
        "`{errors: [{reason, field?}]}`. With rate limits on, every answer carries X-RateLimit-* headers.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerToken: [] }],
    paths,
    components: {
      schemas: { ...built.schemas, ErrorBody: jsonSchema(built, ErrorBody, "output", "ErrorBody") },
      responses: {
        Error: { description: "Error", content: { "application/json": { schema: errorSchema } } },
        TooManyRequests: {
          description: "Rate limit reached",
          headers: {
            "Retry-After": rateHeader("Seconds until the window resets"),
            "X-RateLimit-Limit": rateHeader("Requests allowed in the window"),
            "X-RateLimit-Remaining": rateHeader("Requests left in the window"),
            "X-RateLimit-Reset": rateHeader("When the window resets, in epoch seconds"),
          },
          content: { "application/json": { schema: errorSchema } },
        },
      },
      securitySchemes: {
        bearerToken: {
          type: "http",
          scheme: "bearer",
          description:
            "A personal access token or an OAuth token: `Authorization: Bearer <token>`. The list " +
            "on each operation names the scopes the token must carry (`*` grants all).",
        },
      },
    },
  };
}
