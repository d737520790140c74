/**
 * A small account built through the client (the API itself, not the provider), holding one of each
 * thing compute-import declares: a VPC with two subnets; a server deployed from an image with a VPC
 * interface; a server assembled from an empty instance (a root disk from an image, a swap disk, a
 * config booting them with a public and a VPC interface); an SSH key; a private StackScript; a
 * private image captured from the root disk; a tag on the first server. Returns once everything has
 * settled (servers running, disks ready, the image available).
 */
import type { ComputeClient, ControlClient } from "../../src/client";
import type { DiskCreateRequest } from "../../src/contract";
import { status, waitForDisk, waitForImage, waitForInstance } from "../../src/client/waits";
import { publicKeyLine } from "./ssh-keys";

export interface SampleAccount {
  vpcId: number;
  /** `app` (the web server's) and `data` (the database server's). */
  subnetIds: { app: number; data: number };
  sshKeyId: number;
  stackScriptId: number;
  /** Deployed from an image, with its VPC interface given at create. */
  webId: number;
  /** Assembled from parts. */
  dbId: number;
  diskIds: { root: number; swap: number };
  configId: number;
  /** `private/N`, captured from the root disk. */
  imageId: string;
  /** The tag's label (its ID), carried by the web server. */
  tag: string;
}

export const SAMPLE_IMAGE = "compute/debian12";
const ROOT_PASS = "Sampl3-account!";
const REGION = "us-iad";
/** Long enough for the emulator at real speed. */
const WAIT = { timeoutMs: 120_000 };

/** Lets the emulator's lifecycles finish: moves its clock on (when a control client is given), then waits. */
async function settled<T>(control: ControlClient | undefined, wait: () => Promise<T>): Promise<T> {
  if (control) await control.clock({ advance_ms: 120_000 });
  return wait();
}

export async function seedSampleAccount(
  client: ComputeClient,
  control?: ControlClient,
): Promise<SampleAccount> {
  const { api } = client;
  const vpc = await api.createVpc({ body: { label: "legacy-net", region: REGION, description: "imported" } });
  const vpcId = vpc.id;
  const app = await api.createSubnet({ params: { vpcId }, body: { label: "app", ipv4: "10.0.1.0/24" } });
  const data = await api.createSubnet({ params: { vpcId }, body: { label: "data", ipv4: "10.0.2.0/24" } });
  const key = await api.createProfileSshKey({ body: { label: "ops laptop", ssh_key: publicKeyLine() } });
  const script = await api.createStackScript({
    body: {
      label: "motd",
      images: [SAMPLE_IMAGE],
      description: "Writes a greeting",
      // A UDF, a shell expansion and a backtick: the program must hold the script as it is.
      script:
        '#!/bin/bash\n# <UDF name="greeting" label="Greeting" default="hello" />\n' +
        'echo "${GREETING} from `hostname`" > /etc/motd\n',
    },
  });
  const web = await api.createInstance({
    body: {
      region: REGION,
      type: "g6-standard-1",
      label: "web-1",
      image: SAMPLE_IMAGE,
      root_pass: ROOT_PASS,
      interfaces: [{ purpose: "vpc", primary: true, subnet_id: app.id, ipv4: { nat_1_1: "any" } }],
    },
  });
  const db = await api.createInstance({ body: { region: REGION, type: "g6-standard-2", label: "db-1" } });
  const computeId = db.id;
  const disk = async (body: DiskCreateRequest) => {
    const made = await api.createDisk({ params: { computeId }, body });
    await settled(control, () => waitForDisk(client, computeId, made.id, status("ready"), WAIT));
    return made.id;
  };
  const root = await disk({ label: "root", size: 4096, image: SAMPLE_IMAGE, root_pass: ROOT_PASS });
  const swap = await disk({ label: "swap", size: 512, filesystem: "swap" });
  // Captured while the instance is offline; it is busy until the capture ends.
  const image = await api.createImage({
    body: { disk_id: root, label: "db-golden", description: "db root" },
  });
  await settled(control, () => waitForImage(client, image.id, status("available"), WAIT));
  const config = await api.createConfig({
    params: { computeId },
    body: {
      label: "boot",
      devices: { sda: { disk_id: root }, sdb: { disk_id: swap } },
      interfaces: [
        { purpose: "public", primary: true },
        { purpose: "vpc", subnet_id: data.id },
      ],
    },
  });
  await api.bootInstance({ params: { computeId }, body: { config_id: config.id } });
  const tag = "frontend";
  await api.createTag({ body: { label: tag, computes: [web.id] } });
  for (const id of [web.id, computeId]) {
    await settled(control, () => waitForInstance(client, id, status("running"), WAIT));
  }
  return {
    vpcId,
    subnetIds: { app: app.id, data: data.id },
    sshKeyId: key.id,
    stackScriptId: script.id,
    webId: web.id,
    dbId: computeId,
    diskIds: { root, swap },
    configId: config.id,
    imageId: image.id,
    tag,
  };
}
