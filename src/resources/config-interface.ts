import * as pulumi from "@pulumi/pulumi";
import type { InterfacePurpose } from "../contract/values";
import { CONFIG_INTERFACE_COMPUTED } from "../provider/field-lists";
import { placeholders } from "../provider/core/resource-spec";
import type { InstanceConfigInterface } from "./instance-config";
import { computeResourceArgs, lookUpArgs, pausePromiseStacks } from "./compute-resource";

/** The interface's fields as a config's `interfaces` list holds them: `purpose`, `subnetId`, `label`
 * and `ipamAddress` replace it (the API cannot change them); `primary`, and on a vpc interface `ipv4`
 * and `ipRanges`, are updated in place. */
export interface ConfigInterfaceArgs extends InstanceConfigInterface {
  /** The instance's ID (e.g. `instance.id`). Changing it replaces the interface. */
  computeId: pulumi.Input<string | number>;
  /** The config's ID (e.g. `config.id`); the config must leave its `interfaces` out. Changing it
   * replaces the interface. */
  configId: pulumi.Input<string | number>;
  /** 0..2: eth0..eth2, kept with the API's order endpoint (last, when the config has fewer
   * interfaces). Left out: wherever the API put it (added last). */
  position?: pulumi.Input<number>;
  /**
   * Whether `pulumi up` may shut the instance down when the API needs it to (default true): to delete
   * an active interface, or to reorder the interfaces of the config it runs with; it is booted back
   * into the config and waited for. Without it, such an operation fails saying what to do.
   */
  allowReboot?: pulumi.Input<boolean>;
  /**
   * Whether `pulumi up` reboots an instance running with the config so that a new or changed
   * interface takes effect, and waits until it runs (default false: a line says a reboot is due).
   */
  rebootOnChange?: pulumi.Input<boolean>;
}

/**
 * One network interface of an instance's config, as its own resource; for configs that leave
 * `interfaces` out (a config that declares the list would undo it: the check says so).
 *
 * ```ts
 * const vpcNic = new compute.ConfigInterface("db-vpc", {
 *   computeId: db.id,
 *   configId: boot.id,
 *   purpose: "vpc",
 *   subnetId: dbSubnet.id,
 *   ipv4: { nat11: "any" },
 *   position: 1, // eth1
 *   rebootOnChange: true, // reboot the running instance so that it takes effect
 * });
 * export const dbVpcIp = vpcNic.vpcAddress;
 * ```
 */
export class ConfigInterface extends pulumi.CustomResource {
  declare readonly computeId: pulumi.Output<number>;
  declare readonly configId: pulumi.Output<number>;
  declare readonly purpose: pulumi.Output<InterfacePurpose>;
  declare readonly primary: pulumi.Output<boolean>;
  declare readonly label: pulumi.Output<string | undefined>;
  declare readonly ipamAddress: pulumi.Output<string | undefined>;
  declare readonly subnetId: pulumi.Output<number | undefined>;
  /** As asked: an address the API chose is left out, and `any` stays `any`. */
  declare readonly ipv4: pulumi.Output<{ vpc?: string; nat11?: string } | undefined>;
  declare readonly ipRanges: pulumi.Output<string[] | undefined>;
  /** Where it sits: 0..2 (eth0..eth2). */
  declare readonly position: pulumi.Output<number>;
  declare readonly allowReboot: pulumi.Output<boolean>;
  declare readonly rebootOnChange: pulumi.Output<boolean>;
  /** Whether the instance runs with it now (it becomes active when the instance boots the config). */
  declare readonly active: pulumi.Output<boolean>;
  /** vpc only: the subnet's VPC. */
  declare readonly vpcId: pulumi.Output<number | undefined>;
  /** vpc only: the interface's address in the subnet, asked or chosen by the API. */
  declare readonly vpcAddress: pulumi.Output<string | undefined>;
  /** vpc only: the public address mapped 1:1 to it, if any. */
  declare readonly nat11Address: pulumi.Output<string | undefined>;

  /**
   * Reads an interface the stack does not manage: the engine reads it from the API, writing nothing,
   * and `destroy` leaves it. `id` is its ID with `state: { computeId, configId }`, or
   * `<computeId>/<configId>/<configInterfaceId>` alone.
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: Partial<ConfigInterfaceArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): ConfigInterface {
    return new ConfigInterface(name, ...lookUpArgs<ConfigInterfaceArgs>("ConfigInterface", id, state, opts));
  }

  constructor(name: string, args: ConfigInterfaceArgs, opts?: pulumi.CustomResourceOptions) {
    const restoreStacks = pausePromiseStacks();
    try {
      super(
        ...computeResourceArgs(
          "ConfigInterface",
          name,
          { ...placeholders(CONFIG_INTERFACE_COMPUTED), ...args },
          opts,
        ),
      );
    } finally {
      restoreStacks();
    }
  }
}
