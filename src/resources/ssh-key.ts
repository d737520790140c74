import * as pulumi from "@pulumi/pulumi";
import { placeholders } from "../provider/core/resource-spec";
import { SSH_KEY_COMPUTED } from "../provider/field-lists";
import { computeResourceArgs, lookUpArgs, pausePromiseStacks } from "./compute-resource";

export interface SshKeyArgs {
  /** At most 64 characters (may be empty). Updated in place. */
  label: pulumi.Input<string>;
  /**
   * The public key line, `<type> <base64 key> [comment]` (`ssh-rsa`, `ssh-ed25519` or
   * `ecdsa-sha2-nistp256/384/521`); checked at preview, surrounding spaces and newlines ignored.
   * Changing it replaces the key.
   */
  sshKey: pulumi.Input<string>;
}

/**
 * A public SSH key of the profile the provider's token belongs to. Pass its `sshKey` to an
 * instance's `authorizedKeys`.
 *
 * ```ts
 * const key = new compute.SshKey("deploy", { label: "deploy", sshKey: fs.readFileSync("id_ed25519.pub", "utf8") });
 * ```
 */
export class SshKey extends pulumi.CustomResource {
  declare readonly label: pulumi.Output<string>;
  declare readonly sshKey: pulumi.Output<string>;
  declare readonly created: pulumi.Output<string>;

  /**
   * Reads an SSH key the stack does not manage: the engine reads it from the API, writing nothing, and
   * `destroy` leaves it. `id` is its ID.
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: Partial<SshKeyArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): SshKey {
    return new SshKey(name, ...lookUpArgs<SshKeyArgs>("SshKey", id, state, opts));
  }

  constructor(name: string, args: SshKeyArgs, opts?: pulumi.CustomResourceOptions) {
    const restoreStacks = pausePromiseStacks();
    try {
      super(...computeResourceArgs("SshKey", name, { ...placeholders(SSH_KEY_COMPUTED), ...args }, opts));
    } finally {
      restoreStacks();
    }
  }
}
