import * as pulumi from "@pulumi/pulumi";
import { placeholders } from "../provider/core/resource-spec";
import { VPC_COMPUTED } from "../provider/field-lists";
import { noteParent } from "./parent-keys";
import { computeResourceArgs, lookUpArgs, pausePromiseStacks } from "./compute-resource";

export interface VpcArgs {
  /** Region ID, e.g. `us-iad`; the region must have the VPCs capability. Changing it replaces the VPC. */
  region: pulumi.Input<string>;
  /** 1..64 ASCII letters, digits and dashes; unique among the account's VPCs. Updated in place. */
  label: pulumi.Input<string>;
  /** At most 255 characters. Updated in place. */
  description?: pulumi.Input<string>;
}

/**
 * A virtual private cloud. Its subnets are `Subnet` resources.
 *
 * ```ts
 * const vpc = new compute.Vpc("net", { region: "us-iad", label: "net", description: "production" });
 * ```
 */
export class Vpc extends pulumi.CustomResource {
  declare readonly region: pulumi.Output<string>;
  declare readonly label: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string>;
  declare readonly created: pulumi.Output<string>;
  declare readonly updated: pulumi.Output<string | null>;

  /**
   * Reads a VPC the stack does not manage: the engine reads it from the API, writing nothing, and
   * `destroy` leaves it. `id` is its ID.
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: Partial<VpcArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): Vpc {
    return new Vpc(name, ...lookUpArgs<VpcArgs>("Vpc", id, state, opts));
  }

  constructor(name: string, args: VpcArgs, opts?: pulumi.CustomResourceOptions) {
    const restoreStacks = pausePromiseStacks();
    try {
      super(...computeResourceArgs("Vpc", name, { ...placeholders(VPC_COMPUTED), ...args }, opts));
    } finally {
      restoreStacks();
    }
    noteParent(this, "Vpc", name);
  }
}
