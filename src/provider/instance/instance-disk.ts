/** InstanceDisk. API area: disks.
 * A disk of an instance, empty or deployed from an image; `settle` waits until it is `ready`. Label
 * changes in place; size through the resize endpoint and rootPass through the disk's password
 * endpoint, both in place: when the disk is in use (its instance runs with a config that holds it),
 * the instance is shut down first if `allowReboot` (default true), and booted back into the same
 * config once the disk is ready again. Everything else a deploy decides replaces the disk.
 *
 * Disk labels are not unique (an instance may hold two `data` disks), so a create whose answer is
 * lost is found by listing the instance's disks before and after (`createByListing`).
 */
import { z } from "zod";
import type { ComputeClient } from "../../client/compute-client";
import { isNotFound } from "../../client/errors";
import { gone, readInstance, status, waitForDisk } from "../../client/waits";
import type { Config } from "../../contract/configs";
import { AuthorizedKeys, AuthorizedUsers, ImageId, password, StackScriptData } from "../../contract/deploy";
import {
  diskEndpoints,
  DISK_LIMITS,
  DiskLabel,
  DiskParams,
  DiskSize,
  FILESYSTEMS,
  Disk,
  type DiskCreateRequest,
} from "../../contract/disks";
import { bool, idFrom } from "../../contract/fields";
import type { Instance } from "../../contract/instances";
import { act } from "../core/actions";
import { imageProblems, spaceProblems, type Problem } from "../../contract/record-rules";
import { isNewResource, type CheckFailure } from "../core/check";
import { asFailures, asksNew, catalogued, known } from "../core/lookups";
import { lookupClient } from "../core/settings";
import { createByListing } from "../core/create-by-listing";
import { LISTING_MS } from "../core/label-claims";
import { stillRequired } from "../core/import-object";
import type { ResourceContext } from "../core/resource-context";
import { whenIdle } from "./instance-busy";
import { ProviderError } from "../core/errors";
import {
  bootInto,
  isPowered,
  listConfigs,
  runningConfigId,
  onePowerAtATime,
  shutDown,
  untilResting,
  listDisks,
} from "./instance-power";
import { defineSpec, type OperationContext, type Props } from "../core/resource-spec";
import { nameOf } from "../core/names";
import { pendingIn } from "../core/pending";
import { INSTANCE_DISK_COMPUTED, INSTANCE_DISK_SECRETS } from "../field-lists";
import { labelAsPosted, listedMark, markInLabel } from "../core/stack-marks";

export const InstanceDiskInputs = z.object({
  computeId: idFrom("computeId"),
  label: DiskLabel.optional(),
  size: DiskSize,
  filesystem: z
    .enum(FILESYSTEMS, { error: "filesystem must be one of raw, swap, ext3, ext4, initrd" })
    .optional(),
  image: ImageId.optional(),
  rootPass: password("rootPass").optional(),
  authorizedKeys: AuthorizedKeys.optional(),
  authorizedUsers: AuthorizedUsers.optional(),
  stackscriptId: idFrom("stackscriptId").optional(),
  stackscriptData: StackScriptData.optional(),
  allowReboot: bool("allowReboot").optional(),
});
export type InstanceDiskInputs = z.infer<typeof InstanceDiskInputs>;

/** Inputs that only make sense with an image to deploy. */
const DEPLOY_ONLY = ["rootPass", "authorizedKeys", "authorizedUsers", "stackscriptData"] as const;

/**
 * What the provider works with: the disk, and whether its instance was shut down for a resize or a
 * password reset and must be booted back once the disk is ready (the core keeps it as
 * `pending: "boot"` when that wait fails, so the next `up` boots it).
 */
export interface DiskRecord {
  disk: Disk;
  resume: boolean;
}

const params = (diskId: string | number, props: Props) =>
  DiskParams.parse({ computeId: props.computeId, diskId });

/** `mark`: the stack's mark for the resource, its short form in the label until the create returns. */
function createBody(inputs: InstanceDiskInputs, mark?: string): DiskCreateRequest {
  return {
    size: inputs.size,
    label: labelAsPosted(inputs.label, mark),
    filesystem: inputs.filesystem,
    image: inputs.image,
    root_pass: inputs.rootPass,
    authorized_keys: inputs.authorizedKeys,
    authorized_users: inputs.authorizedUsers,
    stackscript_id: inputs.stackscriptId,
    stackscript_data: inputs.stackscriptData,
  };
}

function validate(inputs: InstanceDiskInputs, olds: Props, resource: ResourceContext): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (inputs.image === undefined) {
    if (inputs.label === undefined) {
      failures.push({ property: "label", reason: "label is required for an empty disk (one without image)" });
    }
    if (inputs.stackscriptId !== undefined) {
      failures.push({ property: "image", reason: "image is required with a StackScript (stackscriptId)" });
    }
    for (const property of DEPLOY_ONLY) {
      if (inputs[property] !== undefined) {
        failures.push({ property, reason: `${property} needs an image to deploy (an empty disk has none)` });
      }
    }
  } else if (inputs.rootPass === undefined && stillRequired(resource, olds, "rootPass")) {
    failures.push({ property: "rootPass", reason: "rootPass is required when deploying from an image" });
  }
  return failures;
}

/**
 * The image exists, and the instance (once it exists) has room for a new disk or for a disk's
 * growth. A replacement is checked by the engine as a new disk, made before the old one is deleted.
 */
async function lookups(inputs: InstanceDiskInputs, olds: Props): Promise<CheckFailure[]> {
  const problems: Problem[] = [];
  if (asksNew(inputs, olds, "image")) {
    const found = await catalogued("images", inputs.image!);
    if (found) problems.push(...imageProblems(inputs.image!, found.record));
  }
  const { computeId, size } = inputs;
  const extra = isNewResource(olds) ? size : olds.computeId === computeId ? size - Number(olds.size) : 0;
  if (known(computeId, size) && extra > 0) {
    try {
      // The checks of an instance's new disks, asked together, share the instance's read (on the
      // poller, which takes the read of the instance's own wait just before) and its disks' listing.
      const client = lookupClient();
      const [instance, listing] = await Promise.all([
        readInstance(client, computeId, { maxAgeMs: LISTING_MS }),
        client.recentListing(diskEndpoints.listDisks, { computeId }, { maxAgeMs: LISTING_MS }),
      ]);
      const disks = listing?.records ?? (await listDisks(client, computeId));
      const used = disks.reduce((sum, d) => sum + d.size, 0);
      problems.push(...spaceProblems(extra, { disk: instance.specs.disk, used }));
    } catch {
      // Unreadable now (or gone): the create meets the API's own check.
    }
  }
  return asFailures(problems);
}

/**
 * The config of the powered instance that holds the disk, if any: the one it runs with, or, when
 * that is unknown, any config that holds it.
 */
async function usedBy(client: ComputeClient, instance: Instance, diskId: number) {
  if (!isPowered(instance)) return undefined;
  const configs = await listConfigs(client, instance.id);
  const holds = (c: Config) => Object.values(c.devices).some((d) => d?.disk_id === diskId);
  const running = await runningConfigId(client, instance, configs);
  if (typeof running === "number") return configs.find((c) => c.id === running && holds(c));
  return configs.find(holds);
}

/**
 * Frees the disk for a resize, a password reset or a delete: shuts its instance down when it runs
 * with the disk and `allowReboot` lets it, else fails saying what to do. Returns whether it shut down.
 */
async function freeDisk(
  client: ComputeClient,
  disk: Disk,
  computeId: number,
  action: string,
  allowReboot: boolean,
  ctx: OperationContext,
): Promise<boolean> {
  const instance = await untilResting(client, computeId, ctx);
  const config = await usedBy(client, instance, disk.id);
  if (!config) return false;
  if (!allowReboot) {
    throw new ProviderError(
      `${nameOf("InstanceDisk", disk)}: ${nameOf("Instance", instance)} runs with config ${config.id} (${config.label}), which ` +
        `holds this disk, and must be shut down to ${action} this disk; allowReboot is false, so shut it ` +
        "down yourself (or set allowReboot: true) and run `pulumi up` again",
    );
  }
  await shutDown(client, instance, { why: `to ${action} ${nameOf("InstanceDisk", disk)}`, ctx });
  return true;
}

/** Whether the instance no longer exists. */
async function instanceGone(client: ComputeClient, computeId: number): Promise<boolean> {
  try {
    await client.api.getInstance({ params: { computeId } });
    return false;
  } catch (err) {
    return isNotFound(err);
  }
}

type DiskAddress = z.infer<typeof DiskParams>;

/** `current`: the disk as an operation's answer showed it just now. */
const untilReady = async (client: ComputeClient, p: DiskAddress, ctx: OperationContext, current?: Disk) => {
  const goal = status<Disk>("ready", { failed: ["deleting"] });
  return (await waitForDisk(client, p.computeId, p.diskId, goal, { ...ctx.wait, current }))!;
};

async function bootBack(client: ComputeClient, computeId: number, disk: Disk, ctx: OperationContext) {
  const instance = await untilResting(client, computeId, ctx);
  await bootInto(client, instance, { why: `back, after the change to ${nameOf("InstanceDisk", disk)}`, ctx });
}

/** Where a create's POST writes the stack's mark (`stack-marks.ts`): a labelled disk's label. */
const diskMark = markInLabel<Disk>(DISK_LIMITS.label.max);

export const instanceDiskSpec = defineSpec({
  kind: "InstanceDisk",
  parents: ["computeId"],
  inputs: InstanceDiskInputs,
  computed: INSTANCE_DISK_COMPUTED,
  outputs: z.object({ status: Disk.shape.status, created: Disk.shape.created, updated: Disk.shape.updated }),
  keptByUpdate: { status: ["size"] },
  defaults: { allowReboot: true },
  // How the provider acts, which no disk holds.
  programOnly: ["allowReboot"],
  // Left out, the API names a disk from an image `<image> Disk` and picks the filesystem.
  apiChosen: ["label", "filesystem"],
  secrets: INSTANCE_DISK_SECRETS,
  validate,
  lookups,
  replaceOn: [
    "computeId",
    "filesystem",
    "image",
    "authorizedKeys",
    "authorizedUsers",
    "stackscriptId",
    "stackscriptData",
  ],
  create: async (client, inputs, ctx): Promise<DiskRecord> => {
    const { computeId } = inputs;
    let listed: Disk[] = [];
    let listedAt = 0;
    // One create at a time on the instance: the next one's listing shows this disk being made, and
    // its POST waits until the disk is ready rather than meet the API's "busy".
    const disk = await onePowerAtATime(computeId, async () => {
      const made = await createByListing(
        {
          kind: "InstanceDisk",
          what: `InstanceDisk ${inputs.label ?? `from ${inputs.image}`} on Instance ${computeId}`,
          // The instance's disks from a listing of the last moments that this process has not
          // written under since (its disks' checks', or the last disk create's), else a new one.
          list: async () => {
            const listing = await client.freshListing(diskEndpoints.listDisks, { computeId }, LISTING_MS);
            listedAt = listing?.at ?? Date.now();
            return (listed = listing ? [...listing.records] : await listDisks(client, computeId));
          },
          post: () =>
            whenIdle(
              client,
              computeId,
              ctx,
              () =>
                client.api.createDisk({
                  params: { computeId },
                  body: createBody(inputs, ctx.mark),
                  busy: "fail",
                }),
              listed,
            ),
          matches: (d) =>
            d.size === inputs.size &&
            (inputs.label === undefined || d.label === inputs.label) &&
            (inputs.filesystem === undefined || d.filesystem === inputs.filesystem),
          ...listedMark(diskMark, ctx.mark),
        },
        ctx,
      );
      // What the instance holds now, as far as this process knows: its listing and this answer, for
      // the next create's proof and the checks of its configs (never for reads: states go stale).
      const holds = [...listed.filter((d) => d.id !== made.id), made];
      client.seedListing(diskEndpoints.listDisks, { computeId }, holds, listedAt, { forReads: false });
      return made;
    });
    return { disk, resume: false };
  },
  marked: {
    room: diskMark.room,
    carries: ({ disk }, mark) => diskMark.carries(disk, mark),
    without: (record, mark) => ({ ...record, disk: diskMark.without(record.disk, mark) }),
    takeOff: async (client, record, inputs) => ({
      ...record,
      disk: await client.api.updateDisk({
        params: params(record.disk.id, inputs),
        body: { label: inputs.label! },
      }),
    }),
  },
  // Not ready yet (a wait that failed), or an instance to boot back: the next `up` settles again.
  atRest: ["ready"],
  // Only while an instance shut down for this disk is still to boot back.
  pending: (record) => (record.resume ? "boot" : undefined),
  settle: async (client, record, inputs, ctx) => {
    const p = params(record.disk.id, inputs);
    const disk = await untilReady(client, p, ctx, record.disk);
    if (record.resume) await bootBack(client, p.computeId, disk, ctx);
    return { disk, resume: false };
  },
  read: async (client, id, props) => ({
    disk: await client.api.getDisk({ params: params(id, props) }),
    resume: false,
  }),
  // From its instance's listing of disks: the disks of one instance share one request.
  readListed: async (client, id, props) => {
    const { computeId, diskId } = params(id, props);
    const disk = await client.listedItem(diskEndpoints.listDisks, diskId, { computeId });
    return disk && { disk, resume: false };
  },
  update: async (client, id, olds, news, ctx) => {
    const p = params(id, olds);
    let disk = await client.api.getDisk({ params: p });
    if (news.label !== undefined && news.label !== disk.label) {
      disk = await client.api.updateDisk({ params: p, body: { label: news.label } });
    }
    // An instance shut down by an earlier update whose wait failed is still to boot back.
    let resume = pendingIn(olds) === "boot";
    // Compared with the API's size: a resize whose wait failed has been applied.
    const resize = news.size !== disk.size;
    const newPass = news.rootPass !== undefined && news.rootPass !== olds.rootPass;
    if (!resize && !newPass) return { disk, resume };
    const action = [newPass && "reset the root password of", resize && "resize"]
      .filter(Boolean)
      .join(" and ");
    disk = await untilReady(client, p, ctx);
    const allowReboot = news.allowReboot !== false;
    if (await freeDisk(client, disk, p.computeId, action, allowReboot, ctx)) resume = true;
    try {
      if (newPass) {
        ctx.log(`${nameOf("InstanceDisk", disk)}: resetting the root password`);
        await act(
          {
            name: `${nameOf("InstanceDisk", disk)}: reset the root password`,
            post: () => client.api.resetDiskPassword({ params: p, body: { password: news.rootPass! } }),
            // Not readable back; the same password again changes nothing more.
            happened: async () => false,
          },
          ctx,
        );
      }
      if (resize) {
        ctx.log(`${nameOf("InstanceDisk", disk)}: resizing from ${disk.size} MB to ${news.size} MB`);
        await act(
          {
            name: `${nameOf("InstanceDisk", disk)}: resize to ${news.size} MB`,
            post: () => client.api.resizeDisk({ params: p, body: { size: news.size } }),
            happened: async () => (await client.api.getDisk({ params: p })).size === news.size,
          },
          ctx,
        );
      }
    } catch (err) {
      // Refused (no space, ...): the instance is not left down for it.
      if (resume) await bootBack(client, p.computeId, disk, ctx);
      throw err;
    }
    return { disk: await client.api.getDisk({ params: p }), resume };
  },
  // One after another on an instance, each until its disk is gone: the API runs one job of an instance
  // at a time, and refuses a DELETE sent while another disk's deletion runs ("busy").
  delete: (client, id, props, ctx) =>
    onePowerAtATime(params(id, props).computeId, () => deleteDisk(client, id, props, ctx)),
  idOf: (record) => String(record.disk.id),
  toOutputs: ({ disk }: DiskRecord, props: Props) => ({
    computeId: DiskParams.shape.computeId.parse(props.computeId),
    label: disk.label,
    size: disk.size,
    filesystem: disk.filesystem,
    // What a deploy was given is not read back: the outputs keep what was asked.
    image: props.image,
    rootPass: props.rootPass,
    authorizedKeys: props.authorizedKeys,
    authorizedUsers: props.authorizedUsers,
    stackscriptId: props.stackscriptId,
    stackscriptData: props.stackscriptData,
    allowReboot: props.allowReboot,
    status: disk.status,
    created: disk.created,
    updated: disk.updated,
  }),
});

/** Deletes the disk once it is free (its instance shut down if it runs with it), and waits until it is gone. */
async function deleteDisk(client: ComputeClient, id: string, props: Props, ctx: OperationContext) {
  const p = params(id, props);
  const disk = await client.api.getDisk({ params: p });
  try {
    await freeDisk(client, disk, p.computeId, "delete", props.allowReboot !== false, ctx);
  } catch (err) {
    // Its instance was deleted meanwhile (a destroy of both, with no dependency recorded between
    // them, as after `pulumi import`): the disk went with it.
    if (await instanceGone(client, p.computeId)) return;
    throw err;
  }
  await client.api.deleteDisk({ params: p });
  await waitForDisk(client, p.computeId, p.diskId, gone(), ctx.wait);
}
