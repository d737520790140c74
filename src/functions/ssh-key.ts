/** Data functions of the profile's SSH keys: `getSshKeys` and `getSshKey`. API area: profile-ssh-keys. */
import type * as pulumi from "@pulumi/pulumi";
import type { SshKey } from "../contract/profile-ssh-keys";
import {
  clientFor,
  endpoints,
  idArg,
  outputOf,
  run,
  type FunctionOptions,
  type IdArg,
  type InputArgs,
} from "./call";
import { byLabel, type LabelArgs } from "./labels";
import { collect } from "../client/pagination";

/** An SSH public key of the acting user's profile. */
export interface SshKeyResult {
  id: number;
  label: string;
  /** The public key line, `ssh-ed25519 AAAA... comment`. */
  sshKey: string;
  created: string;
}

/** Label filters, checked here (the SSH key list takes no `X-Filter`). */
export type GetSshKeysArgs = LabelArgs;

export interface GetSshKeysResult {
  /** The matching keys, in the API's order. */
  sshKeys: SshKeyResult[];
}

export interface GetSshKeyArgs {
  /** The key's ID (a number, or an `SshKey`'s `id`). */
  id: IdArg;
}

const toResult = (k: SshKey): SshKeyResult => ({
  id: k.id,
  label: k.label,
  sshKey: k.ssh_key,
  created: k.created,
});

/** The SSH keys of the user whose token the stack uses. */
export function getSshKeys(args: GetSshKeysArgs = {}, opts?: FunctionOptions): Promise<GetSshKeysResult> {
  return run({ fn: "getSshKeys", args, opts }, async () => {
    const { keep } = byLabel(args);
    const all = await collect(clientFor(opts).each(endpoints().listProfileSshKeys));
    return { sshKeys: keep(all).map(toResult) };
  });
}

/** `getSshKeys` with Input arguments. */
export function getSshKeysOutput(
  args: InputArgs<GetSshKeysArgs> = {},
  opts?: FunctionOptions,
): pulumi.Output<GetSshKeysResult> {
  return outputOf(getSshKeys, args, opts);
}

/** One SSH key by ID; an unknown one fails with `SSH key <id> not found`. */
export function getSshKey(args: GetSshKeyArgs, opts?: FunctionOptions): Promise<SshKeyResult> {
  return run({ fn: "getSshKey", args, opts, notFound: `SSH key ${args.id}` }, async () =>
    toResult(await clientFor(opts).api.getProfileSshKey({ params: { sshKeyId: idArg("id", args.id) } })),
  );
}

/** `getSshKey` with Input arguments. */
export function getSshKeyOutput(
  args: InputArgs<GetSshKeyArgs>,
  opts?: FunctionOptions,
): pulumi.Output<SshKeyResult> {
  return outputOf(getSshKey, args, opts);
}
