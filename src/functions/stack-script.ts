/** Data functions of StackScripts: `getStackScripts` (filters) and `getStackScript`. API area: stackscripts. */
import type * as pulumi from "@pulumi/pulumi";
import type { StackScript } from "../contract/stackscripts";
import type { StackScriptUserDefinedField } from "../resources/stack-script";
import {
  clientFor,
  endpoints,
  outputOf,
  run,
  idArg,
  type FunctionOptions,
  type IdArg,
  type InputArgs,
} from "./call";
import { byLabel, type LabelArgs } from "./labels";
import { collect } from "../client/pagination";

/** A field the script declares (`<UDF name=... label=.../>`), filled in at deploy time: the same
 * record as a `StackScript` resource's `userDefinedFields`. */
export type UserDefinedFieldResult = StackScriptUserDefinedField;

/** A StackScript: a script run on an instance's first boot. */
export interface StackScriptResult {
  id: number;
  /** Its author. */
  username: string;
  userGravatarId: string;
  label: string;
  description: string;
  ordinal: number;
  logoUrl: string;
  /** Image IDs it may deploy to (`any/all`: every image). */
  images: string[];
  deploymentsTotal: number;
  deploymentsActive: number;
  isPublic: boolean;
  /** Whether the acting user wrote it. */
  mine: boolean;
  created: string;
  updated: string;
  revNote: string;
  script: string;
  /** The fields the script declares with `<UDF .../>`, which a deploy's `stackscriptData` fills in. */
  userDefinedFields: UserDefinedFieldResult[];
}

export interface GetStackScriptsArgs extends LabelArgs {
  isPublic?: boolean;
  /** `true`: the acting user's own StackScripts only. */
  mine?: boolean;
  /** Only StackScripts that may deploy to this image ID (those listing it or `any/all`). */
  image?: string;
}

export interface GetStackScriptsResult {
  /** The matching StackScripts, in the API's order. */
  stackScripts: StackScriptResult[];
}

export interface GetStackScriptArgs {
  /** The StackScript's ID (a number, or a `StackScript`'s `id`). */
  id: IdArg;
}

/** @internal */
export function toStackScriptResult(s: StackScript): StackScriptResult {
  return {
    id: s.id,
    username: s.username,
    userGravatarId: s.user_gravatar_id,
    label: s.label,
    description: s.description,
    ordinal: s.ordinal,
    logoUrl: s.logo_url,
    images: [...s.images],
    deploymentsTotal: s.deployments_total,
    deploymentsActive: s.deployments_active,
    isPublic: s.is_public,
    mine: s.mine,
    created: s.created,
    updated: s.updated,
    revNote: s.rev_note,
    script: s.script,
    userDefinedFields: s.user_defined_fields.map((f) => ({ ...f })),
  };
}

/**
 * The StackScripts: public ones, and with a token the private ones the user may read. `label`,
 * `isPublic` and `mine` are sent as `X-Filter`; `labelRegex` and `image` are checked here.
 */
export function getStackScripts(
  args: GetStackScriptsArgs = {},
  opts?: FunctionOptions,
): Promise<GetStackScriptsResult> {
  return run({ fn: "getStackScripts", args, opts }, async () => {
    const { filter, keep } = byLabel(args, { is_public: args.isPublic, mine: args.mine });
    const all = await collect(clientFor(opts, "optional").each(endpoints().listStackScripts, { filter }));
    const image = args.image;
    const kept = keep(all).filter(
      (s) => image === undefined || s.images.includes(image) || s.images.includes("any/all"),
    );
    return { stackScripts: kept.map(toStackScriptResult) };
  });
}

/** `getStackScripts` with Input arguments. */
export function getStackScriptsOutput(
  args: InputArgs<GetStackScriptsArgs> = {},
  opts?: FunctionOptions,
): pulumi.Output<GetStackScriptsResult> {
  return outputOf(getStackScripts, args, opts);
}

/** One StackScript by ID, with its script; an unknown one fails with `StackScript <id> not found`. */
export function getStackScript(args: GetStackScriptArgs, opts?: FunctionOptions): Promise<StackScriptResult> {
  return run({ fn: "getStackScript", args, opts, notFound: `StackScript ${args.id}` }, async () =>
    toStackScriptResult(
      await clientFor(opts).api.getStackScript({ params: { stackscriptId: idArg("id", args.id) } }),
    ),
  );
}

/** `getStackScript` with Input arguments. */
export function getStackScriptOutput(
  args: InputArgs<GetStackScriptArgs>,
  opts?: FunctionOptions,
): pulumi.Output<StackScriptResult> {
  return outputOf(getStackScript, args, opts);
}
