/**
 * Every lifecycle's job kind and the payload its handler gets. A job is keyed by the entity it works
 * on (`entity_id`): the instance for `instance.*`, `disk.*` and `backup.*` (so that it keeps the
 * instance busy), the image for `image.*`.
 */

/** A lifecycle action's `started` event, settled when the job runs (or failed when it is cancelled). */
type Started = { event_id: number };

export interface JobPayloads {
  /** A deploy (create, rebuild) is done; it boots its first config when asked to. */
  "instance.create": Started & { boot: boolean };
  "instance.rebuild": Started & { boot: boolean };
  "instance.boot": Started & { config_id: number | null };
  "instance.shutdown": Started;
  "instance.restore": Started & { backup_id: number };
  "instance.clone": Started & { source_id: number; was_running: boolean };
  /** A change of host: a new type, region, or a disk grown or shrunk on the way. */
  "instance.move": Started & {
    was_running: boolean;
    type?: string;
    region?: string | null;
    disk_id?: number | null;
    size?: number | null;
  };
  "instance.migrate_queued": Record<string, never>;
  "backup.snapshot_start": { backup_id: number };
  "backup.snapshot": Started & { backup_id: number };
  "disk.ready": Started & { disk_id: number };
  "disk.delete": Started & { disk_id: number };
  /** The instance's side of an image capture: busy while its disk is read. */
  "disk.imagize": { image_id: number };
  "image.capture": Started;
  "image.upload_process": Started & { size_mb: number };
  "image.upload_expire": Record<string, never>;
}

export type JobKind = keyof JobPayloads;

/** A job row of one kind, its payload typed; a `Job` without a kind narrows on `job.kind`. */
export type Job<K extends JobKind = JobKind> = K extends JobKind
  ? { id: number; kind: K; due: number; entity_id: number; payload: JobPayloads[K] }
  : never;

/** The `started` event a job settles, if it has one. */
export function eventOf(job: Job): number | undefined {
  return "event_id" in job.payload ? job.payload.event_id : undefined;
}
