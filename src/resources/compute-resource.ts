/**
 * What every resource class registers: a resource of Pulumi's Node dynamic provider
 * (`pulumi-nodejs:dynamic/compute:<Kind>`, as `pulumi.dynamic.Resource` registers one) whose
 * `__provider` is the short module text of `provider/shim.ts` rather than a serialized closure.
 *
 * It adds to the inputs:
 * - Pulumi's `import` resource option, as the input `importId`: the engine's own import cannot load
 *   a dynamic provider (it carries no serialized provider), so the option leaves the options the
 *   engine sees, and the provider imports the object without writing to the API
 *   (`provider/import-object.ts`);
 * - the resource's identity, `project/stack/kind/name`, as the input `journalKey`: a create
 *   interrupted with the whole run is recognised by the same resource's next create
 *   (`provider/create-journal.ts`).
 * And it keeps secret outputs out of the SDK's debug lines (`quiet-debug.ts`) before the first
 * registration.
 */
import * as pulumi from "@pulumi/pulumi";
import { shimModule } from "../provider/shim";
import { quietSecretsInDebug } from "./quiet-debug";

/**
 * The arguments of `pulumi.CustomResource`'s constructor for a resource of this kind, which every
 * class passes on (`super(...computeResourceArgs("Vpc", name, props, opts))`). A function, not a
 * base class: Pulumi records where a resource was declared by counting the constructors above the
 * program's line (`Resource`, `CustomResource`, the class), so a class between them would point
 * that record at this package instead of the program.
 */
export function computeResourceArgs(
  kind: string,
  name: string,
  props: object,
  opts: pulumi.CustomResourceOptions | undefined,
): [string, string, pulumi.Inputs, pulumi.CustomResourceOptions | undefined] {
  quietSecretsInDebug();
  const journalKey = `${pulumi.getProject()}/${pulumi.getStack()}/${kind}/${name}`;
  const { import: importId, ...rest } = opts ?? {};
  const inputs = { ...props, journalKey, __provider: shimModule(kind) };
  return [
    `pulumi-nodejs:dynamic/compute:${kind}`,
    name,
    importId === undefined ? inputs : { ...inputs, importId },
    importId === undefined ? opts : rest,
  ];
}
