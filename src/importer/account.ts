/**
 * The objects of the account compute-import can declare, in the order a program declares them (what
 * others refer to first): SSH keys, StackScripts, VPCs with their subnets, instances with their parts,
 * images, tags; each by ID. Each carries what the spec's `read` needs (`props`: parent IDs, and the
 * shape asked where the spec reads a value back in the shape a program asked for it).
 */
import type { ComputeClient } from "../client/compute-client";
import { collect } from "../client/pagination";
import { configEndpoints, type Config, type ConfigInterface } from "../contract/configs";
import { diskEndpoints } from "../contract/disks";
import { imageEndpoints } from "../contract/images";
import { instanceEndpoints } from "../contract/instance-endpoints";
import type { Instance } from "../contract/instances";
import { profileSshKeyEndpoints } from "../contract/profile-ssh-keys";
import { stackScriptEndpoints } from "../contract/stackscripts";
import { tagEndpoints } from "../contract/tags";
import { vpcEndpoints } from "../contract/vpcs";
import type { Props } from "../provider/core/resource-spec";
import { WRITE_ONLY, type ImportKind, type WriteOnly } from "./kinds";

export interface Found {
  kind: ImportKind;
  /** The `import` ID: a number as a string, `private/N` for an image, the label for a tag. */
  id: string;
  /** What its names come from. */
  label: string;
  /** The object it belongs to (a subnet's VPC, a disk's instance, an interface's config). */
  parent?: Found;
  props: Props;
  writeOnly?: WriteOnly;
  /** Comment lines above its declaration. */
  notes: string[];
  /** Resource options besides `import`. */
  options?: Props;
}

const byId = <T extends { id: number }>(items: T[]) => [...items].sort((a, b) => a.id - b.id);

/**
 * The shape a program would ask for an interface in, which the spec reads it back in: a 1:1 NAT as
 * `any` (the instance's own address), the VPC address the API chose left out.
 */
export function askedInterface(iface: ConfigInterface): Props {
  return iface.ipv4?.nat_1_1 ? { ipv4: { nat11: "any" } } : {};
}

export async function readAccount(client: ComputeClient): Promise<Found[]> {
  const found: Found[] = [];
  const add = (object: Omit<Found, "props" | "notes"> & Partial<Found>): Found => {
    const full = { props: {}, notes: [], ...object };
    found.push(full);
    return full;
  };
  for (const key of byId(await collect(client.each(profileSshKeyEndpoints.listProfileSshKeys)))) {
    add({ kind: "SshKey", id: String(key.id), label: key.label });
  }
  // With a token the list holds everyone's public StackScripts too: only the account's own.
  const scripts = await collect(
    client.each(stackScriptEndpoints.listStackScripts, { filter: { mine: true } }),
  );
  for (const script of byId(scripts.filter((s) => s.mine))) {
    const { id, label, is_public: isPublic } = script;
    add({
      kind: "StackScript",
      id: String(id),
      label,
      ...(isPublic && {
        notes: ["Public: the API never deletes a public StackScript, so `destroy` leaves it in place."],
        options: { retainOnDelete: true },
      }),
    });
  }
  for (const vpc of byId(await collect(client.each(vpcEndpoints.listVpcs)))) {
    const parent = add({ kind: "Vpc", id: String(vpc.id), label: vpc.label });
    for (const subnet of byId(vpc.subnets)) {
      add({ kind: "Subnet", id: String(subnet.id), label: subnet.label, parent, props: { vpcId: vpc.id } });
    }
  }
  const instances = byId(await collect(client.each(instanceEndpoints.listInstances)));
  for (const instance of instances) {
    const configs = byId(
      await collect(client.each(configEndpoints.listConfigs, { params: { computeId: instance.id } })),
    );
    if (instance.image !== null) addDeployed(add, instance, configs);
    else await addAssembled(client, add, instance, configs);
  }
  const images = await collect(client.each(imageEndpoints.listImages, { filter: { is_public: false } }));
  const imageNumber = (id: string) => Number(/(\d+)$/.exec(id)?.[1] ?? 0);
  // An upload still waiting for its data never becomes available by itself: not declared.
  const own = images
    .filter((i) => !i.is_public && i.status !== "pending_upload")
    .sort((a, b) => imageNumber(a.id) - imageNumber(b.id));
  for (const image of own) {
    add({ kind: "Image", id: image.id, label: image.label, writeOnly: WRITE_ONLY.image });
  }
  const tags = await collect(client.each(tagEndpoints.listTags));
  for (const { label } of tags.sort((a, b) => a.label.localeCompare(b.label))) {
    // The instances carrying it: the Tag resource manages them all.
    const carriers = instances.filter((i) => i.tags.includes(label)).map((i) => i.id);
    add({ kind: "Tag", id: label, label, props: { instances: carriers } });
  }
  return found;
}

type Add = (object: Omit<Found, "props" | "notes"> & Partial<Found>) => Found;

/** An instance deployed from an image owns what the deploy made: only the instance is declared. */
function addDeployed(add: Add, instance: Instance, configs: Config[]) {
  // The spec reads interfaces (from the first config, the deploy's) only when a program declares them.
  const interfaces = configs[0]?.interfaces ?? [];
  add({
    kind: "Instance",
    id: String(instance.id),
    label: instance.label,
    props: interfaces.length > 0 ? { interfaces: interfaces.map(askedInterface) } : {},
    writeOnly: WRITE_ONLY.deployedInstance,
    notes: [
      `Deployed from ${instance.image}: its disks and configs came with the image, so are not declared.`,
    ],
  });
}

/** An instance without an image: the instance, its disks, its configs and their interfaces. */
async function addAssembled(client: ComputeClient, add: Add, instance: Instance, configs: Config[]) {
  const computeId = instance.id;
  const parent = add({
    kind: "Instance",
    id: String(computeId),
    label: instance.label,
    writeOnly: WRITE_ONLY.emptyInstance,
  });
  const disks = byId(await collect(client.each(diskEndpoints.listDisks, { params: { computeId } })));
  for (const disk of disks) {
    // A swap or raw disk holds no deployed image: nothing to say.
    const deployable = !["swap", "raw"].includes(disk.filesystem);
    add({
      kind: "InstanceDisk",
      id: String(disk.id),
      label: disk.label,
      parent,
      props: { computeId },
      ...(deployable && { writeOnly: WRITE_ONLY.deployedDisk }),
    });
  }
  for (const config of configs) {
    const owner = add({
      kind: "InstanceConfig",
      id: String(config.id),
      label: config.label,
      parent,
      props: { computeId },
    });
    config.interfaces.forEach((iface, index) =>
      add({
        kind: "ConfigInterface",
        id: String(iface.id),
        label: `eth${index}`,
        parent: owner,
        props: { computeId, configId: config.id, ...askedInterface(iface) },
      }),
    );
  }
}
