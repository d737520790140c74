/**
 * What every resource class adds to its inputs for the provider:
 * - Pulumi's `import` resource option, as the input `importId`: the engine's own import cannot load
 *   a dynamic provider (it carries no serialized provider), so the option leaves the options the
 *   engine sees, and the provider imports the object without writing to the API
 *   (`provider/import-object.ts`);
 * - the resource's identity, `project/stack/kind/name`, as the input `journalKey`: a create
 *   interrupted with the whole run is recognised by the same resource's next create
 *   (`provider/create-journal.ts`).
 * It also keeps secret outputs out of the SDK's debug lines (`quiet-debug.ts`) before the first
 * registration.
 */
import * as pulumi from "@pulumi/pulumi";
import { quietSecretsInDebug } from "./quiet-debug";

export function providerInputs<P extends object>(
  kind: string,
  name: string,
  props: P,
  opts: pulumi.CustomResourceOptions | undefined,
): [P & { importId?: pulumi.Input<string>; journalKey: string }, pulumi.CustomResourceOptions | undefined] {
  quietSecretsInDebug();
  const journalKey = `${pulumi.getProject()}/${pulumi.getStack()}/${kind}/${name}`;
  if (opts?.import === undefined) return [{ ...props, journalKey }, opts];
  const { import: importId, ...rest } = opts;
  return [{ ...props, importId, journalKey }, rest];
}
