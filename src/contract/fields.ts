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

/** An ID as a string: decimal digits without a leading zero, as the client writes it in a path and
 * Pulumi keeps it in state. */
export const DECIMAL_ID = /^[1-9][0-9]*$/;

/**
 * An API ID path or body parameter given as a number, or as a string in a URL or a Pulumi input.
 * A string must be the ID's decimal form: `0x1`, `1.0`, `1e0`, `+1`, ` 1` and `01` are no aliases of
 * ID 1, so the emulator answers such a path 404 as it does any ID that names nothing.
 */
export function idFrom(field: string) {
  const message = `${field} must be an integer ID`;
  return z
    .preprocess(
      (value) => (typeof value === "string" && DECIMAL_ID.test(value) ? Number(value) : value),
      z.number({ error: message }).int(message).positive(message),
    )
    .register(idReferences, {});
}

/**
 * The schemas `idFrom` made: IDs that a Pulumi program gives as another resource's `id` (a string).
 * The package schema types them `string`, and the plugin sends them back as strings
 * (`provider/core/input-schema.ts` marks them in an input's JSON Schema).
 */
export const idReferences = z.registry();

/**
 * A field of what the API answers that holds another object's ID, where the providers and the data
 * functions give it (a config interface's `vpcId`, a subnet's `computes`, `getVpc`'s `id`): an integer,
 * marked as an `idFrom` field is, so that the package schema types it `string`, as the `id` of the
 * resource it names is, and the plugin sends it as a string (`outputJsonSchema` marks it `x-id-reference`).
 */
export const idOutput = () => z.number().int().register(idReferences, {});
