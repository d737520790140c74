/**
 * An instance and its family in the plugin form from a Pulumi YAML program
 * (`pulumi-resource-compute`, the real CLI): the story in stories/instance-family.ts, the program
 * written here.
 */
import { ROOT_PASS } from "../../support/compute";
import { yamlLanguage } from "./stories/language";
import { instanceFamilyStory, type InstanceFamily } from "./stories/instance-family";

const onServer = { computeId: "${server.id}" };
const subnet = (label: string, ipv4: string) => ({
  type: "compute:index:Subnet",
  properties: { vpcId: "${net.id}", label, ipv4 },
});
const resources = (s: InstanceFamily) => ({
  net: { type: "compute:index:Vpc", properties: { region: "us-iad", label: s.vpcLabel } },
  app: subnet("app", "10.0.1.0/24"),
  db: subnet("db", "10.0.2.0/24"),
  spare: subnet(s.spareLabel, s.spareRange),
  server: {
    type: "compute:index:Instance",
    properties: { region: "us-iad", type: "g6-standard-1", label: s.serverLabel, backupsEnabled: true },
  },
  root: {
    type: "compute:index:InstanceDisk",
    properties: { ...onServer, label: s.rootLabel, size: 4000, image: s.rootImage, rootPass: ROOT_PASS },
  },
  swap: {
    type: "compute:index:InstanceDisk",
    properties: { ...onServer, label: "swap", size: 512, filesystem: "swap" },
  },
  data: {
    type: "compute:index:InstanceDisk",
    properties: { ...onServer, label: "data", size: 1024, filesystem: "ext4" },
  },
  boot: {
    type: "compute:index:InstanceConfig",
    properties: {
      ...onServer,
      label: "boot",
      comments: s.comments,
      devices: { sda: "${root.id}", sdb: "${swap.id}", sdc: "${data.id}" },
      booted: true,
    },
  },
  public: {
    type: "compute:index:ConfigInterface",
    properties: { ...onServer, configId: "${boot.id}", purpose: "public", position: 0, rebootOnChange: true },
  },
  private: {
    type: "compute:index:ConfigInterface",
    properties: {
      ...onServer,
      configId: "${boot.id}",
      purpose: "vpc",
      subnetId: `\${${s.subnet}.id}`,
      ipv4: { nat11: "any" },
      primary: s.primary,
      position: 1,
      rebootOnChange: true,
    },
  },
  prod: {
    type: "compute:index:Tag",
    properties: {
      label: s.tagLabel,
      instances: ["${server.id}", ...(s.outsideId === undefined ? [] : [String(s.outsideId)])],
    },
  },
  snap: { type: "compute:index:Snapshot", properties: { ...onServer, label: s.snapshotLabel } },
  golden: {
    type: "compute:index:Image",
    properties: { diskId: `\${${s.captured}.id}`, label: "golden", description: s.imageDescription },
  },
  ...(s.extraOn !== undefined && {
    extra: {
      type: "compute:index:InstanceDisk",
      properties: { computeId: String(s.extraOn), label: "extra", size: 1024, filesystem: "ext4" },
    },
  }),
});
const outputs = {
  computeId: "${server.id}",
  configId: "${boot.id}",
  devices: "${boot.devices}",
  vpcAddress: "${private.vpcAddress}",
};

instanceFamilyStory(yamlLanguage("plugin-instance-family", resources, outputs));
