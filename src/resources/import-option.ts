/**
 * Pulumi's `import` resource option, for these dynamic resources: the engine's own import cannot
 * load a dynamic provider (it carries no serialized provider), so the option leaves the options
 * the engine sees and reaches the provider as the input `importId`, which imports the object
 * without writing to the API (see `provider/import-object.ts`).
 */
import type * as pulumi from "@pulumi/pulumi";

export function importAsInput<P extends object>(
  props: P,
  opts: pulumi.CustomResourceOptions | undefined,
): [P & { importId?: pulumi.Input<string> }, pulumi.CustomResourceOptions | undefined] {
  if (opts?.import === undefined) return [props, opts];
  const { import: importId, ...rest } = opts;
  return [{ ...props, importId }, rest];
}
