/**
 * Routes requests to handlers by the contract's endpoints: matches the path template, then
 * authenticates, validates path parameters (404), query and body (400 naming the field), calls the
 * handler and checks the answer against the endpoint's response schema.
 */
import type { z } from "zod";
import { issuesToErrors, type Endpoint, type Method } from "../contract";
import { ApiError } from "./api-error";
import { authenticate, type Principal } from "./auth";
import { attachFilter, parseFilter } from "./filter";
import type { Clock } from "./clock";
import type { Jobs } from "./jobs";
import type { Store } from "./store";
import type { UserRow } from "./state";

export interface World {
  store: Store;
  clock: Clock;
  jobs: Jobs;
  /** `http://host:port` of the emulator while it listens, for URLs it hands out (image upload). */
  baseUrl?: string;
  /** Answer the real API's shapes where they differ from the spec's (`--real-shapes`). */
  realShapes?: boolean;
}

export interface Ctx<E extends Endpoint> extends World {
  params: z.output<E["params"]>;
  query: z.output<E["query"]>;
  body: z.output<E["body"]>;
  principal: Principal | undefined;
  /** The caller; throws 401 on endpoints that answer without a token when none was given. */
  user: UserRow;
  /** The caller with the token it used (a token's scopes, per-token preferences); throws 401 as `user` does. */
  caller: Principal;
}

/**
 * What a model function takes of a request to `E`, as parsed: every function a route calls takes
 * `(world, user, params, body)`, leaving off the trailing ones it does not use.
 */
export type Params<E extends Endpoint> = z.output<E["params"]>;
export type Query<E extends Endpoint> = z.output<E["query"]>;
export type Body<E extends Endpoint> = z.output<E["body"]>;

/** A handler's answer: the response record, or `NO_CONTENT` for 204. */
export const NO_CONTENT = Symbol("no content");
export type Handler<E extends Endpoint> = (
  ctx: Ctx<E>,
) => z.input<E["response"]> | typeof NO_CONTENT | Promise<z.input<E["response"]> | typeof NO_CONTENT>;

/** One path segment: what a path parameter matches unless its endpoint lists it in `slashParams`. */
const SEGMENT = "[^/]+";
/** A slash kept (`private/12`) or path-escaped in one segment (`private%2F12`), as clients send it. */
const WITH_SLASH = "[^/]+/[^/]+|[^/]*%2[fF][^/]*";

interface Route {
  endpoint: Endpoint;
  pattern: RegExp;
  names: string[];
  handler: Handler<Endpoint>;
}

/** The order methods are listed in a 405's `Allow`. */
const METHODS: Method[] = ["GET", "POST", "PUT", "DELETE"];
export const BODY_NOT_OBJECT = "Request body must be a JSON object";

const isJsonObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

function acceptsParams(route: Route, match: RegExpExecArray): boolean {
  try {
    const raw = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(match[i + 1]!)]));
    return route.endpoint.params.safeParse(raw).success;
  } catch {
    return false; // malformed percent-encoding
  }
}

export interface Request {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  /** The `X-Filter` header, read on list endpoints (those declaring `filterable`). */
  filter?: string;
  /** Parsed JSON body, or undefined when there was none. */
  body: unknown;
}

export interface Response {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export class Router {
  private routes: Route[] = [];

  constructor(private readonly checkResponses = true) {}

  on<E extends Endpoint>(endpoint: E, handler: Handler<E>): this {
    const names: string[] = [];
    const source = endpoint.path
      .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
      .replace(/\\?\{(\w+)\\?\}/g, (_, name: string) => {
        names.push(name);
        return `(${endpoint.slashParams?.some((p) => p === name) ? WITH_SLASH : SEGMENT})`;
      });
    this.routes.push({
      endpoint,
      pattern: new RegExp(`^${source}$`),
      names,
      handler: handler as Handler<Endpoint>,
    });
    // Literal segments win over parameters: /regions/availability before /regions/{regionId}.
    this.routes.sort((a, b) => a.names.length - b.names.length);
    return this;
  }

  get endpoints(): Endpoint[] {
    return this.routes.map((r) => r.endpoint);
  }

  /** The endpoint `method path` (below /v4) reaches, if any. */
  match(method: string, path: string): Endpoint | undefined {
    return this.routes.find((r) => r.endpoint.method === method && r.pattern.test(path))?.endpoint;
  }

  async handle(world: World, req: Request): Promise<Response> {
    const matches = this.routes
      .map((route) => ({ route, match: route.pattern.exec(req.path) }))
      .filter((m) => m.match !== null);
    if (matches.length === 0) throw ApiError.notFound();
    const found = matches.find((m) => m.route.endpoint.method === (req.method as Method));
    if (!found) {
      // `Allow` names the methods whose route takes these path values (PUT /vpcs/ips is no updateVpc).
      const takes = matches.filter((m) => acceptsParams(m.route, m.match!));
      const allow = METHODS.filter((method) => takes.some((m) => m.route.endpoint.method === method));
      if (!allow.length) throw ApiError.notFound();
      throw new ApiError(405, [{ reason: "Method Not Allowed" }], { Allow: allow.join(", ") });
    }
    const { route, match } = found;
    const { endpoint } = route;

    const principal = authenticate(world.store, world.clock, endpoint, req.authorization);
    let rawParams: Record<string, string>;
    try {
      rawParams = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(match![i + 1]!)]));
    } catch {
      throw ApiError.notFound(); // malformed percent-encoding
    }
    const params = endpoint.params.safeParse(rawParams);
    if (!params.success) throw ApiError.notFound();
    const query = endpoint.query.safeParse(Object.fromEntries(req.query));
    if (!query.success) throw new ApiError(400, issuesToErrors(query.error));
    if (endpoint.filterable) attachFilter(query.data as object, parseFilter(req.filter, endpoint));
    // Every body of the API is a JSON object: `null`, arrays, strings and numbers are refused whole.
    if (req.body !== undefined && !isJsonObject(req.body)) throw ApiError.badRequest(BODY_NOT_OBJECT);
    const body = endpoint.body.safeParse(req.body ?? {});
    if (!body.success) throw new ApiError(400, issuesToErrors(body.error));

    const ctx: Ctx<Endpoint> = {
      ...world,
      params: params.data,
      query: query.data,
      body: body.data,
      principal,
      get user(): UserRow {
        return this.caller.user;
      },
      get caller(): Principal {
        if (!principal) throw ApiError.invalidToken();
        return principal;
      },
    };
    const result = await route.handler(ctx);
    const headers: Record<string, string> = {};
    if (endpoint.scopes.length) headers["X-Accepted-OAuth-Scopes"] = endpoint.scopes.join(" ");
    if (principal) headers["X-OAuth-Scopes"] = principal.token.scopes;
    if (result === NO_CONTENT) return { status: 204, body: undefined, headers };
    if (this.checkResponses) {
      const checked = endpoint.response.safeParse(result);
      if (!checked.success) {
        throw new Error(`emulator answered ${endpoint.name} off-contract: ${checked.error.message}`);
      }
    }
    return { status: 200, body: result, headers };
  }
}
