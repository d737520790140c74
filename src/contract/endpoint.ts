/**
 * An endpoint of the API as data: method, path template, auth, and the schemas of its path
 * parameters, query, body and response. The emulator routes and validates by it, the client calls
 * and parses by it, and the OpenAPI document is built from it.
 */
import { z } from "zod";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** OAuth-style scope `<resource>:read_only|read_write`; `*` grants all. */
export type Scope = `${string}:read_only` | `${string}:read_write`;

/**
 * - `token`: a valid token is required; `scopes` lists what it must carry (empty = none stated).
 * - `optional`: answers without a token too (public items only).
 * - `public`: no authentication at all.
 */
export type Auth = "token" | "optional" | "public";

export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  name: string;
  method: Method;
  /** Path below the base URL, with `{param}` placeholders, e.g. `/vpcs/{vpcId}`. */
  path: string;
  auth: Auth;
  scopes: Scope[];
  params: P;
  query: Q;
  body: B;
  /**
   * The answer on success: 200 with this record, or 204 with no body where the schema accepts
   * `undefined` (`Grants.optional()`: the grants of an unrestricted user).
   */
  response: R;
  /** One line on what the endpoint does (the OpenAPI operation's summary). */
  summary: string;
  /** The real API answers it but the spec leaves it out (OpenAPI: `x-beyond-spec: true`). */
  beyondSpec?: boolean;
  /** A list endpoint: the fields its `X-Filter` may use (dotted for nested: `entity.id`). */
  filterable?: readonly string[];
  /** Filterable fields `+order_by` may not sort on (image `status`). */
  unorderable?: readonly string[];
  /** Path parameters whose values hold a slash (`private/12`, `compute/grub2`), sent as is or escaped
   * (`%2F`); `endpoint()` checks they are the params' own names. */
  slashParams?: readonly string[];
}

const none = z.object({});

export function endpoint<
  P extends z.ZodType = typeof none,
  Q extends z.ZodType = typeof none,
  B extends z.ZodType = typeof none,
  R extends z.ZodType = typeof none,
>(def: {
  name: string;
  method: Method;
  path: string;
  auth?: Auth;
  scopes?: Scope[];
  params?: P;
  query?: Q;
  body?: B;
  response?: R;
  summary: string;
  beyondSpec?: boolean;
  filterable?: readonly string[];
  unorderable?: readonly string[];
  slashParams?: readonly (keyof z.output<P> & string)[];
}): Endpoint<P, Q, B, R> {
  // A part the definition leaves out is `none`, which is what its type parameter defaults to.
  return {
    auth: "token",
    scopes: [],
    params: none,
    query: none,
    body: none,
    response: none,
    ...def,
  } as Endpoint<P, Q, B, R>;
}

export type ParamsOf<E> = E extends Endpoint<infer P> ? z.input<P> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q> ? z.input<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B> ? z.input<B> : never;
export type ParsedBodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B> ? z.output<B> : never;
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** `/vpcs/{vpcId}` + `{vpcId: 3}` → `/vpcs/3`. Parameter values are URI-encoded, except that a
 * slash inside an image ID (`private/12`) is kept, as the API's path shape requires. */
export function fillPath(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value)).replace(/%2F/gi, "/");
  });
}

/** Does the token's scope list (space-separated, `*` = all) satisfy `needed`? read_write implies read_only. */
export function scopeGrants(tokenScopes: string, needed: Scope): boolean {
  const have = tokenScopes.split(/\s+/).filter(Boolean);
  if (have.includes("*")) return true;
  const [resource, level] = needed.split(":") as [string, string];
  return have.some((s) => s === needed || (level === "read_only" && s === `${resource}:read_write`));
}
