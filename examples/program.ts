/**
 * The example program of the demo and of `pulumi up` in this directory: a VPC with two subnets; a web
 * server from the latest Debian 12 image (found with a data function); a database server assembled
 * from parts (an empty instance, a root disk from that image, a swap disk, and a config that boots
 * them with a public and a VPC interface). Both run when `pulumi up` returns. The root password is
 * the stack's secret `rootPass` (`pulumi config set --secret rootPass ...`; the demo sets one).
 * Imports the package by name, as a user's program does.
 */
import * as pulumi from "@pulumi/pulumi";
import * as compute from "pulumi-compute";
import { vpcProgram } from "./vpc";

export function demoProgram() {
  const rootPass = new pulumi.Config().requireSecret("rootPass");
  const { vpc, subnets } = vpcProgram();
  const image = compute.getImageOutput({ label: "Debian 12*", isPublic: true, deprecated: false });

  const web = new compute.Instance("web", {
    region: vpc.region,
    type: "g6-nanode-1",
    label: "demo-web",
    image: image.id,
    rootPass,
    tags: ["demo"],
  });

  const db = new compute.Instance("db", {
    region: vpc.region,
    type: "g6-standard-1",
    label: "demo-db",
    tags: ["demo"],
  });
  const root = new compute.InstanceDisk("db-root", {
    computeId: db.id,
    label: "root",
    size: 8192,
    image: image.id,
    rootPass,
  });
  const swap = new compute.InstanceDisk("db-swap", {
    computeId: db.id,
    label: "swap",
    size: 512,
    filesystem: "swap",
  });
  const boot = new compute.InstanceConfig("db-boot", {
    computeId: db.id,
    label: "boot",
    devices: { sda: root.id, sdb: swap.id },
    interfaces: [{ purpose: "public" }, { purpose: "vpc", subnetId: subnets.db!.id }],
    booted: true,
  });

  return {
    vpcId: vpc.id,
    vpcLabel: vpc.label,
    region: vpc.region,
    subnets: Object.fromEntries(
      Object.entries(subnets).map(([name, s]) => [name, { id: s.id, ipv4: s.ipv4 }]),
    ),
    image: image.id,
    web: { id: web.id, status: web.status, ipv4: web.ipv4 },
    db: { id: db.id, config: boot.id, ipv4: db.ipv4 },
  };
}
