/** Data function of tags: `getTags`. API area: tags. */
import type * as pulumi from "@pulumi/pulumi";
import { clientFor, endpoints, outputOf, run, type FunctionOptions, type InputArgs } from "./call";
import { byLabel, type LabelArgs } from "./labels";
import { collect } from "../client/pagination";

/** Label filters, checked here (the tag list takes no `X-Filter`). */
export type GetTagsArgs = LabelArgs;

export interface GetTagsResult {
  /** The labels of the account's tags (created explicitly or carried by an instance), in the API's order. */
  tags: string[];
}

/** The account's tags (unrestricted users only: the API answers 403 to a restricted one). */
export function getTags(args: GetTagsArgs = {}, opts?: FunctionOptions): Promise<GetTagsResult> {
  return run({ fn: "getTags", args, opts }, async () => {
    const { keep } = byLabel(args);
    const all = await collect(clientFor(opts).each(endpoints().listTags));
    return { tags: keep(all).map((t) => t.label) };
  });
}

/** `getTags` with Input arguments. */
export function getTagsOutput(
  args: InputArgs<GetTagsArgs> = {},
  opts?: FunctionOptions,
): pulumi.Output<GetTagsResult> {
  return outputOf(getTags, args, opts);
}
