/** Image. API area: images. A private image, captured from a disk (`diskId`) or uploaded from a
 * local gzip file of a raw disk image (`file`); `settle` waits until it is `available`. Label and
 * description update in place; the disk, `cloudInit`, the upload's region and the file's content
 * (`fileHash`, which the resource class computes from the file) replace it. The file's path is not
 * sent anywhere: a new path with the same content changes nothing in the API. The path is kept as
 * the program gives it (relative to the program's directory, against which it is read).
 *
 * Image labels are not unique, so a create lists the account's private images before the POST. A
 * capture whose answer was lost adopts the one new image with the asked label (`createByListing`).
 * An upload whose answer was lost cannot be adopted: its one-time upload URL was in that answer, and
 * the API offers no other way to get one. The one new `pending_upload` image with the asked label
 * is deleted (else it would wait 24 hours for data before the API drops it) and the upload is
 * created again; so is the one an upload interrupted with its whole run made (the journal of
 * creates in flight keeps the listing: `interrupted-orphans.ts`).
 *
 * The data is sent inside create, right after the POST: a failed or interrupted PUT deletes the
 * pending image, so the state never holds an image whose data can no longer be sent.
 */
import * as fs from "node:fs";
import { pipeline, Transform } from "node:stream";
import { z } from "zod";
import type { ComputeClient } from "../../client/compute-client";
import { isOutcomeUnknown } from "../../client/errors";
import { collect } from "../../client/pagination";
import { formatDuration, gone, status, waitForImage } from "../../client/waits";
import { idFrom, bool, text } from "../../contract/fields";
import {
  CLOUD_INIT_CAPABILITY,
  IMAGE_LIMITS,
  ImageDescription,
  imageEndpoints,
  ImageLabel,
  ImageParams,
  ImageUploadRequest,
  Image,
  type ImageUpdateRequest,
} from "../../contract/images";
import { regionProblems } from "../../contract/record-rules";
import type { CheckFailure } from "../core/check";
import { asFailures, asksNew, catalogued } from "../core/lookups";
import { createByListing } from "../core/create-by-listing";
import { stillRequired } from "../core/import-object";
import { MAX_CREATE_ATTEMPTS } from "../core/create-or-adopt";
import { removeEntry, writeEntry } from "../core/create-journal";
import { messageOf, ProviderError } from "../core/errors";
import { removeInterrupted } from "../core/interrupted-orphans";
import { defineSpec, type OperationContext, type Props } from "../core/resource-spec";
import { nameOf } from "../core/names";
import { programPath, type ResourceContext } from "../core/resource-context";
import { IMAGE_COMPUTED } from "../field-lists";
import { appendMark, dropMark, endsWithMark, textAsPosted } from "../core/stack-marks";

export const ImageInputs = z.object({
  diskId: idFrom("diskId").optional(),
  file: text("file", { min: 1, max: 4096 }).optional(),
  fileHash: text("fileHash", { min: 1, max: 128 }).optional(),
  region: ImageUploadRequest.shape.region.optional(),
  label: ImageLabel.optional(),
  description: ImageDescription.optional(),
  cloudInit: bool("cloudInit").optional(),
});
export type ImageInputs = z.infer<typeof ImageInputs>;

/** An upload reports its progress first after this long, then at this interval. */
export const UPLOAD_PROGRESS_EVERY_MS = 10_000;

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/** `4.0 KB`, `120 MB`, `5.2 GB`. */
export function formatBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 || value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${units[unit]}`;
}

/** `uploading Image private/12: 40% of 120 MB`. */
export function uploadProgress(imageId: string, sent: number, total: number): string {
  const percent = total === 0 ? 100 : Math.floor((sent / total) * 100);
  return `uploading Image ${imageId}: ${percent}% of ${formatBytes(total)}`;
}

/** Why `file` cannot be uploaded, if so: missing, not a file, too large, or not gzip data. */
async function fileProblem(file: string): Promise<string | undefined> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file);
  } catch {
    return `file ${file} does not exist`;
  }
  if (!stat.isFile()) return `file ${file} is not a regular file`;
  if (stat.size > IMAGE_LIMITS.uploadBytes) {
    const limit = IMAGE_LIMITS.uploadBytes;
    return `file ${file} is ${stat.size} bytes; uploads are limited to ${formatBytes(limit)} (${limit} bytes) of gzip data`;
  }
  const head = Buffer.alloc(GZIP_MAGIC.length);
  const handle = await fs.promises.open(file, "r");
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  if (!head.equals(GZIP_MAGIC)) {
    return `file ${file} is not gzip data (an image upload is a gzip file of a raw disk image)`;
  }
  return undefined;
}

async function validate(
  inputs: ImageInputs,
  olds: Props,
  resource: ResourceContext,
): Promise<CheckFailure[]> {
  const failures: CheckFailure[] = [];
  const { diskId, file } = inputs;
  if (diskId !== undefined && file !== undefined) {
    failures.push({
      property: "file",
      reason: "give either diskId (capture a disk) or file (upload a gzip disk image), not both",
    });
  } else if (diskId === undefined && file === undefined && stillRequired(resource, olds, "diskId", "file")) {
    // An imported image needs neither: its source is not readable back.
    failures.push({
      property: "diskId",
      reason: "one of diskId (capture a disk) or file (upload a gzip disk image) is required",
    });
  }
  if (file === undefined) {
    for (const property of ["region", "fileHash"] as const) {
      if (inputs[property] !== undefined) {
        failures.push({ property, reason: `${property} is for uploads only (with file)` });
      }
    }
    return failures;
  }
  if (inputs.label === undefined) {
    failures.push({ property: "label", reason: "label is required for an upload (with file)" });
  }
  if (inputs.region === undefined) {
    failures.push({ property: "region", reason: "region is required for an upload (with file)" });
  }
  const problem = await fileProblem(programPath(resource, file));
  if (problem) failures.push({ property: "file", reason: problem });
  return failures;
}

/** An upload's region exists. */
async function lookups(inputs: ImageInputs, olds: Props): Promise<CheckFailure[]> {
  if (inputs.file === undefined || !asksNew(inputs, olds, "region")) return [];
  const found = await catalogued("regions", inputs.region!);
  return found ? asFailures(regionProblems(inputs.region!, found.record)) : [];
}

const listPrivate = (client: ComputeClient) =>
  collect(client.each(imageEndpoints.listImages, { filter: { is_public: false } }));

/** The number of `private/12`, as the journal's listing keeps it (any other ID: 0, never matched). */
const imageNumber = (image: Pick<Image, "id">) => Number(/^private\/(\d+)$/.exec(image.id)?.[1] ?? 0);

/** Where a capture's POST writes the stack's mark (`stack-marks.ts`): the end of the description. */
const imageMark = {
  carries: (image: Image, mark: string) => endsWithMark(image.description, mark),
  without: (image: Image, mark: string) => ({
    ...image,
    description: image.description === null ? null : dropMark(image.description, mark) || null,
  }),
};

async function capture(client: ComputeClient, inputs: ImageInputs, ctx: OperationContext): Promise<Image> {
  const { diskId, label } = inputs;
  // Listed creates key objects by number: a private image's is the `12` of `private/12`, the only
  // form a capture makes, so the listing keeps those alone.
  const keyed = (image: Image) => ({ id: imageNumber(image), image });
  const made = await createByListing<{ id: number; image: Image }>(
    {
      kind: "Image",
      what: `Image ${label ?? `from disk ${diskId}`}`,
      list: async () => (await listPrivate(client)).map(keyed).filter(({ id }) => id > 0),
      post: async () =>
        keyed(
          await client.api.createImage({
            body: {
              disk_id: diskId!,
              label,
              description: textAsPosted(inputs.description, ctx.mark),
              cloud_init: inputs.cloudInit,
            },
          }),
        ),
      // Left out, the label is the disk's: any new image is this capture's.
      matches: ({ image }) => label === undefined || image.label === label,
      ...(ctx.mark !== undefined && {
        carries: ({ image }: { image: Image }) => imageMark.carries(image, ctx.mark!),
      }),
    },
    ctx,
  );
  return made.image;
}

/** An upload this create may have started: a new image with the label, waiting for its data. */
const isPendingUpload = (image: Image, label: string) =>
  image.label === label && image.status === "pending_upload";

/** POST /images/upload; an orphan of a lost answer is deleted and the POST sent again. */
async function startUpload(client: ComputeClient, inputs: ImageInputs, ctx: OperationContext) {
  const label = inputs.label!;
  const body = {
    label,
    region: inputs.region!,
    description: inputs.description,
    cloud_init: inputs.cloudInit,
  };
  await removeInterrupted(
    {
      what: `Image ${label}`,
      why: "whose one-time upload URL only its answer held",
      list: async () => (await listPrivate(client)).filter((i) => isPendingUpload(i, label)),
      key: imageNumber,
      name: (i) => i.id,
      remove: async (i) => {
        await client.api.deleteImage({ params: { imageId: i.id } });
      },
    },
    ctx,
  );
  for (let attempt = 1; ; attempt++) {
    const before = new Set((await listPrivate(client)).map((i) => i.id));
    await writeEntry(ctx.journal, { kind: "Image", before: [...before].map((id) => imageNumber({ id })) });
    try {
      return await client.api.uploadImage({ body });
    } catch (err) {
      if (!isOutcomeUnknown(err)) {
        await removeEntry(ctx.journal);
        throw err;
      }
      const orphans = (await listPrivate(client)).filter(
        (i) => !before.has(i.id) && isPendingUpload(i, label),
      );
      if (orphans.length > 1) {
        throw new ProviderError(
          `Image create: Image ${label}: the upload's answer was lost, and ${orphans.length} new pending images ` +
            `match (${orphans.map((i) => i.id).join(", ")}); delete the ones not in use and run \`pulumi up\` again`,
        );
      }
      for (const orphan of orphans) {
        await client.api.deleteImage({ params: { imageId: orphan.id } });
        ctx.log(
          `Image ${label}: the upload's answer was lost with its upload URL in it; ` +
            `deleted the pending image it made (${orphan.id})`,
        );
      }
      if (attempt >= MAX_CREATE_ATTEMPTS) {
        throw new ProviderError(
          `Image create: Image ${label}: no answer after ${attempt} attempts: ${messageOf(err)}`,
        );
      }
      ctx.log(`Image ${label}: the upload's answer was lost; creating it again`);
    }
  }
}

/** Streams the file to the one-time upload URL (no API token: the URL carries its own), logging
 * progress every `everyMs`. */
export async function sendFile(
  image: Pick<Image, "id" | "label">,
  uploadTo: string,
  file: string,
  ctx: Pick<OperationContext, "log">,
  everyMs = UPLOAD_PROGRESS_EVERY_MS,
) {
  // Loaded on first use, like the client: a preview never sends data.
  const { putUpload }: typeof import("../../client/upload") = require("../../client/upload");
  const { size } = await fs.promises.stat(file);
  const started = Date.now();
  let sent = 0;
  // Counted as the request pulls it (a `data` listener on the file would start the flow before the
  // request is ready to take it). A read error destroys `data`, which fails the PUT.
  const source = fs.createReadStream(file);
  const data = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sent += chunk.length;
      done(null, chunk);
    },
  });
  pipeline(source, data, () => {});
  ctx.log(`uploading ${nameOf("Image", image)}: ${formatBytes(size)} from ${file}`);
  const progress = setInterval(() => ctx.log(uploadProgress(image.id, sent, size)), everyMs);
  try {
    await putUpload(uploadTo, data, size);
  } finally {
    clearInterval(progress);
    source.destroy();
    data.destroy();
  }
  ctx.log(
    `uploaded ${nameOf("Image", image)}: ${formatBytes(size)} in ${formatDuration(Date.now() - started)}`,
  );
}

async function upload(client: ComputeClient, inputs: ImageInputs, ctx: OperationContext): Promise<Image> {
  const { image, upload_to } = await startUpload(client, inputs, ctx);
  try {
    await sendFile(image, upload_to, programPath(ctx.resource, inputs.file!), ctx);
  } catch (err) {
    // The image cannot get its data any more (an answer lost after the data arrived may have used the
    // one-time URL): it goes, and the next `up` creates the upload again.
    let cleanup = `the pending ${nameOf("Image", image)} was deleted`;
    try {
      await client.api.deleteImage({ params: { imageId: image.id } });
    } catch (deleteErr) {
      cleanup = `deleting the pending ${nameOf("Image", image)} failed too (${messageOf(deleteErr)}); delete it by hand`;
    }
    throw new ProviderError(
      `Image create: file ${inputs.file}: upload failed: ${messageOf(err)}; ${cleanup}`,
    );
  }
  return image;
}

const params = (imageId: string) => ImageParams.parse({ imageId });

export const imageSpec = defineSpec({
  kind: "Image",
  inputs: ImageInputs,
  computed: IMAGE_COMPUTED,
  outputs: z.object({
    status: Image.shape.status,
    size: Image.shape.size,
    created: Image.shape.created,
    updated: Image.shape.updated,
    expiry: Image.shape.expiry,
    vendor: Image.shape.vendor,
    isPublic: Image.shape.is_public,
    deprecated: Image.shape.deprecated,
    capabilities: Image.shape.capabilities,
    type: Image.shape.type,
    createdBy: Image.shape.created_by,
  }),
  keptByUpdate: {
    status: [],
    size: [],
    expiry: [],
    vendor: [],
    isPublic: [],
    deprecated: [],
    capabilities: ["cloudInit"],
    type: [],
    createdBy: [],
  },
  defaults: { cloudInit: false },
  // Left out, a capture takes the disk's label.
  apiChosen: ["label"],
  validate,
  lookups,
  replaceOn: ["diskId", "fileHash", "region", "cloudInit"],
  create: (client, inputs, ctx) =>
    inputs.file !== undefined ? upload(client, inputs, ctx) : capture(client, inputs, ctx),
  // A capture's (an upload whose answer is lost is deleted and made again: `startUpload`).
  marked: {
    room: ({ diskId, description }, mark) =>
      diskId !== undefined && appendMark(description, mark).length <= IMAGE_LIMITS.description.max,
    ...imageMark,
    takeOff: (client, image, { description }) =>
      client.api.updateImage({ params: params(image.id), body: { description: description ?? null } }),
  },
  // Still being captured or processed (a wait that failed): the next `up` waits again.
  atRest: ["available"],
  settle: async (client, image, _inputs, ctx) =>
    (await waitForImage(client, image.id, status("available"), { ...ctx.wait, current: image }))!,
  read: (client, id) => client.api.getImage({ params: params(id) }),
  readListed: (client, id) => client.listedItem(imageEndpoints.listImages, id),
  update: async (client, id, _olds, news) => {
    const image = await client.api.getImage({ params: params(id) });
    const body: ImageUpdateRequest = {};
    if (news.label !== undefined && news.label !== image.label) body.label = news.label;
    if ((news.description ?? null) !== image.description) body.description = news.description ?? null;
    if (Object.keys(body).length === 0) return image;
    return client.api.updateImage({ params: params(id), body });
  },
  delete: async (client, id, _props, ctx) => {
    await client.api.deleteImage({ params: params(id) });
    await waitForImage(client, id, gone(), ctx.wait);
  },
  idOf: (image) => image.id,
  toOutputs: (image: Image, props: Props) => ({
    // What the create was given and the API does not hold: the outputs keep what was asked.
    diskId: ImageInputs.shape.diskId.parse(props.diskId),
    file: props.file,
    fileHash: props.fileHash,
    region: props.region,
    label: image.label,
    description: image.description ?? undefined,
    cloudInit: image.capabilities.includes(CLOUD_INIT_CAPABILITY),
    status: image.status,
    size: image.size,
    created: image.created,
    updated: image.updated,
    expiry: image.expiry,
    vendor: image.vendor,
    isPublic: image.is_public,
    deprecated: image.deprecated,
    capabilities: image.capabilities,
    type: image.type,
    createdBy: image.created_by,
  }),
});
