/** Data functions of images: `getImages` (filters, `latest`) and `getImage` (by ID, or the latest match). API area: images. */
import type * as pulumi from "@pulumi/pulumi";
import type { Image } from "../contract/images";
import type { ImageStatus, ImageType } from "../contract/values";
import {
  clientFor,
  ArgumentError,
  DataFunctionError,
  endpoints,
  outputOf,
  run,
  type FunctionOptions,
  type InputArgs,
} from "./call";
import { byLabel, type LabelArgs } from "./labels";
import { collect } from "../client/pagination";

/** An image: public (`compute/debian12`) or a private one of the account (`private/12`). */
export interface ImageResult {
  /** Image ID: `compute/<name>` for public images, `private/<n>` for the account's. */
  id: string;
  label: string;
  description: string | null;
  /** e.g. `cloud-init` when the image supports it. */
  capabilities: string[];
  /** ISO 8601. */
  created: string;
  updated: string;
  /** `compute` for public images, else the username that made it. */
  createdBy: string | null;
  deprecated: boolean;
  /** End of life (public images), ISO 8601. */
  eol: string | null;
  /** When an automatic image expires. */
  expiry: string | null;
  isPublic: boolean;
  /** MB. */
  size: number;
  status: ImageStatus;
  /** `manual` (captured or uploaded) or `automatic` (kept from a deleted instance). */
  type: ImageType;
  /** The distribution's vendor for public images (`Debian`), else null. */
  vendor: string | null;
}

/** Filters of the image list; all given must hold. */
export interface ImageFilterArgs extends LabelArgs {
  /** `true`: public images only; `false`: the account's private images only. */
  isPublic?: boolean;
  /** The distribution's vendor, e.g. `Debian`, `Ubuntu`. */
  vendor?: string;
  deprecated?: boolean;
  /** e.g. `available` to leave out captures in progress. */
  status?: ImageStatus;
  type?: "manual" | "automatic";
}

export interface GetImagesArgs extends ImageFilterArgs {
  /** Only the latest match (see `latestImage`): `images` then holds one image, or none. */
  latest?: boolean;
}

export interface GetImagesResult {
  /** The matching images, in the API's order (or the latest one). */
  images: ImageResult[];
}

export interface GetImageArgs extends ImageFilterArgs {
  /** The image's ID. Without it, the latest image matching the filters is returned. */
  id?: string;
}

/** @internal */
export function toImageResult(i: Image): ImageResult {
  return {
    id: i.id,
    label: i.label,
    description: i.description,
    capabilities: [...i.capabilities],
    created: i.created,
    updated: i.updated,
    createdBy: i.created_by,
    deprecated: i.deprecated,
    eol: i.eol,
    expiry: i.expiry,
    isPublic: i.is_public,
    size: i.size,
    status: i.status,
    type: i.type,
    vendor: i.vendor,
  };
}

const natural = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });

/**
 * @internal
 * The latest of some images: the most recently created; among images created at the same time
 * (public images of one release), the highest label in natural order (`Debian 12` after
 * `Debian 11`, `Ubuntu 24.04 LTS` after `Ubuntu 22.04 LTS`), then the highest ID.
 */
export function latestImage<T extends Pick<Image, "created" | "label" | "id">>(images: T[]): T | undefined {
  return images.reduce<T | undefined>((best, i) => {
    if (!best) return i;
    const c =
      Date.parse(i.created) - Date.parse(best.created) ||
      natural(i.label, best.label) ||
      natural(i.id, best.id);
    return c > 0 ? i : best;
  }, undefined);
}

/** The images matching the filters: the API filters all but `labelRegex` and the glob itself. */
async function matching(args: ImageFilterArgs, opts: FunctionOptions | undefined): Promise<Image[]> {
  const { filter, keep } = byLabel(args, {
    is_public: args.isPublic,
    vendor: args.vendor,
    deprecated: args.deprecated,
    status: args.status,
    type: args.type,
  });
  const all = await collect(clientFor(opts, "optional").each(endpoints().listImages, { filter }));
  return keep(all);
}

/**
 * The images: public ones, and with a token the account's private ones. Example, the latest
 * Debian: `getImages({ label: "Debian *", isPublic: true, latest: true })`.
 */
export function getImages(args: GetImagesArgs = {}, opts?: FunctionOptions): Promise<GetImagesResult> {
  return run({ fn: "getImages", args, opts }, async () => {
    const images = await matching(args, opts);
    const latest = args.latest ? latestImage(images) : undefined;
    return { images: (args.latest ? (latest ? [latest] : []) : images).map(toImageResult) };
  });
}

/** `getImages` with Input arguments. */
export function getImagesOutput(
  args: InputArgs<GetImagesArgs> = {},
  opts?: FunctionOptions,
): pulumi.Output<GetImagesResult> {
  return outputOf(getImages, args, opts);
}

const describe = (args: ImageFilterArgs) =>
  Object.entries(args)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
    .join(", ");

/**
 * One image: by `id` (an unknown one fails with `image <id> not found`), or else the latest
 * image matching the filters (`getImage({ label: "Debian *", isPublic: true })`); none matching
 * fails with `no image matches label "Debian *", isPublic true`.
 */
export function getImage(args: GetImageArgs, opts?: FunctionOptions): Promise<ImageResult> {
  const { id, ...filters } = args;
  const given = describe(filters);
  return run(
    { fn: "getImage", args, opts, notFound: id === undefined ? undefined : `image ${id}` },
    async () => {
      if (id !== undefined) {
        const both = "getImage: give an image ID or filters, not both";
        if (given) throw new ArgumentError("id", `${both} (${given})`, both);
        return toImageResult(await clientFor(opts, "optional").api.getImage({ params: { imageId: id } }));
      }
      const latest = latestImage(await matching(filters, opts));
      if (!latest) throw new DataFunctionError(given ? `no image matches ${given}` : "no image found");
      return toImageResult(latest);
    },
  );
}

/** `getImage` with Input arguments. */
export function getImageOutput(
  args: InputArgs<GetImageArgs>,
  opts?: FunctionOptions,
): pulumi.Output<ImageResult> {
  return outputOf(getImage, args, opts);
}
