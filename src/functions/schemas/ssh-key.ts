/** What `getSshKeys` and `getSshKey` take and give (`../ssh-key.ts` declares the same types). */
import { z } from "zod";
import { idFrom, idOutput } from "../../contract/fields";
import { SshKey } from "../../contract/profile-ssh-keys";
import { LabelArgs } from "./labels";

const SshKeyResult = z.object({
  id: idOutput(),
  label: SshKey.shape.label,
  sshKey: SshKey.shape.ssh_key,
  created: SshKey.shape.created,
});

export const sshKeyFunctions = {
  getSshKeys: { args: LabelArgs, result: z.object({ sshKeys: z.array(SshKeyResult) }) },
  getSshKey: { args: z.object({ id: idFrom("id") }), result: SshKeyResult },
};
