/**
 * Field builders shared by every resource's schemas. Each builder names its field in its error
 * messages, so the emulator's 400s, the client's parse errors and the providers' `check` failures
 * all read the same way ("label must be 1..64 characters").
 */
import { z } from "zod";

/** ISO 8601 date-time without zone, as the API returns it (UTC). */
export const dateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, "must be YYYY-MM-DDTHH:MM:SS");

/** A field the real API answers and the spec leaves out, null at this release; any value parses, so
 * that a later release filling it in does not break the client. */
export const realOnlyNull = z.unknown().describe("Beyond the spec: null at this release");

const isMissing = (input: unknown) => input === undefined || input === null;

/** A string with a length range; `field` is the name used in the messages. */
export function text(field: string, range: { min?: number; max?: number } = {}) {
  let s = z.string({
    error: (iss) => (isMissing(iss.input) ? `${field} is required` : `${field} must be a string`),
  });
  const { min, max } = range;
  const span =
    min !== undefined && max !== undefined ? `${min}..${max} characters` : `at most ${max} characters`;
  if (min !== undefined) s = s.min(min, `${field} must be ${span}`);
  if (max !== undefined) s = s.max(max, `${field} must be ${span}`);
  return s;
}

export function integer(field: string) {
  return z
    .number({
      error: (iss) => (isMissing(iss.input) ? `${field} is required` : `${field} must be an integer`),
    })
    .int(`${field} must be an integer`);
}

export function bool(field: string) {
  return z.boolean({
    error: (iss) => (isMissing(iss.input) ? `${field} is required` : `${field} must be true or false`),
  });
}

/** An API ID path or body parameter given as a string in a URL or a Pulumi input. */
export function idFrom(field: string) {
  return z.coerce
    .number({ error: `${field} must be an integer ID` })
    .int(`${field} must be an integer ID`)
    .positive(`${field} must be an integer ID`);
}
