/**
 * How a data function calls the API. Data functions run in the program process (dynamic providers have no
 * Invoke), so they read the credentials there: explicit options, else the stack config
 * (`compute:apiUrl`, `compute:token` read as plain values through `pulumi.runtime.getConfig`, since
 * a secret's `Config.getSecret` is an Output), else `COMPUTE_API_URL` / `COMPUTE_TOKEN`, as the
 * provider does. The client and the contract are loaded on the first call, never at start-up
 * (`client-side.ts`: as one bundle through a code cache, in the package); the
 * Pulumi SDK's main module only by an Output form (the plugin's invokes call the Promise forms, and
 * its bundle leaves that module out).
 *
 * Given a `compute.Provider` (`provider`, or the one a `parent` has), a call goes instead through the
 * engine to that provider, the plugin, as the invoke of the function's token (`compute:index:getVpcs`,
 * `plugin/invoke.ts`), which runs the same function there with the provider's settings; its result's
 * IDs, strings on the wire, are numbers again (`idsAsNumbers`, `result-ids.ts`).
 */
import type * as pulumi from "@pulumi/pulumi";
import { RunError } from "@pulumi/pulumi/errors";
import { getConfig } from "@pulumi/pulumi/runtime/config";
import * as fs from "node:fs";
import * as path from "node:path";
import type { ComputeClient } from "../client/compute-client";
import { missingSetting } from "../client/from-settings";
import { loadBundle, type LoadedBundle } from "../bundle-code-cache";
import { packageOf } from "../provider-package";

type ClientSide = typeof import("./client-side");

let clientSide: LoadedBundle<ClientSide> | undefined;

/** The client side (`client-side.ts`), loaded on the first call: the bundle the build writes beside
 * this file, else (the sources) the modules. */
function loaded(): LoadedBundle<ClientSide> {
  if (!clientSide) {
    const bundle = path.join(__dirname, "client-side.bundle.js");
    clientSide = fs.existsSync(bundle)
      ? loadBundle<ClientSide>(bundle)
      : { exports: require("./client-side") as ClientSide, fromCache: false, covered: () => undefined };
  }
  return clientSide;
}

/** Credentials of one call, when they are not those of the stack, or the provider to read with. */
export interface FunctionOptions {
  /** API base URL ending in `/v4`. Default: stack config `compute:apiUrl`, else `COMPUTE_API_URL`. */
  apiUrl?: string;
  /** API token. Default: stack config `compute:token` (a secret), else `COMPUTE_TOKEN`. */
  token?: string;
  /**
   * A `compute.Provider` to read with, in place of `apiUrl` and `token`: its account, through the
   * engine (the function's invoke, served by the provider's plugin).
   */
  provider?: pulumi.ProviderResource;
  /** A resource whose `compute.Provider` (given it, or inherited from its parent) to read with, when
   * `provider` is not given; without one, the call takes the stack's settings. */
  parent?: pulumi.Resource;
}

/**
 * A data function's failure: one line, reported by the engine without a stack trace (a
 * `RunError`), e.g. `image private/12 not found` or `getVpcs: [401] Invalid Token (GET /vpcs)`.
 */
export class DataFunctionError extends RunError {
  override readonly name = "DataFunctionError";
}

/**
 * A data function's argument that is wrong (its form, a filter that cannot be used), named by its
 * path (`id`, `vpcId`): the plugin answers it as the invoke's failure for that argument, with
 * `withoutValue`, the line without the argument's value (which may be a secret).
 */
export class ArgumentError extends DataFunctionError {
  constructor(
    readonly argument: string,
    message: string,
    readonly withoutValue: string,
  ) {
    super(message);
  }
}

/** @internal Whether a token must be at hand: `optional` endpoints answer public records without one. */
export type TokenNeed = "required" | "optional";

function setting(key: string, env: string, explicit: string | undefined): string | undefined {
  return explicit || getConfig(`compute:${key}`) || process.env[env] || undefined;
}

/** @internal The client for these credentials (one per URL and token), loading the client module on first use. */
export function clientFor(opts: FunctionOptions = {}, need: TokenNeed = "required"): ComputeClient {
  const apiUrl = setting("apiUrl", "COMPUTE_API_URL", opts.apiUrl);
  const token = setting("token", "COMPUTE_TOKEN", opts.token);
  const missing = missingSetting({ apiUrl, token }, need === "required");
  if (missing || !apiUrl) throw new DataFunctionError(missing);
  return loaded().exports.clientOf(apiUrl, token);
}

/** @internal The contract's endpoints, loaded on first use. */
export function endpoints(): ClientSide["endpoints"] {
  return loaded().exports.endpoints;
}

/** The explicit provider of a call (given, or its parent's), or a one-line error naming the option. */
function providerOf(fn: string, opts: FunctionOptions | undefined): pulumi.ProviderResource | undefined {
  const given = opts?.provider;
  if (given) {
    const pkg = packageOf(given);
    if (pkg !== "compute")
      throw new DataFunctionError(
        `${fn}: option \`provider\` is a provider of package ${pkg ?? "unknown"}; give a compute.Provider`,
      );
    if (opts.apiUrl !== undefined || opts.token !== undefined)
      throw new DataFunctionError(
        `${fn}: option \`provider\` takes its own apiUrl and token; give one or the other`,
      );
    return given;
  }
  const inherited = opts?.parent?.getProvider(`compute:index:${fn}`);
  if (inherited && (opts?.apiUrl !== undefined || opts?.token !== undefined))
    throw new DataFunctionError(`${fn}: option \`parent\` has a compute.Provider; give no apiUrl or token`);
  return inherited;
}

/** The engine's prefix to an invoke's error (`invocation of compute:index:getVpc returned an error: `)
 * or failures (`Invoke of 'compute:index:getVpc' failed: `): the rest is the function's own line. */
const ENGINE_PREFIX = /^(invocation of \S+ returned an error|Invoke of '\S+' failed):\s*/;

/** The function's result from the provider's plugin, with its IDs as numbers again. */
async function invoked(fn: string, args: object, provider: pulumi.ProviderResource): Promise<unknown> {
  const sdk: typeof import("@pulumi/pulumi") = require("@pulumi/pulumi");
  // The declared types (zod, the contract's fields), loaded only by a call through a provider.
  const { schemaOf }: typeof import("./schemas") = require("./schemas");
  const { idsAsNumbers }: typeof import("./result-ids") = require("./result-ids");
  const schema = schemaOf(fn);
  try {
    const result: unknown = await sdk.runtime.invoke(`compute:index:${fn}`, args as pulumi.Inputs, {
      provider,
    });
    return schema ? idsAsNumbers(result, schema.result) : result;
  } catch (err) {
    const line = (err instanceof Error ? err.message : String(err)).split("\n")[0]!;
    const own = line.replace(ENGINE_PREFIX, "");
    throw new DataFunctionError(own !== line ? own : `${fn}: ${line}`);
  }
}

/**
 * @internal
 * Runs one data function: a 404 becomes `<notFound> not found` (when it is given), any other
 * failure one line prefixed by the function's name. Given a provider (`opts`), the function runs
 * in that provider's plugin instead, with `args`, and answers the same result.
 */
export async function run<T>(
  {
    fn,
    notFound,
    args = {},
    opts,
  }: { fn: string; notFound?: string; args?: object; opts?: FunctionOptions | undefined },
  body: () => Promise<T>,
): Promise<T> {
  const provider = providerOf(fn, opts);
  if (provider) return (await invoked(fn, args, provider)) as T;
  try {
    const result = await body();
    // What this call ran, for the code cache: written again when a program runs a new function.
    loaded().covered(fn);
    return result;
  } catch (err) {
    if (err instanceof DataFunctionError) throw err;
    const { isNotFound, messageOf } = loaded().exports;
    if (notFound !== undefined && isNotFound(err)) throw new DataFunctionError(`${notFound} not found`);
    const message = messageOf(err);
    throw new DataFunctionError(`${fn}: ${message.split("\n")[0]}`);
  }
}

/** The arguments of the Output form: each may be an Input. */
export type InputArgs<A> = { [K in keyof A]: pulumi.Input<A[K]> };

/**
 * @internal The Output form of a data function: waits for its Input arguments, then calls the
 * Promise form. An argument's error leaves its value out when the arguments hold a secret.
 */
export function outputOf<A, R>(
  fn: (args: A, opts?: FunctionOptions) => Promise<R>,
  args: InputArgs<A>,
  opts?: FunctionOptions,
): pulumi.Output<R> {
  const sdk: typeof import("@pulumi/pulumi") = require("@pulumi/pulumi");
  const given = sdk.output(args);
  return given.apply(async (plain) => {
    try {
      return await fn(plain as A, opts);
    } catch (err) {
      if (err instanceof ArgumentError && (await sdk.isSecret(given)))
        throw new ArgumentError(err.argument, err.withoutValue, err.withoutValue);
      throw err;
    }
  }) as pulumi.Output<R>;
}

/** A numeric ID given as a number or as a resource's `id` string. */
export type IdArg = number | string;

/** @internal The integer an ID argument holds; anything else fails naming the argument. */
export function idArg(name: string, value: IdArg): number {
  const n = typeof value === "number" ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) {
    const must = `${name} must be an integer ID`;
    throw new ArgumentError(name, `${must}, not ${JSON.stringify(value)}`, must);
  }
  return n;
}
