/**
 * The data functions as invokes: `compute:index:getVpc` is `getVpc` of `src/functions`, the one the
 * TypeScript programs call, with the provider's settings (Configure's, else the environment) as its
 * credentials. The functions' module is loaded on the first invoke, never at start-up.
 */
import type { FunctionOptions } from "../functions/call";
import type { Props } from "../provider/core/props";
import { apiToken, apiUrlIfSet } from "../provider/core/settings";

type DataFunction = (args: Props, opts: FunctionOptions) => Promise<Props>;

/** The function a token names, or an error naming the token. */
function functionOf(token: string): DataFunction {
  const name = /^compute:index:(get[A-Z]\w*)$/.exec(token)?.[1];
  if (name && !name.endsWith("Output")) {
    const functions: Record<string, unknown> = require("../functions");
    const fn = functions[name];
    if (typeof fn === "function") return fn as DataFunction;
  }
  throw new Error(`${token} is not a function of this version of the compute plugin`);
}

export async function invoke(token: string, args: Props): Promise<Props> {
  const fn = functionOf(token);
  const opts: FunctionOptions = {};
  const apiUrl = apiUrlIfSet();
  const key = apiToken();
  if (apiUrl) opts.apiUrl = apiUrl;
  if (key) opts.token = key;
  return await fn(args, opts);
}
