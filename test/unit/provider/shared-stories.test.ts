/**
 * Stories every kind tells the same way, one `describe.each` over the specs: a create whose settle
 * times out keeps the ID (a partial failure with the known outputs, no secret shown) and the next
 * update finishes the wait, making nothing twice (Instance, Image, InstanceDisk, InstanceConfig's
 * boot, Snapshot); a delete removes the object, a delete of one already gone succeeds and a read of
 * it says it is gone (Instance, Image captured and uploaded, InstanceDisk, InstanceConfig booted,
 * StackScript, SshKey, Vpc, Subnet); a create the API refused with a 503 before acting is sent once
 * more and makes one object (the same kinds but a labelled Instance, with Snapshot).
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { gzipSync } from "node:zlib";
import { collect } from "../../../src/client";
import { imageEndpoints, profileSshKeyEndpoints } from "../../../src/contract";
import { diffInputs } from "../../../src/provider/core/diff";
import { PartialFailure } from "../../../src/provider/core/errors";
import { imageSpec } from "../../../src/provider/kinds/image";
import { instanceSpec } from "../../../src/provider/instance/instance";
import { instanceConfigSpec } from "../../../src/provider/instance/instance-config";
import { instanceDiskSpec } from "../../../src/provider/instance/instance-disk";
import { makeProvider } from "../../../src/provider/core/make-provider";
import type { AnySpec } from "../../../src/provider/core/resource-spec";
import { snapshotSpec } from "../../../src/provider/kinds/snapshot";
import { sshKeySpec } from "../../../src/provider/kinds/ssh-key";
import { stackScriptSpec } from "../../../src/provider/kinds/stack-script";
import { subnetSpec } from "../../../src/provider/kinds/subnet";
import { vpcSpec } from "../../../src/provider/kinds/vpc";
import { deployed, empty, IMAGE, ROOT_PASS, status } from "../../support/compute";
import { useEmulator } from "../../support/emulator";
import {
  checkedInputs,
  pointSettingsAt,
  thrown,
  useLogLines,
  useProviderSettings,
} from "../../support/provider";
import { publicKeyLine } from "../../support/ssh-keys";

// Lifecycles run a thousand times faster than real time (an instance's 4 s take 4 ms), and the
// waits that must end are given a minute: no story races the machine's speed. A wait that must time
// out waits on a job held for an hour.
const t = useEmulator({ speed: 1000 });
useProviderSettings(t, { "compute:waitTimeoutSeconds": "60" });
useLogLines();

const HOUR = 3_600_000;

let dir: string;
let gz: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "shared-stories-"));
  gz = path.join(dir, "disk.img.gz");
  fs.writeFileSync(gz, gzipSync(Buffer.alloc(64 * 1024, 7)));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The IDs of the objects a kind's prerequisites made (an instance, a disk...). */
type Parts = Record<string, number>;

interface Kind {
  spec: AnySpec;
  /** The row's name, when the kind's own is not enough. */
  name?: string;
  /** Makes what the object needs; the story's objects are made on these. */
  parts: () => Promise<Parts>;
  inputs: (p: Parts) => Record<string, unknown>;
  /** The IDs of every object of the kind that exists on the parts, as the provider names them. */
  list: (p: Parts) => Promise<string[]>;
  /** The path of the create's POST. */
  post: (p: Parts) => string;
}

interface Settling extends Kind {
  /** An emulator job timing the settle waits on: held for an hour, so the wait times out. */
  timing: string;
  /** The object the wait names (by default the one created). */
  waitsOn?: (id: string, p: Parts) => string;
  goal: string;
  lastState: string;
  /** Outputs of the object while its settle is left to do, and once it is done. */
  waiting: Record<string, unknown>;
  settled: Record<string, unknown>;
  /** Inputs diff names as changed while the settle is left to do (none: only the status differs). */
  changed?: string[];
  /** What else a finished wait shows. */
  finished?: (id: string, p: Parts) => Promise<void>;
}

const none = async (): Promise<Parts> => ({});
const ids = (items: { id: number | string }[]) => items.map((i) => String(i.id));
const instances = async () => ids((await t.client.api.listInstances()).data);
const disksOf = async (p: Parts) =>
  ids((await t.client.api.listDisks({ params: { computeId: p.computeId! } })).data);
const configsOf = async (p: Parts) =>
  ids((await t.client.api.listConfigs({ params: { computeId: p.computeId! } })).data);
const privateImages = async () =>
  ids(await collect(t.client.each(imageEndpoints.listImages, { filter: { is_public: false } })));

/** An empty instance. */
const anInstance = async (): Promise<Parts> => ({ computeId: (await empty(t)).id });

/** An empty instance with a ready disk. */
async function aDisk(): Promise<Parts> {
  const computeId = (await empty(t)).id;
  const disk = await t.client.api.createDisk({ params: { computeId }, body: { label: "root", size: 1000 } });
  await t.control.clock({ advance_ms: 60_000 });
  return { computeId, diskId: disk.id };
}

const instance: Settling = {
  spec: instanceSpec,
  parts: none,
  inputs: () => ({
    region: "us-iad",
    type: "g6-standard-1",
    image: IMAGE,
    rootPass: ROOT_PASS,
    label: "slow",
  }),
  list: instances,
  post: () => "/compute/instances",
  timing: "instance.create",
  goal: "running",
  lastState: "provisioning",
  waiting: { status: "provisioning", booted: true },
  settled: { status: "running" },
};

const image: Settling = {
  spec: imageSpec,
  parts: aDisk,
  inputs: (p) => ({ diskId: p.diskId, label: "slow" }),
  list: privateImages,
  post: () => "/images",
  timing: "image.capture",
  goal: "available",
  lastState: "creating",
  waiting: { status: "creating" },
  settled: { status: "available" },
};

const instanceDisk: Settling = {
  spec: instanceDiskSpec,
  parts: anInstance,
  inputs: (p) => ({ computeId: p.computeId, label: "slow", size: 100 }),
  list: disksOf,
  post: (p) => `/compute/instances/${p.computeId}/disks`,
  timing: "disk.create",
  goal: "ready",
  lastState: "not ready",
  waiting: { status: "not ready" },
  settled: { status: "ready" },
};

/** A config with `booted: true` settles when the instance it boots runs. */
const instanceConfig: Settling = {
  spec: instanceConfigSpec,
  parts: aDisk,
  inputs: (p) => ({ computeId: p.computeId, label: "boot", devices: { sda: p.diskId }, booted: true }),
  list: configsOf,
  post: (p) => `/compute/instances/${p.computeId}/configs`,
  timing: "instance.boot",
  waitsOn: (_id, p) => `Instance ${p.computeId}`,
  goal: "running",
  lastState: "booting",
  waiting: { booted: false },
  settled: { booted: true },
  changed: ["booted"],
  finished: async (_id, p) => {
    expect(await status(t, p.computeId!)).toBe("running");
    expect(await t.control.events({ action: "compute_boot" })).toHaveLength(1);
  },
};

/** An instance holds one snapshot: the one being taken, then the current one. */
const snapshot: Settling = {
  spec: snapshotSpec,
  parts: async () => ({ computeId: (await deployed(t, { backups_enabled: true })).id }),
  inputs: (p) => ({ computeId: p.computeId, label: "slow" }),
  list: async (p) => {
    const { snapshot: held } = await t.client.api.listBackups({ params: { computeId: p.computeId! } });
    return ids([held.current, held.in_progress].filter((b) => b !== null));
  },
  post: (p) => `/compute/instances/${p.computeId}/backups`,
  // Held while pending: the wait's last state is certain (it runs a second after).
  timing: "backup.pending",
  goal: "successful",
  lastState: "pending",
  waiting: { status: "pending" },
  settled: { status: "successful", label: "slow" },
  finished: async (id, p) => {
    const { snapshot: held } = await t.client.api.listBackups({ params: { computeId: p.computeId! } });
    expect(held).toMatchObject({ current: { id: Number(id) }, in_progress: null });
  },
};

/** An image uploaded from a gzip file (the delete story; its settle's story is a capture's). */
const imageUpload: Kind = {
  spec: imageSpec,
  name: "Image (an upload)",
  parts: none,
  inputs: () => ({ file: gz, fileHash: "h1", region: "us-iad", label: "gone" }),
  list: privateImages,
  post: () => "/images/upload",
};

/** Without a label, an instance's create is proven by listing the instances before the POST. */
const unlabelledInstance: Kind = {
  ...instance,
  name: "Instance (no label)",
  inputs: () => ({ region: "us-iad", type: "g6-standard-1", image: IMAGE, rootPass: ROOT_PASS }),
};

const stackScript: Kind = {
  spec: stackScriptSpec,
  parts: none,
  inputs: () => ({ label: "setup", script: "#!/bin/bash\necho hi\n", images: [IMAGE] }),
  list: async () => ids((await t.client.api.listStackScripts()).data),
  post: () => "/compute/stackscripts",
};

const sshKey: Kind = {
  spec: sshKeySpec,
  parts: none,
  inputs: () => ({ label: "deploy", sshKey: publicKeyLine() }),
  list: async () => ids(await collect(t.client.each(profileSshKeyEndpoints.listProfileSshKeys))),
  post: () => "/profile/sshkeys",
};

const vpc: Kind = {
  spec: vpcSpec,
  parts: none,
  inputs: () => ({ region: "us-iad", label: "net" }),
  list: async () => ids((await t.client.api.listVpcs()).data),
  post: () => "/vpcs",
};

const subnet: Kind = {
  spec: subnetSpec,
  parts: async () => ({
    vpcId: (await t.client.api.createVpc({ body: { label: "net", region: "us-iad" } })).id,
  }),
  inputs: (p) => ({ vpcId: p.vpcId, label: "app", ipv4: "10.0.1.0/24" }),
  list: async (p) => ids((await t.client.api.listSubnets({ params: { vpcId: p.vpcId! } })).data),
  post: (p) => `/vpcs/${p.vpcId}/subnets`,
};

const named = <K extends Kind>(kinds: K[]) =>
  kinds.map((kind) => [kind.name ?? kind.spec.kind, kind] as const);

describe.each(named([instance, image, instanceDisk, instanceConfig, snapshot]))(
  "%s: a create whose settle times out",
  (_name, kind) => {
    afterEach(() => void t.emulator.jobs.timings.delete(kind.timing));

    it("keeps the ID and the outputs, and the next update finishes the wait, making nothing twice", async () => {
      const provider = makeProvider(kind.spec);
      const p = await kind.parts();
      t.emulator.jobs.timings.set(kind.timing, HOUR);
      pointSettingsAt(t, { "compute:createTimeoutSeconds": "0.5" });
      const inputs = checkedInputs(kind.spec, kind.inputs(p));
      // The engine's inputs carry the serialized provider, which the kept state needs too.
      const err = await thrown(provider.create({ ...inputs, __provider: "code" }));
      const made = await kind.list(p);
      expect(made).toHaveLength(1);
      const id = made[0]!;
      expect(err).toBeInstanceOf(PartialFailure);
      expect(err.id).toBe(id);
      const waitedOn = kind.waitsOn?.(id, p) ?? `${kind.spec.kind} ${id}`;
      // The time is the wait's (half a second and the last read), however long that read took.
      expect(err.message).toMatch(
        new RegExp(
          `^${kind.spec.kind} ${id} was created, but ${waitedOn} did not become ${kind.goal} within \\d+s ` +
            `\\(last state: ${kind.lastState}\\); raise compute:waitTimeoutSeconds .*; ` +
            "the next `pulumi up` continues from here$",
        ),
      );
      for (const secret of kind.spec.secrets ?? []) {
        if (typeof inputs[secret] === "string") expect(err.message).not.toContain(inputs[secret]);
      }
      const kept = err.properties as Record<string, unknown>;
      expect(kept).toMatchObject({ ...inputs, ...kind.waiting, __provider: "code" });
      // The next `up` sees work left to do, and runs update.
      expect(diffInputs(kind.spec, kept as never, inputs)).toMatchObject({
        changes: true,
        replaces: [],
        changed: kind.changed ?? [],
      });

      // Past the held job and what follows it.
      await t.control.clock({ advance_ms: 2 * HOUR });
      const { outs } = await provider.update!(id, kept as never, inputs);
      expect(outs).toMatchObject({ ...inputs, ...kind.settled });
      expect(await kind.list(p)).toEqual([id]);
      await kind.finished?.(id, p);
    });
  },
);

describe.each(
  named<Kind>([instance, image, imageUpload, instanceDisk, instanceConfig, stackScript, sshKey, vpc, subnet]),
)("%s: delete", (_name, kind) => {
  it("removes the object; a delete of one already gone succeeds, and a read of it says it is gone", async () => {
    const provider = makeProvider(kind.spec);
    const p = await kind.parts();
    const others = await kind.list(p);
    const { id, outs } = await provider.create(checkedInputs(kind.spec, kind.inputs(p)));
    expect(await kind.list(p)).toEqual([...others, id]);
    await provider.delete!(id, outs);
    expect(await kind.list(p)).toEqual(others);
    await expect(provider.delete!(id, outs)).resolves.toBeUndefined();
    await expect(provider.read!(id, outs)).resolves.toEqual({ id: "" });
  });
});

describe.each(
  named<Kind>([
    unlabelledInstance,
    image,
    imageUpload,
    instanceDisk,
    instanceConfig,
    snapshot,
    stackScript,
    sshKey,
    vpc,
    subnet,
  ]),
)("%s: a create the API refused before acting", (_name, kind) => {
  it("is sent again, and makes one object", async () => {
    const provider = makeProvider(kind.spec);
    const p = await kind.parts();
    const others = await kind.list(p);
    await t.control.injectFault({ status: 503, method: "POST", path: kind.post(p) });
    await t.control.clearRequests();
    const { id } = await provider.create(checkedInputs(kind.spec, kind.inputs(p)));
    expect(await kind.list(p)).toEqual([...others, id]);
    const posts = (await t.control.requests()).filter((r) => r.method === "POST" && r.path === kind.post(p));
    expect(posts.map((r) => r.status)).toEqual([503, 200]);
  });
});
