import * as pulumi from "@pulumi/pulumi";
import { placeholders } from "../provider/core/resource-spec";
import { PARENT_KEY_INPUT, SUBNET_COMPUTED } from "../provider/field-lists";
import { parentKeyOf } from "./parent-keys";
import { computeResourceArgs, lookUpArgs, pausePromiseStacks } from "./compute-resource";

export interface SubnetArgs {
  /** The VPC's ID (e.g. `vpc.id`). Changing it replaces the subnet. */
  vpcId: pulumi.Input<string | number>;
  /** 1..64 ASCII letters, digits and dashes; unique inside the VPC. Updated in place. */
  label: pulumi.Input<string>;
  /** A private IPv4 range in canonical CIDR form (`10.0.1.0/24`), prefix /1../29, not overlapping
   * another subnet of the VPC nor 192.168.128.0/17. Changing it replaces the subnet. */
  ipv4: pulumi.Input<string>;
}

/**
 * A subnet of a VPC.
 *
 * ```ts
 * const app = new compute.Subnet("app", { vpcId: vpc.id, label: "app", ipv4: "10.0.1.0/24" });
 * ```
 */
export class Subnet extends pulumi.CustomResource {
  declare readonly vpcId: pulumi.Output<number>;
  declare readonly label: pulumi.Output<string>;
  declare readonly ipv4: pulumi.Output<string>;
  /** IDs of instances assigned to the subnet through a configuration profile interface. */
  declare readonly computes: pulumi.Output<number[]>;
  declare readonly created: pulumi.Output<string>;
  declare readonly updated: pulumi.Output<string | null>;

  /**
   * Reads a subnet the stack does not manage: the engine reads it from the API, writing nothing, and
   * `destroy` leaves it. `id` is its ID with `state: { vpcId }`, or `<vpcId>/<subnetId>` alone.
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: Partial<SubnetArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): Subnet {
    return new Subnet(name, ...lookUpArgs<SubnetArgs>("Subnet", id, state, opts));
  }

  constructor(name: string, args: SubnetArgs, opts?: pulumi.CustomResourceOptions) {
    const vpcKey = parentKeyOf(args.vpcId);
    const restoreStacks = pausePromiseStacks();
    try {
      super(
        ...computeResourceArgs(
          "Subnet",
          name,
          { ...placeholders(SUBNET_COMPUTED), ...args, ...(vpcKey && { [PARENT_KEY_INPUT]: vpcKey }) },
          opts,
        ),
      );
    } finally {
      restoreStacks();
    }
  }
}
