/**
 * The example program of the demo and of `pulumi up` in this directory: a VPC with two subnets; an
 * SSH key and a StackScript; a web server from the latest Debian 12 image (found with a data
 * function), deployed with the key and provisioned by the StackScript; a database server assembled
 * from parts (an empty instance, a root disk from that image, a swap disk, and a config with a public
 * and a VPC interface that boots them). Both run when `pulumi up`
 * returns. The root password is the stack's secret `rootPass` (`pulumi config set --secret rootPass
 * ...`; the demo sets one); the SSH key is the stack's `sshPublicKey`, else the demo's own.
 * Imports the package by name, as a user's program does.
 */
import * as pulumi from "@pulumi/pulumi";
import * as compute from "pulumi-compute";
import { vpcProgram } from "./vpc";

/** The demo's public key (no one holds its private half): `pulumi config set sshPublicKey "$(cat ~/.ssh/id_ed25519.pub)"` puts yours. */
export const DEMO_PUBLIC_KEY =
  "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIIoN0rM0AxiPAReAXKe4aeJh2PrQfhiXSBKo8LLeYgS+ demo@compute";

/** Provisions the web server: the site's name is a field the StackScript declares. */
const WEB_SETUP = `#!/bin/bash
# <UDF name="site" label="Site name" example="demo.example"/>
apt-get install -y nginx
echo "$SITE" > /var/www/html/index.html
`;

export function demoProgram() {
  const config = new pulumi.Config();
  const rootPass = config.requireSecret("rootPass");
  const { vpc, subnets } = vpcProgram();
  const image = compute.getImageOutput({ label: "Debian 12*", isPublic: true, deprecated: false });

  const key = new compute.SshKey("deploy", {
    label: "demo-deploy",
    sshKey: config.get("sshPublicKey") ?? DEMO_PUBLIC_KEY,
  });
  const setup = new compute.StackScript("web-setup", {
    label: "demo-web-setup",
    description: "nginx with the site's name",
    images: [image.id],
    script: WEB_SETUP,
  });

  const web = new compute.Instance("web", {
    region: vpc.region,
    type: "g6-nanode-1",
    label: "demo-web",
    image: image.id,
    rootPass,
    authorizedKeys: [key.sshKey],
    stackscriptId: setup.id,
    stackscriptData: { site: "demo.example" },
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
  // Interfaces declared with the config are in place at its first boot. (As ConfigInterface resources,
  // examples/config-interface.ts, they are added once the config exists and cost the server a reboot.)
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
    sshKey: key.id,
    stackScript: { id: setup.id, fields: setup.userDefinedFields },
    web: { id: web.id, status: web.status, ipv4: web.ipv4 },
    db: {
      id: db.id,
      config: boot.id,
      ipv4: db.ipv4,
      vpcAddress: boot.interfaceDetails.apply(
        (nics) => (nics ?? []).find((n) => n.purpose === "vpc")?.ipv4?.vpc ?? null,
      ),
    },
  };
}
