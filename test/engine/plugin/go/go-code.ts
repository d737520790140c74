/**
 * Pieces of the Go programs the Go engine tests write (the body of `pulumi.Run`'s function, which
 * go-project.ts wraps): a resource declared as a Go user writes it, its error returned.
 */

/** A Go value of the SDK's inputs: a string literal wrapped (`pulumi.String("x")`), or Go code as is. */
export type GoValue = string | number | boolean | { code: string };

const literal = (value: GoValue): string => {
  if (typeof value === "object") return value.code;
  if (typeof value === "string") return `pulumi.String(${JSON.stringify(value)})`;
  if (typeof value === "number") return `pulumi.Int(${value})`;
  return `pulumi.Bool(${value})`;
};

/** Go code, placed as is. */
export const code = (text: string): { code: string } => ({ code: text });

/** The fields of an `Args` struct literal: each set value as `Key: value,` (undefined ones left out). */
export const fields = (values: Record<string, GoValue | undefined>): string =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `\t\t\t${key}: ${literal(value!)},\n`)
    .join("");

/**
 * `compute.New<kind>(ctx, name, &compute.<kind>Args{...})`, its error returned: held in the variable
 * `name` when `used` (the program reads it), else discarded (Go refuses an unused variable).
 */
export function resource(
  kind: string,
  name: string,
  values: Record<string, GoValue | undefined>,
  used = true,
): string {
  const call = `compute.New${kind}(ctx, ${JSON.stringify(name)}, &compute.${kind}Args{\n${fields(values)}\t\t})`;
  return used
    ? `\t\t${name}, err := ${call}\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n`
    : `\t\tif _, err := ${call}; err != nil {\n\t\t\treturn err\n\t\t}\n`;
}
