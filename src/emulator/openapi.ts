/**
 * The OpenAPI 3.1 document of the emulated API, built from the contract's `endpoints` map: paths,
 * methods, path and query parameters, request bodies, answers (the error body included) and the
 * scopes each endpoint needs. Served at `GET /_emulator/openapi.json`; `npm run openapi` writes it.
 */
import { z } from "zod";
import { endpoints, ErrorBody, FILTER_HEADER, type Endpoint } from "../contract";
import { MAX_JSON_DEPTH } from "./json-depth";

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
      ...(name === "imageId" || name === "kernelId"
        ? { description: "Contains a slash (`compute/…`, `private/…`), kept or escaped as %2F" }
        : {}),
    })),
    ...Object.entries(query.props).map(([name, schema]) => ({
      name,
      in: "query",
      required: query.required.includes(name),
      schema,
    })),
    ...filterParameter(endpoint),
  ];
}

/** The `X-Filter` header of a list endpoint, naming the fields it may filter on. */
function filterParameter(endpoint: Endpoint) {
  if (!endpoint.filterable) return [];
  const fields = endpoint.filterable.map((f) => `\`${f}\``).join(", ") || "none";
  const unorderable = endpoint.unorderable?.length
    ? ` (\`+order_by\` not on ${endpoint.unorderable.map((f) => `\`${f}\``).join(", ")})`
    : "";
  return [
    {
      name: FILTER_HEADER,
      in: "header",
      required: false,
      schema: { type: "string" },
      description:
        "A JSON filter object: field values (AND), `+and`, `+or`, `+gt`, `+gte`, `+lt`, `+lte`, " +
        `\`+contains\`, \`+neq\`, \`+order_by\`, \`+order\`. Filterable: ${fields}${unorderable}. ` +
        "Any other field answers 400.",
    },
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
    ...(endpoint.beyondSpec ? { "x-beyond-spec": true } : {}),
    ...(endpoint.filterable ? { "x-filterable": [...endpoint.filterable] } : {}),
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
    responses: responses(built, endpoint),
  };
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/**
 * Where grants apply (403 for a restricted user): writes needing a `:read_write` scope on an entity
 * kind (a read_write grant on the entity, or an `add_*` flag to create one), and account-level
 * operations outside the caller's own profile (unrestricted users only, e.g. tags).
 */
export function grantsApply(endpoint: Endpoint): boolean {
  return endpoint.scopes.some(
    (scope) =>
      (scope.endsWith(":read_write") && !scope.startsWith("account:")) ||
      (scope.startsWith("account:") && !endpoint.path.startsWith("/profile")),
  );
}

/**
 * The statuses an operation answers, from its endpoint data: 200 (and 204 when the response may be
 * empty), 400 on every operation (any body is parsed: not JSON, not an object, too large or too
 * deep), 401 unless public, 403 where grants apply, 404 with path parameters or on a DELETE (what
 * the path names may be gone: the phone number), 429 (rate limits and the throttling of a fault
 * profile can be switched on at run time); 5xx (faults) are `default`.
 */
function responses(built: Built, endpoint: Endpoint) {
  const noContent = endpoint.response.safeParse(undefined).success;
  return {
    "200": {
      description: "Success",
      content: {
        "application/json": {
          schema: jsonSchema(built, endpoint.response, "output", `${endpoint.name}.response`),
        },
      },
    },
    ...(noContent ? { "204": { description: "No content (no body)" } } : {}),
    "400": ref("BadRequest"),
    ...(endpoint.auth === "public" ? {} : { "401": ref("Unauthorized") }),
    ...(grantsApply(endpoint) ? { "403": ref("Forbidden") } : {}),
    ...(endpoint.path.includes("{") || endpoint.method === "DELETE" ? { "404": ref("NotFound") } : {}),
    "429": ref("TooManyRequests"),
    default: ref("Error"),
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
export function buildDocument(serverUrl = "/v4", all: Readonly<Record<string, Endpoint>> = endpoints) {
  const built: Built = { schemas: {} };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of Object.values(all)) {
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation(built, endpoint);
  }
  const errorSchema = { $ref: "#/components/schemas/ErrorBody" };
  const errorAnswer = (description: string) => ({
    description,
    content: { "application/json": { schema: errorSchema } },
  });
  return {
    openapi: "3.1.0",
    info: {
      title: "Compute Cloud API (emulated)",
      version: RELEASE,
      description:
        "Generated from the contract the emulator and the client share. Errors answer " +
        "`{errors: [{reason, field?}]}`. With rate limits on, every answer carries X-RateLimit-* headers. " +
        "A method a path does not list answers 405 with an `Allow` header naming those it does.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerToken: [] }],
    paths,
    components: {
      schemas: { ...built.schemas, ErrorBody: jsonSchema(built, ErrorBody, "output", "ErrorBody") },
      responses: {
        Error: { description: "Error", content: { "application/json": { schema: errorSchema } } },
        BadRequest: errorAnswer(
          "Invalid request: a field (named in `field`), a query parameter, or the body (not JSON, " +
            `not a JSON object, over 1 MB, or nested over ${MAX_JSON_DEPTH} levels)`,
        ),
        Unauthorized: errorAnswer("No token, an invalid or expired token, or a token without the scope"),
        Forbidden: errorAnswer("A restricted user without the grant the operation needs"),
        NotFound: errorAnswer("No such object, or one a restricted user has no grant to read"),
        TooManyRequests: {
          description: "Rate limit reached (with rate limits on), or the throttling of a fault profile",
          headers: {
            "Retry-After": rateHeader("Seconds until the window resets"),
            "X-RateLimit-Limit": rateHeader("Requests allowed in the window"),
            "X-RateLimit-Remaining": rateHeader("Requests left in the window"),
            "X-RateLimit-Reset": rateHeader("When the window resets, in epoch seconds (real time)"),
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
