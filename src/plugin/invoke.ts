/**
 * The data functions as invokes: `compute:index:getVpc` is `getVpc` of `src/functions`, the one the
 * TypeScript programs call, with the provider's settings (Configure's, else the environment) as its
 * credentials. The table below says how each is called, and the compiler holds it to the functions'
 * signatures: a function that takes arguments gets the invoke's, one that takes only options (getProfile,
 * getGrants) gets the credentials alone, and a function missing from the table fails to compile. The
 * result goes back with the IDs its schema marks as strings (`src/functions/schemas`, the declaration
 * the package schema types the invokes from). The functions' module and their schemas are loaded on the
 * first invoke, never at start-up.
 */
import type { FunctionOptions } from "../functions/call";
import type { FunctionName } from "../functions/schemas";
import { apiToken, apiUrlIfSet, core, type CheckFailure, type Props } from "../provider/core-interface";
import { resultIdsAsStrings } from "./id-strings";

type Functions = typeof import("../functions");

/** How the plugin calls a function: with the invoke's arguments and the provider's credentials. */
type Invoked = (args: Props, opts: FunctionOptions) => Promise<object>;

/** Any data function: its arguments (if it takes any), then its options. */
type DataFunction = (first: never, opts?: FunctionOptions) => Promise<object>;

/** A function whose arguments come before its options (two parameters), called with the invoke's
 * arguments; one that takes options alone does not compile here. */
const withArgs =
  <F extends DataFunction>(fn: F & (2 extends Parameters<F>["length"] ? unknown : never)): Invoked =>
  (args, opts) =>
    // The engine sends the arguments as the schema types them, and the function checks each of them
    // at run time (an ID's form, a filter's name) as it does a TypeScript program's.
    (fn as (args: Props, opts: FunctionOptions) => Promise<object>)(args, opts);

/** A function that takes its options alone, called with the credentials; one that takes arguments
 * does not compile here. */
const optionsOnly =
  (fn: (opts?: FunctionOptions) => Promise<object>): Invoked =>
  (_args, opts) =>
    fn(opts);

const tableOf = (f: Functions) =>
  ({
    getRegions: withArgs(f.getRegions),
    getRegion: withArgs(f.getRegion),
    getRegionAvailability: withArgs(f.getRegionAvailability),
    getKernels: withArgs(f.getKernels),
    getKernel: withArgs(f.getKernel),
    getImages: withArgs(f.getImages),
    getImage: withArgs(f.getImage),
    getInstanceTypes: withArgs(f.getInstanceTypes),
    getInstanceType: withArgs(f.getInstanceType),
    getProfile: optionsOnly(f.getProfile),
    getGrants: optionsOnly(f.getGrants),
    getStackScripts: withArgs(f.getStackScripts),
    getStackScript: withArgs(f.getStackScript),
    getVpcs: withArgs(f.getVpcs),
    getVpc: withArgs(f.getVpc),
    getSubnets: withArgs(f.getSubnets),
    getSubnet: withArgs(f.getSubnet),
    getInstances: withArgs(f.getInstances),
    getInstance: withArgs(f.getInstance),
    getSshKeys: withArgs(f.getSshKeys),
    getSshKey: withArgs(f.getSshKey),
    getTags: withArgs(f.getTags),
  }) satisfies Record<FunctionName, Invoked>;

let table: Record<string, Invoked> | undefined;

/** The function a token names with its name, or an error naming the token. */
function functionOf(token: string): { fn: Invoked; name: string } {
  table ??= tableOf(require("../functions") as Functions);
  const name = /^compute:index:(get\w+)$/.exec(token)?.[1];
  const fn = name !== undefined && Object.hasOwn(table, name) ? table[name] : undefined;
  if (!fn || name === undefined)
    throw new Error(`${token} is not a function of this version of the compute plugin`);
  return { fn, name };
}

/** A function's result with the IDs its schema marks as strings, as the package schema types them. */
function asSchemaTypes(name: string, result: object): Props {
  const { schemaOf } = require("../functions/schemas") as typeof import("../functions/schemas");
  const schema = schemaOf(name);
  if (!schema) throw new Error(`${name}: no schema declares its result`);
  return resultIdsAsStrings(result, core().outputJsonSchema(schema.result)) as Props;
}

/**
 * The function's result, or its failures: a wrong argument (`ArgumentError` of the functions) is a
 * failure naming it, for the engine to report as the invoke's, without the argument's value: a
 * secret may arrive unmarked (Pulumi YAML resolves an invoke's arguments before it sends them). Any
 * other error (the API, an object not found) is thrown.
 */
export async function invoke(
  token: string,
  args: Props,
): Promise<{ result: Props; failures?: never } | { failures: CheckFailure[] }> {
  const { fn, name } = functionOf(token);
  const opts: FunctionOptions = {};
  const apiUrl = apiUrlIfSet();
  const key = apiToken();
  if (apiUrl) opts.apiUrl = apiUrl;
  if (key) opts.token = key;
  try {
    return { result: asSchemaTypes(name, await fn(args, opts)) };
  } catch (err) {
    const { ArgumentError } = require("../functions/call") as typeof import("../functions/call");
    if (!(err instanceof ArgumentError)) throw err;
    return { failures: [{ property: err.argument, reason: err.withoutValue }] };
  }
}
