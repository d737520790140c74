/**
 * Refusals more than one area answers with. A record the path names and the caller cannot see is a
 * 404 `Not found` (`ApiError.notFound()`); one the body names is a 400 on that field.
 */
import { INSTANCE_BUSY_REASON } from "../../contract";
import { ApiError } from "../api-error";

/** 400: the record `kind` `id` a request field names does not exist, or the caller cannot see it. */
export function notFound(kind: string, id: number | string, field: string): ApiError {
  return ApiError.badRequest(`${kind} ${id} not found`, field);
}

/** 400 `Compute instance busy.`: another action on the instance is queued or running. */
export function busy(): ApiError {
  return ApiError.badRequest(INSTANCE_BUSY_REASON);
}

/** 400: a rebuild, resize or mutate waits until the queued migration has run. */
export function pendingMigration(): ApiError {
  return ApiError.badRequest("Compute instance has a pending migration");
}
