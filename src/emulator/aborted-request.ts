/** Requests whose client went away before the body arrived (closed early, or reset the connection). */
import type { IncomingMessage } from "node:http";

/** Did the client abort `req` mid-body? Then there is no one to answer and nothing to report. */
export function aborted(req: IncomingMessage): boolean {
  return req.destroyed && !req.complete;
}
