/**
 * The upload of an image's data: a PUT of the bytes to the one-time URL the API's upload answer
 * gives. It carries no API token (the URL holds its own), is not paced and is never retried (the
 * URL may have been used). A failure is an `UploadError` whose message is one line that never
 * shows the URL (it holds a token).
 */
import axios, { AxiosError } from "axios";
import type { Readable } from "node:stream";
import { messageOf } from "./errors";

export class UploadError extends Error {
  override readonly name = "UploadError";
}

/** Sends `size` bytes from `data` to `url`. */
export async function putUpload(url: string, data: Readable, size: number): Promise<void> {
  try {
    await axios.put(url, data, {
      headers: { "Content-Type": "application/octet-stream", "Content-Length": String(size) },
      maxBodyLength: Infinity,
      maxContentLength: Infinity,
      maxRedirects: 0,
    });
  } catch (err) {
    throw new UploadError(uploadFailure(err));
  }
}

/** `[403] reason (PUT upload URL)`, or the transport failure's code and message. */
function uploadFailure(err: unknown): string {
  if (!(err instanceof AxiosError)) return messageOf(err);
  if (!err.response) return `${err.code ? `${err.code}: ` : ""}${err.message} (PUT upload URL)`;
  const reasons = reasonsIn(err.response.data);
  return `[${err.response.status}] ${reasons.length ? reasons.join("; ") : `HTTP ${err.response.status}`} (PUT upload URL)`;
}

/** The reasons of an API error body (`{errors: [{reason}]}`), if the answer is one. */
function reasonsIn(body: unknown): string[] {
  if (!body || typeof body !== "object" || !("errors" in body) || !Array.isArray(body.errors)) return [];
  return body.errors.flatMap((e: unknown) =>
    e && typeof e === "object" && "reason" in e && typeof e.reason === "string" && e.reason ? [e.reason] : [],
  );
}
