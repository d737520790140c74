/**
 * Another tool's state as the file `pulumi import --file` takes: each Terraform type's kind and import
 * ID (children as `PARENTID/ID`), names from addresses (modules, count, for_each), unique across kinds,
 * parents first; a line for each resource left out; pulumi-linode's `pulumi stack export` the same way.
 */
import { fromPulumiLinodeExport, fromTerraformState, StateError } from "../../../src/importer/from-state";

const tfstate = (resources: unknown[]) =>
  JSON.stringify({ version: 4, terraform_version: "1.11.4", resources });
const managed = (type: string, name: string, attributes: Record<string, unknown>, extra = {}) => ({
  mode: "managed",
  type,
  name,
  provider: 'provider["registry.terraform.io/linode/linode"]',
  instances: [{ schema_version: 0, attributes, ...extra }],
});
const lines = (resources: { type: string; name: string; id: string }[]) =>
  resources.map((r) => `${r.type} ${r.name} ${r.id}`);

it("maps each kind, children by their parents' IDs, parents first", () => {
  const { file, skipped } = fromTerraformState(
    tfstate([
      managed("linode_instance_config", "boot", {
        id: "5",
        linode_id: 9,
        interface: [
          { id: 11, purpose: "public" },
          { id: 12, purpose: "vpc", subnet_id: 3 },
        ],
      }),
      managed("linode_vpc_subnet", "app", { id: "3", vpc_id: 2 }),
      managed("linode_instance_disk", "root", { id: "4", linode_id: 9 }),
      managed("linode_instance", "db", { id: "9", image: null }),
      managed("linode_vpc", "net", { id: "2" }),
      managed("linode_sshkey", "laptop", { id: "1" }),
      managed("linode_stackscript", "setup", { id: "6" }),
      managed("linode_image", "golden", { id: "private/7" }),
      managed("linode_token", "ci", { id: "8", token: null }),
    ]),
  );
  expect(skipped).toEqual([]);
  expect(lines(file.resources)).toEqual([
    "compute:index:SshKey laptop 1",
    "compute:index:StackScript setup 6",
    "compute:index:Vpc net 2",
    "compute:index:Subnet app 2/3",
    "compute:index:Instance db 9",
    "compute:index:InstanceDisk root 9/4",
    "compute:index:InstanceConfig boot 9/5",
    "compute:index:ConfigInterface boot-eth0 9/5/11",
    "compute:index:ConfigInterface boot-eth1 9/5/12",
    "compute:index:Image golden private/7",
    "compute:index:Token ci 8",
  ]);
});

it("takes an instance's inline disks and configs unless a resource of their own has them; one from an image alone", () => {
  const { file } = fromTerraformState(
    tfstate([
      managed("linode_instance", "web", {
        id: "1",
        image: "linode/debian12",
        disk: [{ id: 10, label: "Debian 12 Disk" }],
        config: [{ id: 20, label: "My Debian 12 Profile" }],
      }),
      managed("linode_instance", "db", {
        id: "2",
        image: null,
        disk: [
          { id: 30, label: "root" },
          { id: 31, label: "data" },
        ],
        config: [{ id: 40, label: "boot", interface: [{ id: 50, purpose: "public" }] }],
      }),
      managed("linode_instance_disk", "data", { id: "31", linode_id: 2 }),
    ]),
  );
  expect(lines(file.resources)).toEqual([
    "compute:index:Instance web 1",
    "compute:index:Instance db 2",
    "compute:index:InstanceDisk db-root 2/30",
    "compute:index:InstanceConfig db-boot 2/40",
    "compute:index:ConfigInterface db-boot-eth0 2/40/50",
    "compute:index:InstanceDisk data 2/31",
  ]);
});

it("names objects after their addresses, unique across kinds", () => {
  const { file } = fromTerraformState(
    tfstate([
      {
        mode: "managed",
        type: "linode_vpc",
        name: "v",
        instances: [
          { index_key: 0, attributes: { id: "1" } },
          { index_key: 1, attributes: { id: "2" } },
        ],
      },
      { ...managed("linode_vpc", "net", { id: "3" }), module: 'module.edge["eu west"]' },
      managed("linode_sshkey", "v-0", { id: "4" }),
    ]),
  );
  expect(lines(file.resources)).toEqual([
    "compute:index:SshKey v-0 4",
    "compute:index:Vpc v-0-2 1",
    "compute:index:Vpc v-1 2",
    "compute:index:Vpc edge-net 3",
  ]);
});

it("names, one line each, every resource it leaves out; data sources are not resources", () => {
  const { file, skipped } = fromTerraformState(
    tfstate([
      managed("linode_firewall", "fw", { id: "1" }),
      managed("terraform_data", "marker", { id: "x" }),
      managed("linode_vpc_subnet", "orphan", { id: "3" }),
      managed("linode_vpc", "old", { id: "5" }, { deposed: "00000001" }),
      managed("linode_vpc", "pending", { id: null }),
      { mode: "data", type: "linode_region", name: "here", instances: [{ attributes: { id: "us-iad" } }] },
    ]),
  );
  expect(file.resources).toEqual([]);
  expect(skipped).toEqual([
    "linode_vpc.old (deposed 00000001): an object Terraform is replacing",
    "linode_vpc.pending: no id in the state",
    "linode_vpc_subnet.orphan: no vpc_id in the state",
    "linode_firewall.fw: no Compute kind for linode_firewall",
    "terraform_data.marker: no Compute kind for terraform_data",
  ]);
});

it.each([
  ["{", /^--from-terraform: not JSON/],
  ["{}", /^--from-terraform: not a Terraform state \(no resources list\)$/],
  [JSON.stringify({ version: 3, resources: [] }), /state format version 3, not 4/],
])("refuses what is no version-4 state: %s", (text, message) => {
  expect(() => fromTerraformState(text)).toThrow(StateError);
  expect(() => fromTerraformState(text)).toThrow(message);
});

it("maps a pulumi-linode stack export by its outputs, skipping the stack, providers and what it does not manage", () => {
  const urn = (type: string, name: string) => `urn:pulumi:dev::infra::${type}::${name}`;
  const resource = (
    type: string,
    name: string,
    id: string,
    outputs: Record<string, unknown>,
    extra = {},
  ) => ({
    urn: urn(type, name),
    custom: true,
    type,
    id,
    outputs,
    ...extra,
  });
  const exported = {
    version: 3,
    deployment: {
      resources: [
        { urn: urn("pulumi:pulumi:Stack", "infra-dev"), custom: false, type: "pulumi:pulumi:Stack" },
        resource("pulumi:providers:linode", "default_4_0_0", "abc", {}),
        resource("linode:index/vpc:Vpc", "net", "2", { label: "net" }),
        resource("linode:index/vpcSubnet:VpcSubnet", "app", "3", { vpcId: 2 }),
        resource("linode:index/instance:Instance", "db", "9", {
          image: "",
          disks: [{ id: 30, label: "root" }],
          configs: [{ id: 40, label: "boot", interfaces: [{ id: 50, purpose: "public" }] }],
        }),
        resource("linode:index/instanceDisk:InstanceDisk", "data", "31", { linodeId: 9 }),
        resource("linode:index/sshKey:SshKey", "laptop", "1", {}),
        resource("linode:index/stackScript:StackScript", "setup", "6", {}),
        resource("linode:index/firewall:Firewall", "fw", "7", {}),
        resource("linode:index/vpc:Vpc", "shared", "8", {}, { external: true }),
      ],
    },
  };
  const { file, skipped } = fromPulumiLinodeExport(JSON.stringify(exported));
  expect(lines(file.resources)).toEqual([
    "compute:index:SshKey laptop 1",
    "compute:index:StackScript setup 6",
    "compute:index:Vpc net 2",
    "compute:index:Subnet app 2/3",
    "compute:index:Instance db 9",
    "compute:index:InstanceDisk db-root 9/30",
    "compute:index:InstanceConfig db-boot 9/40",
    "compute:index:ConfigInterface db-boot-eth0 9/40/50",
    "compute:index:InstanceDisk data 9/31",
  ]);
  expect(skipped).toEqual([
    "linode:index/firewall:Firewall fw: no Compute kind for linode:index/firewall:Firewall",
    "linode:index/vpc:Vpc shared: read, not managed, by the stack",
  ]);
  expect(() => fromPulumiLinodeExport("{}")).toThrow(/not a `pulumi stack export`/);
});
