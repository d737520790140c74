import * as pulumi from "@pulumi/pulumi";
import type { InstanceStatus, InterfacePurpose, RunLevel, VirtMode } from "../contract/values";
import { INSTANCE_CONFIG_COMPUTED } from "../provider/field-lists";
import { placeholders } from "../provider/core/resource-spec";
import { computeResourceArgs, lookUpArgs, pausePromiseStacks } from "./compute-resource";

type DeviceName = "sda" | "sdb" | "sdc" | "sdd" | "sde" | "sdf" | "sdg" | "sdh";

/** One network interface of a config; the list's order is eth0, eth1, eth2. */
export interface InstanceConfigInterface {
  /** `public`, `vlan` or `vpc`. */
  purpose: pulumi.Input<string>;
  /** The default route (default false; at most one per config; vlan interfaces cannot be). */
  primary?: pulumi.Input<boolean>;
  /** vlan only: the VLAN's label (letters, digits, single dashes). */
  label?: pulumi.Input<string>;
  /** vlan only: the interface's address in CIDR notation, e.g. `10.0.0.1/24`. */
  ipamAddress?: pulumi.Input<string>;
  /** vpc only (required): the subnet's ID, e.g. `subnet.id`. */
  subnetId?: pulumi.Input<string | number>;
  /**
   * vpc only: `vpc`, the address in the subnet (the API picks a free one when left out); `nat11`, the
   * instance's public IPv4 for 1:1 NAT, or `any` (kept as `any` while the API holds the address).
   */
  ipv4?: pulumi.Input<{ vpc?: pulumi.Input<string>; nat11?: pulumi.Input<string> }>;
  /** vpc only: IPv4 ranges of the subnet routed to this interface. */
  ipRanges?: pulumi.Input<pulumi.Input<string>[]>;
}

export interface InstanceConfigArgs {
  /** The instance's ID (e.g. `instance.id`). Changing it replaces the config. */
  computeId: pulumi.Input<string | number>;
  /** 1..48 characters. Updated in place. */
  label: pulumi.Input<string>;
  /** Free text (default ""). Updated in place. */
  comments?: pulumi.Input<string>;
  /** Disks on devices `sda`..`sdh` by ID (`{ sda: root.id, sdb: swap.id }`), each disk once; devices
   * left out are empty. Updated in place. */
  devices: pulumi.Input<Partial<Record<DeviceName, pulumi.Input<string | number>>>>;
  /** Boot helpers; those left out are the API's choice. Updated in place. */
  helpers?: pulumi.Input<{
    updatedbDisabled?: pulumi.Input<boolean>;
    distro?: pulumi.Input<boolean>;
    modulesDep?: pulumi.Input<boolean>;
    network?: pulumi.Input<boolean>;
    devtmpfsAutomount?: pulumi.Input<boolean>;
  }>;
  /** Kernel ID (default `compute/latest-64bit`). Updated in place. */
  kernel?: pulumi.Input<string>;
  /** MB of memory the instance may use; the API's choice (all of it) when left out. Updated in place. */
  memoryLimit?: pulumi.Input<number>;
  /** Root device (default `/dev/sda`, which must then hold a disk). Updated in place. */
  rootDevice?: pulumi.Input<string>;
  /** `default`, `single` or `binbash` (default `default`). Updated in place. */
  runLevel?: pulumi.Input<string>;
  /** `paravirt` or `fullvirt` (default `paravirt`; fullvirt has sda..sdd only). Updated in place. */
  virtMode?: pulumi.Input<string>;
  /**
   * The config's interfaces, in order (eth0..eth2; at most 3, at most one primary; `[]`: none, public
   * networking only). Replaced as a whole in place when changed. Left out, this resource does not
   * manage them.
   */
  interfaces?: pulumi.Input<pulumi.Input<InstanceConfigInterface>[]>;
  /**
   * true: the instance runs with this config (`pulumi up` boots it into it, rebooting it if it runs
   * with another, and waits until it runs). false: it does not (shut down if it runs with this config).
   * Left out: power is not managed here.
   */
  booted?: pulumi.Input<boolean>;
  /**
   * Whether `pulumi up` reboots the instance when a change that takes effect at boot (anything but
   * label and comments) is made to the config it runs with (default false: no reboot; a line in the
   * output says that one is due).
   */
  rebootOnChange?: pulumi.Input<boolean>;
}

/** An interface as the API holds it. */
export interface InstanceConfigInterfaceDetail {
  id: number;
  purpose: InterfacePurpose;
  primary: boolean;
  /** The instance runs with the config, and the interface was there when it booted. */
  active: boolean;
  label: string | null;
  ipamAddress: string | null;
  subnetId: number | null;
  vpcId: number | null;
  /** The VPC address and the 1:1 NAT address (vpc interfaces), else null. */
  ipv4: { vpc: string | null; nat11: string | null } | null;
  ipRanges: string[] | null;
}

/**
 * A configuration profile of an instance: what it boots (disks on devices, kernel, helpers) and its
 * interfaces. Everything but `computeId` changes in place. With `booted: true`, `pulumi up` returns
 * once the instance runs with it: how an instance assembled from an empty instance and
 * `InstanceDisk`s is started. A reboot (`rebootOnChange`) waits until the instance runs again.
 * Deleting a config an instance runs with shuts the instance down first.
 *
 * ```ts
 * const boot = new compute.InstanceConfig("boot", {
 *   computeId: server.id,
 *   label: "boot",
 *   devices: { sda: root.id, sdb: swap.id },
 *   interfaces: [{ purpose: "public" }, { purpose: "vpc", subnetId: subnet.id, ipv4: { nat11: "any" } }],
 *   booted: true,
 * });
 * ```
 */
export class InstanceConfig extends pulumi.CustomResource {
  declare readonly computeId: pulumi.Output<number>;
  declare readonly label: pulumi.Output<string>;
  declare readonly comments: pulumi.Output<string>;
  declare readonly devices: pulumi.Output<Partial<Record<DeviceName, number>>>;
  declare readonly helpers: pulumi.Output<Record<string, boolean>>;
  declare readonly kernel: pulumi.Output<string>;
  declare readonly memoryLimit: pulumi.Output<number>;
  declare readonly rootDevice: pulumi.Output<string>;
  declare readonly runLevel: pulumi.Output<RunLevel>;
  declare readonly virtMode: pulumi.Output<VirtMode>;
  declare readonly interfaces: pulumi.Output<InstanceConfigInterface[]>;
  /** Whether the instance runs with this config. */
  declare readonly booted: pulumi.Output<boolean | undefined>;
  declare readonly rebootOnChange: pulumi.Output<boolean>;
  /** The interfaces as the API holds them: IDs, the VPC addresses it chose, whether active. */
  declare readonly interfaceDetails: pulumi.Output<InstanceConfigInterfaceDetail[]>;
  /**
   * The instance's status when this config's create, update or refresh ended: `running` once
   * `booted: true` booted it, when `pulumi up` returns. An Instance's own `status` is read at its
   * create, before its configs exist: an instance assembled from parts says `offline` there until
   * a refresh.
   */
  declare readonly instanceStatus: pulumi.Output<InstanceStatus>;
  declare readonly created: pulumi.Output<string>;
  declare readonly updated: pulumi.Output<string>;

  /**
   * Reads a configuration profile the stack does not manage: the engine reads it from the API, writing
   * nothing, and `destroy` leaves it. `id` is its ID with `state: { computeId }`, or
   * `<computeId>/<instanceConfigId>` alone.
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: Partial<InstanceConfigArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): InstanceConfig {
    return new InstanceConfig(name, ...lookUpArgs<InstanceConfigArgs>("InstanceConfig", id, state, opts));
  }

  constructor(name: string, args: InstanceConfigArgs, opts?: pulumi.CustomResourceOptions) {
    const restoreStacks = pausePromiseStacks();
    try {
      super(
        ...computeResourceArgs(
          "InstanceConfig",
          name,
          { ...placeholders(INSTANCE_CONFIG_COMPUTED), ...args },
          opts,
        ),
      );
    } finally {
      restoreStacks();
    }
  }
}
