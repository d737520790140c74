import * as path from "node:path";
import { fileSha256 } from "../file-digest";
import * as pulumi from "@pulumi/pulumi";
import type { ImageStatus, ImageType } from "../contract/values";
import { IMAGE_COMPUTED } from "../provider/field-lists";
import { placeholders } from "../provider/core/resource-spec";
import { computeResourceArgs, lookUpArgs, pausePromiseStacks } from "./compute-resource";

export interface ImageArgs {
  /** The disk to capture (an `InstanceDisk`'s `id`; the disk must be `ready`). Give this or `file`.
   * Changing it replaces the image. */
  diskId?: pulumi.Input<number | string>;
  /**
   * A local gzip file of a raw disk image to upload (at most 5 GB compressed); give this or `diskId`.
   * A relative path is taken from the program's working directory. Checked at preview: it must exist
   * and start as gzip data. Uploading needs `label` and `region`. Another path to the same content
   * changes nothing; other content (see `fileHash`) replaces the image.
   */
  file?: pulumi.Input<string>;
  /**
   * The content's hash, which decides whether the file changed: the SHA-256 (hex) of `file`, computed
   * when the program runs, unless given here (any string that changes with the content). Changing it
   * replaces the image.
   */
  fileHash?: pulumi.Input<string>;
  /** Region the upload is sent to (required with `file`; the image can then be deployed anywhere).
   * Changing it replaces the image. */
  region?: pulumi.Input<string>;
  /** 1..128 characters; required with `file`, else the disk's label when left out. Labels need not be
   * unique, but distinct labels let a create whose answer was lost be told apart. Updated in place. */
  label?: pulumi.Input<string>;
  /** 1..65000 characters. Updated in place. */
  description?: pulumi.Input<string>;
  /** Whether the image supports cloud-init (default false). Changing it replaces the image. */
  cloudInit?: pulumi.Input<boolean>;
}

/**
 * A private image of the account: captured from a disk, or uploaded from a local gzip file of a raw
 * disk image. `pulumi up` returns once it is `available`; a wait that fails keeps the image in the
 * state, and the next `up` waits again. An upload reports its progress every 10 s. A delete waits
 * until the image is gone. Public images are found with `getImage`.
 *
 * ```ts
 * const golden = new compute.Image("golden", { diskId: root.id, label: "golden", description: "web base" });
 * const uploaded = new compute.Image("custom", { file: "build/disk.img.gz", label: "custom", region: "us-iad" });
 * ```
 */
export class Image extends pulumi.CustomResource {
  declare readonly diskId: pulumi.Output<number | undefined>;
  /** The file's path as the program gave it (a relative one is read against the program's directory). */
  declare readonly file: pulumi.Output<string | undefined>;
  declare readonly fileHash: pulumi.Output<string | undefined>;
  declare readonly region: pulumi.Output<string | undefined>;
  declare readonly label: pulumi.Output<string>;
  declare readonly description: pulumi.Output<string | undefined>;
  declare readonly cloudInit: pulumi.Output<boolean>;
  /** `available` once `up` returns (`creating` while captured, `pending_upload` until processed). */
  declare readonly status: pulumi.Output<ImageStatus>;
  /** Minimum deploy size in MB. */
  declare readonly size: pulumi.Output<number>;
  declare readonly created: pulumi.Output<string>;
  declare readonly updated: pulumi.Output<string>;
  declare readonly expiry: pulumi.Output<string | null>;
  declare readonly vendor: pulumi.Output<string | null>;
  declare readonly isPublic: pulumi.Output<boolean>;
  declare readonly deprecated: pulumi.Output<boolean>;
  /** e.g. `cloud-init`. */
  declare readonly capabilities: pulumi.Output<string[]>;
  /** `manual` (`automatic` images come from deleted instances). */
  declare readonly type: pulumi.Output<ImageType>;
  /** The user that made it. */
  declare readonly createdBy: pulumi.Output<string | null>;

  /**
   * Reads an image the stack does not manage: the engine reads it from the API, writing nothing, and
   * `destroy` leaves it. `id` is its ID (`private/<n>`).
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: Partial<ImageArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): Image {
    return new Image(name, ...lookUpArgs<ImageArgs>("Image", id, state, opts));
  }

  constructor(name: string, args: ImageArgs, opts?: pulumi.CustomResourceOptions) {
    // Kept as the program gives it (another checkout of the program stores the same path); read
    // against the program's directory, here and by the provider process (its context's `programDir`).
    const programDir = process.cwd();
    const file = args.file;
    const fileHash =
      args.fileHash ??
      (file === undefined
        ? undefined
        : pulumi
            .output(file)
            .apply((f) => (f === undefined ? undefined : fileSha256(path.resolve(programDir, f)))));
    const restoreStacks = pausePromiseStacks();
    try {
      super(
        ...computeResourceArgs(
          "Image",
          name,
          { ...placeholders(IMAGE_COMPUTED), ...args, file, fileHash },
          opts,
          { programDir },
        ),
      );
    } finally {
      restoreStacks();
    }
  }
}
