/** SshKey. API area: profile-ssh-keys. The label updates in place; the key itself replaces.
 *
 * The API lets one profile hold the same key twice, under the same label too, so neither the key nor
 * the label tells a key a lost create made from one that was there before: the create lists the
 * profile's keys before the POST and, when the answer is lost, adopts the one new key with the asked
 * label and key (`createByListing`). Its POST sends the label with the stack's short mark appended
 * (`labelMarked`, `stack-marks.ts`) when it fits, so that any machine tells the key an interrupted
 * create made, and puts the declared label back once the POST has answered.
 */
import { z } from "zod";
import type { ComputeClient } from "../../client/compute-client";
import { collect } from "../../client/pagination";
import {
  profileSshKeyEndpoints,
  SshKeyLabel,
  SshKeyParams,
  sshPublicKey,
  SSH_KEY_LIMITS,
  SshKey,
} from "../../contract/profile-ssh-keys";
import { createByListing } from "../core/create-by-listing";
import { defineSpec } from "../core/resource-spec";
import { labelAsPosted, listedMark, markInLabel } from "../core/stack-marks";
import { SSH_KEY_COMPUTED } from "../field-lists";

export const SshKeyInputs = z.object({
  label: SshKeyLabel,
  // The API keeps the key line without surrounding spaces; so do the inputs, so a trailing newline
  // (a key read from a file) is never a diff.
  sshKey: sshPublicKey("sshKey").transform((key) => key.trim()),
});
export type SshKeyInputs = z.infer<typeof SshKeyInputs>;

const listKeys = (client: ComputeClient) => collect(client.each(profileSshKeyEndpoints.listProfileSshKeys));

const params = (id: string | number) => SshKeyParams.parse({ sshKeyId: id });

const marked = {
  ...markInLabel<SshKey>(SSH_KEY_LIMITS.label.max),
  takeOff: (client: ComputeClient, key: SshKey, { label }: SshKeyInputs) =>
    client.api.updateProfileSshKey({ params: params(key.id), body: { label } }),
};

export const sshKeySpec = defineSpec({
  kind: "SshKey",
  inputs: SshKeyInputs,
  computed: SSH_KEY_COMPUTED,
  outputs: z.object({ created: SshKey.shape.created }),
  replaceOn: ["sshKey"],
  create: (client, { label, sshKey }, ctx) =>
    createByListing(
      {
        kind: "SshKey",
        what: `SshKey ${label}`,
        list: () => listKeys(client),
        post: () =>
          client.api.createProfileSshKey({
            body: { label: labelAsPosted(label, ctx.mark), ssh_key: sshKey },
          }),
        matches: (k) => k.label === label && k.ssh_key === sshKey,
        ...listedMark(marked, ctx.mark),
      },
      ctx,
    ),
  marked,
  read: (client, id) => client.api.getProfileSshKey({ params: params(id) }),
  readListed: (client, id) => client.listedItem(profileSshKeyEndpoints.listProfileSshKeys, id),
  update: (client, id, _olds, { label }) =>
    client.api.updateProfileSshKey({ params: params(id), body: { label } }),
  delete: async (client, id) => {
    await client.api.deleteProfileSshKey({ params: params(id) });
  },
  idOf: (key) => String(key.id),
  toOutputs: (key: SshKey) => ({ label: key.label, sshKey: key.ssh_key, created: key.created }),
});
