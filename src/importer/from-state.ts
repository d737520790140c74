/**
 * `compute-import --from-terraform FILE` and `--from-pulumi-linode FILE`: the objects another tool's
 * state manages, as the file `pulumi import --file` takes (each with the plugin form's type token, a
 * logical name and the import ID: `VPCID/SUBNETID` for a subnet, `INSTANCEID/DISKID` for a disk, ...).
 * No API call: every ID is the same API's, read from the state. What has no Compute kind is named,
 * one line each, instead of being dropped.
 */

/** One resource of the import file. */
export interface ImportEntry {
  type: string;
  name: string;
  id: string;
}

export interface Converted {
  /** The file `pulumi import --file` takes. */
  file: { resources: ImportEntry[] };
  /** The address in the state each of its resources comes from, in the same order. */
  addresses: string[];
  /** One line per resource of the state that is not in the file, naming it and why. */
  skipped: string[];
}

/** A managed object of the state: its address (`linode_vpc.net`, `module.a.linode_vpc.v[0]`), its
 * Terraform type and its attributes, with the Terraform provider's (snake_case) names. */
interface StateObject {
  address: string;
  /** The logical name to start from (before making it unique). */
  name: string;
  type: string;
  attributes: Record<string, unknown>;
}

type Attributes = Record<string, unknown>;

const token = (kind: string) => `compute:index:${kind}`;

/** A state's ID field as the API's ID: numbers and strings as they are, nothing else. */
function idOf(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string" && value !== "") return value;
  return undefined;
}

const blocks = (value: unknown): Attributes[] =>
  Array.isArray(value) ? value.filter((v): v is Attributes => !!v && typeof v === "object") : [];

/** A logical name: runs of other characters than letters, digits, `.`, `_`, `-` become `-`. */
const clean = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "resource";

class Builder {
  readonly resources: ImportEntry[] = [];
  readonly addresses: string[] = [];
  readonly skipped: string[] = [];
  private readonly taken = new Set<string>();
  /** Disks and configs declared by their own resource: `INSTANCEID/ID`. */
  readonly ownDisks = new Set<string>();
  readonly ownConfigs = new Set<string>();

  add(address: string, kind: string, name: string, id: string): void {
    // A YAML program's resources are keyed by name: unique across kinds, not only within one.
    const base = clean(name);
    let candidate = base;
    for (let n = 2; this.taken.has(candidate); n++) candidate = `${base}-${n}`;
    this.taken.add(candidate);
    this.resources.push({ type: token(kind), name: candidate, id });
    this.addresses.push(address);
  }

  skip(address: string, why: string): void {
    this.skipped.push(`${address}: ${why}`);
  }
}

/** The config's interfaces (`interface` blocks with their IDs), each a ConfigInterface. */
function addInterfaces(
  b: Builder,
  address: string,
  name: string,
  computeId: string,
  configId: string,
  config: Attributes,
) {
  blocks(config.interface).forEach((nic, index) => {
    const id = idOf(nic.id);
    if (id) b.add(address, "ConfigInterface", `${name}-eth${index}`, `${computeId}/${configId}/${id}`);
  });
}

/** Each kind: how one object of its Terraform type becomes entries of the import file. */
const MAPPERS: Record<string, (b: Builder, o: StateObject, id: string) => void> = {
  linode_vpc: (b, o, id) => b.add(o.address, "Vpc", o.name, id),
  linode_sshkey: (b, o, id) => b.add(o.address, "SshKey", o.name, id),
  linode_stackscript: (b, o, id) => b.add(o.address, "StackScript", o.name, id),
  linode_image: (b, o, id) => b.add(o.address, "Image", o.name, id),
  linode_token: (b, o, id) => b.add(o.address, "Token", o.name, id),
  linode_vpc_subnet: (b, o, id) =>
    withParent(b, o, "vpc_id", (vpcId) => b.add(o.address, "Subnet", o.name, `${vpcId}/${id}`)),
  linode_instance_disk: (b, o, id) =>
    withParent(b, o, "linode_id", (computeId) =>
      b.add(o.address, "InstanceDisk", o.name, `${computeId}/${id}`),
    ),
  linode_instance_config: (b, o, id) =>
    withParent(b, o, "linode_id", (computeId) => {
      b.add(o.address, "InstanceConfig", o.name, `${computeId}/${id}`);
      addInterfaces(b, o.address, o.name, computeId, id, o.attributes);
    }),
  linode_instance: (b, o, id) => {
    b.add(o.address, "Instance", o.name, id);
    // Deployed from an image, its disks and configs came with it: the instance alone, as
    // compute-import declares it. Otherwise the disks and configs of its (deprecated) inline blocks
    // that no resource of their own declares.
    if (idOf(o.attributes.image)) return;
    for (const disk of blocks(o.attributes.disk)) {
      const diskId = idOf(disk.id);
      if (diskId && !b.ownDisks.has(`${id}/${diskId}`))
        b.add(o.address, "InstanceDisk", `${o.name}-${String(disk.label ?? diskId)}`, `${id}/${diskId}`);
    }
    for (const config of blocks(o.attributes.config)) {
      const configId = idOf(config.id);
      if (!configId || b.ownConfigs.has(`${id}/${configId}`)) continue;
      const name = `${o.name}-${String(config.label ?? configId)}`;
      b.add(o.address, "InstanceConfig", name, `${id}/${configId}`);
      addInterfaces(b, o.address, name, id, configId, config);
    }
  },
};

function withParent(b: Builder, o: StateObject, field: string, add: (parentId: string) => void) {
  const parentId = idOf(o.attributes[field]);
  if (parentId) add(parentId);
  else b.skip(o.address, `no ${field} in the state`);
}

/** Parents first, so that `pulumi import` can refer to them; in the state's order otherwise. */
const ORDER = [
  "linode_sshkey",
  "linode_stackscript",
  "linode_vpc",
  "linode_vpc_subnet",
  "linode_instance",
  "linode_instance_disk",
  "linode_instance_config",
  "linode_image",
  "linode_token",
];
const rank = (type: string) => (ORDER.includes(type) ? ORDER.indexOf(type) : ORDER.length);

function convert(objects: StateObject[], skipped: string[]): Converted {
  const b = new Builder();
  b.skipped.push(...skipped);
  for (const o of objects) {
    const computeId = idOf(o.attributes.linode_id);
    const id = idOf(o.attributes.id);
    if (!computeId || !id) continue;
    if (o.type === "linode_instance_disk") b.ownDisks.add(`${computeId}/${id}`);
    if (o.type === "linode_instance_config") b.ownConfigs.add(`${computeId}/${id}`);
  }
  const sorted = objects
    .map((o, index) => ({ o, index }))
    .sort((x, y) => rank(x.o.type) - rank(y.o.type) || x.index - y.index)
    .map(({ o }) => o);
  for (const o of sorted) {
    const mapper = MAPPERS[o.type];
    const id = idOf(o.attributes.id);
    if (!mapper) b.skip(o.address, `no Compute kind for ${o.type}`);
    else if (!id) b.skip(o.address, "no id in the state");
    else mapper(b, o, id);
  }
  return { file: { resources: b.resources }, addresses: b.addresses, skipped: b.skipped };
}

export class StateError extends Error {}

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new StateError(`${what}: not JSON (${(err as Error).message})`);
  }
}

const isObject = (value: unknown): value is Attributes => !!value && typeof value === "object";

/** A `terraform.tfstate` (format version 4, as `terraform state pull` prints it). */
export function fromTerraformState(text: string): Converted {
  const state = parseJson(text, "--from-terraform");
  if (!isObject(state) || !Array.isArray(state.resources))
    throw new StateError("--from-terraform: not a Terraform state (no resources list)");
  if (state.version !== 4)
    throw new StateError(
      `--from-terraform: state format version ${String(state.version)}, not 4 (Terraform 0.12 or later writes 4)`,
    );
  const objects: StateObject[] = [];
  const skipped: string[] = [];
  for (const resource of state.resources.filter(isObject)) {
    // Data sources are read, never managed: nothing to move.
    if (resource.mode !== "managed") continue;
    const module = typeof resource.module === "string" ? resource.module : "";
    const type = String(resource.type);
    const base = `${module ? `${module}.` : ""}${type}.${String(resource.name)}`;
    const prefix = module
      .replace(/module\./g, "")
      .replace(/\[[^\]]*\]/g, "")
      .replace(/\./g, "-");
    for (const instance of (Array.isArray(resource.instances) ? resource.instances : []).filter(isObject)) {
      const key = instance.index_key;
      const address = key === undefined ? base : `${base}[${JSON.stringify(key)}]`;
      if (instance.deposed !== undefined) {
        skipped.push(`${address} (deposed ${String(instance.deposed)}): an object Terraform is replacing`);
        continue;
      }
      const name = [prefix, String(resource.name), key === undefined ? "" : String(key)]
        .filter(Boolean)
        .join("-");
      objects.push({
        address,
        name,
        type,
        attributes: isObject(instance.attributes) ? instance.attributes : {},
      });
    }
  }
  return convert(objects, skipped);
}

/** pulumi-linode's type tokens, as the Terraform provider's types it is generated from. */
const PULUMI_LINODE_TYPES: Record<string, string> = {
  "linode:index/vpc:Vpc": "linode_vpc",
  "linode:index/vpcSubnet:VpcSubnet": "linode_vpc_subnet",
  "linode:index/instance:Instance": "linode_instance",
  "linode:index/instanceDisk:InstanceDisk": "linode_instance_disk",
  "linode:index/instanceConfig:InstanceConfig": "linode_instance_config",
  "linode:index/sshKey:SshKey": "linode_sshkey",
  "linode:index/stackScript:StackScript": "linode_stackscript",
  "linode:index/image:Image": "linode_image",
  "linode:index/token:Token": "linode_token",
};

/** pulumi-linode's names of list attributes, where they are not the Terraform provider's in camelCase. */
const PLURALS: Record<string, string> = { interfaces: "interface", disks: "disk", configs: "config" };

/** Keys as the Terraform provider names them (`linodeId` → `linode_id`), all the way down. */
function terraformKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(terraformKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      PLURALS[k] ?? k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
      terraformKeys(v),
    ]),
  );
}

/** A `pulumi stack export` of a stack of pulumi-linode (types `linode:index/vpc:Vpc`, ...). */
export function fromPulumiLinodeExport(text: string): Converted {
  const exported = parseJson(text, "--from-pulumi-linode");
  const deployment = isObject(exported) ? exported.deployment : undefined;
  if (!isObject(deployment))
    throw new StateError("--from-pulumi-linode: not a `pulumi stack export` (no deployment)");
  const objects: StateObject[] = [];
  const skipped: string[] = [];
  for (const resource of (Array.isArray(deployment.resources) ? deployment.resources : []).filter(isObject)) {
    const type = String(resource.type);
    const urn = String(resource.urn);
    const name = urn.slice(urn.lastIndexOf("::") + 2);
    // The stack itself, providers and components are not objects of the API.
    if (type === "pulumi:pulumi:Stack" || type.startsWith("pulumi:providers:") || resource.custom === false)
      continue;
    const address = `${type} ${name}`;
    if (resource.delete === true) skipped.push(`${address}: an object the stack is replacing`);
    else if (resource.external === true) skipped.push(`${address}: read, not managed, by the stack`);
    else if (!PULUMI_LINODE_TYPES[type]) skipped.push(`${address}: no Compute kind for ${type}`);
    else {
      const attributes = { ...(terraformKeys(resource.outputs ?? {}) as Attributes), id: resource.id };
      objects.push({ address, name, type: PULUMI_LINODE_TYPES[type], attributes });
    }
  }
  return convert(objects, skipped);
}
