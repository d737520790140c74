/**
 * IDs in the data functions' results as the plugin's invokes give them: strings, as every resource's
 * `id` and ID input is in the package schema, so that a Go or Python program passes `getVpc`'s `id` on to
 * a `Subnet`'s `vpcId` as it is. The TypeScript functions keep numbers (their documented types); the
 * schema (`package-schema.ts`) and the invokes (`plugin/invoke.ts`) both follow the rule here.
 */

/** A result field that holds an object's ID (or IDs): `id`, `vpcId`, `instanceIds`; not `uid`. */
export const isIdField = (name: string): boolean => /^(id|[a-z]\w*Ids?)$/.test(name);

/** The value with every integer of an ID field (or of an ID field's array) as a decimal string. */
export function idsAsStrings(value: unknown, idField = false): unknown {
  if (typeof value === "number") return idField && Number.isInteger(value) ? String(value) : value;
  if (Array.isArray(value)) return value.map((item) => idsAsStrings(item, idField));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [key, idsAsStrings(inner, isIdField(key))]),
  );
}
