/** The error body of the API, and the mapping from schema issues to its items. */
import { z } from "zod";

export const ErrorItem = z.object({
  reason: z.string(),
  field: z.string().optional(),
});
export type ErrorItem = z.infer<typeof ErrorItem>;

export const ErrorBody = z.object({ errors: z.array(ErrorItem) });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The reason of the 400 for an instance action while another one is queued or running (clients retry it). */
export const INSTANCE_BUSY_REASON = "Compute instance busy.";

/** `["subnets", 0, "ipv4"]` → `"subnets[0].ipv4"`, the dotted form the API uses in `field`. */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((acc, key) => {
    if (typeof key === "number") return `${acc}[${key}]`;
    return acc ? `${acc}.${String(key)}` : String(key);
  }, "");
}

/** One error item per schema issue; the field is the issue's path, the reason its message. */
export function issuesToErrors(error: z.ZodError, prefix: PropertyKey[] = []): ErrorItem[] {
  return error.issues.map((issue) => {
    const field = fieldPath([...prefix, ...issue.path]);
    return field ? { reason: issue.message, field } : { reason: issue.message };
  });
}
