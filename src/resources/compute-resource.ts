/**
 * What every resource class registers: a resource of Pulumi's Node dynamic provider
 * (`pulumi-nodejs:dynamic/compute:<Kind>`, as `pulumi.dynamic.Resource` registers one) whose
 * `__provider` is the short module text of `provider/shim.ts` rather than a serialized closure.
 *
 * Its `__provider` names the resource's context (`provider/core/resource-context.ts`), which no display
 * but `--json` shows:
 * - the resource's identity, `project/stack/kind/name`: a create interrupted with the whole run is
 *   recognised by the same resource's next create (`provider/core/create-journal.ts`), and `--replace`
 *   knows the resource's own object (`provider/core/held-objects.ts`);
 * - Pulumi's `import` resource option: the engine's own import cannot load a dynamic provider (it
 *   carries no serialized provider), so the option leaves the options the engine sees, and the
 *   provider imports the object without writing to the API (`provider/core/import-object.ts`);
 * - Pulumi's `id` option, which a class's `get` sets (`lookUpArgs`): the engine reads the object,
 *   and a read that finds none fails naming it;
 * - `customTimeouts`, which the engine sends a dynamic provider's host but the host drops.
 * A kind with a unique label replaces delete-first unless the program says otherwise
 * (`UNIQUE_LABEL_KINDS`). An explicit `compute.Provider` (`provider.ts`), given or the parent's,
 * is the resource's provider: Pulumi's SDK hands a parent's provider on only to resources of the
 * provider's package, and a class's type is the dynamic provider's (`pulumi-nodejs`), so the class
 * takes its parent's `compute` provider itself. And it keeps secret outputs out of the SDK's debug lines
 * (`quiet-debug.ts`) before the first registration.
 */
import * as pulumi from "@pulumi/pulumi";
import { KIND_INPUTS, UNIQUE_LABEL_KINDS } from "../provider/field-lists";
import type { ResourceContext } from "../provider/core/resource-context";
import { placeholders } from "../provider/core/resource-spec";
import { shimModule } from "../provider/shim";
import { quietSecretsInDebug } from "./quiet-debug";
import { packageOf } from "../provider-package";

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
  /** What else the kind's provider needs of the program (an Image: the program's directory). */
  more: Pick<ResourceContext, "programDir"> = {},
): [string, string, pulumi.Inputs, pulumi.CustomResourceOptions | undefined] {
  quietSecretsInDebug();
  const provider = providerOf(kind, name, opts);
  if (provider && opts?.provider === undefined) opts = { ...opts, provider };
  const { import: importId, ...rest } = opts ?? {};
  const resource: ResourceContext = {
    journalKey: `${pulumi.getProject()}/${pulumi.getStack()}/${kind}/${name}`,
    ...(importId === undefined ? {} : { importId }),
    ...(opts?.id === undefined ? {} : { lookUp: true }),
    ...timeoutsOf(opts?.customTimeouts),
    ...more,
  };
  const deleteFirst =
    (UNIQUE_LABEL_KINDS as readonly string[]).includes(kind) && "label" in props && props.label !== undefined;
  return [
    `pulumi-nodejs:dynamic/compute:${kind}`,
    name,
    { ...props, __provider: shimModule(kind, resource) },
    { ...(deleteFirst ? { deleteBeforeReplace: true } : {}), ...(importId === undefined ? opts : rest) },
  ];
}

/**
 * What a class's static `get` hands its own constructor (`new Vpc(name, ...lookUpArgs("Vpc", id,
 * state, opts))`): Pulumi's `id` option, with which the engine reads the object instead of
 * creating it (the dynamic provider's `read`, which writes nothing; `destroy` leaves the object),
 * and as arguments every input of the kind unset, so that the resource has each output the read
 * fills in, with the `state` given over them. A child's read takes its parents' IDs from `state`
 * (`{ vpcId }`) or from an ID that leads with them (`<vpcId>/<subnetId>`, as the plugin form's
 * `pulumi import` and `get` take it; `provider/core/import-id.ts`). The constructor goes on as for
 * a new resource: its secret inputs and outputs stay secrets, its provider is the given one or its
 * parent's.
 */
export function lookUpArgs<Args extends object>(
  kind: keyof typeof KIND_INPUTS,
  id: pulumi.Input<pulumi.ID>,
  state: Partial<Args> | undefined,
  opts: pulumi.CustomResourceOptions | undefined,
): [Args, pulumi.CustomResourceOptions] {
  // Every input is optional here: the engine reads the object's values, the constructor only
  // registers the names.
  const args = { ...placeholders(KIND_INPUTS[kind]), ...state } as Args;
  return [args, { ...opts, id }];
}

/**
 * Lowers `Error.stackTraceLimit` to 0 until the function returned is called; each class calls it
 * around its `super` call and restores the limit in `finally`, before the program's next line runs:
 *
 *     const restoreStacks = pausePromiseStacks();
 *     try { super(...computeResourceArgs(...)); } finally { restoreStacks(); }
 *
 * While registering a resource, Pulumi's SDK formats a stack trace for every promise it makes, one
 * per property among them, kept only for its message about promises still pending at exit (which
 * names the resource and property without it). A TypeScript program runs with source maps, so each
 * trace maps every frame: about 0.3 ms, 2.5 ms for a Subnet's eight properties, which was the whole
 * of the dynamic form's time above the engine's floor for an unchanged stack (docs/benchmarks.md).
 * Where the program declared the resource is still recorded: Pulumi reads that with its own limit.
 */
export function pausePromiseStacks(): () => void {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  return () => {
    Error.stackTraceLimit = limit;
  };
}

/**
 * The resource's explicit provider: the one given, else a `compute.Provider` of its parent (or of a
 * component above it, given as `provider` or among `providers`). A provider of another package
 * (other than the dynamic provider's own) cannot serve the resource: an error naming the option.
 */
function providerOf(
  kind: string,
  name: string,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.ProviderResource | undefined {
  const given = opts?.provider;
  if (given) {
    const pkg = packageOf(given);
    if (pkg !== undefined && pkg !== "compute" && pkg !== "pulumi-nodejs")
      throw new pulumi.ResourceError(
        `${kind} ${name}: option \`provider\` is a provider of package ${pkg}; give a compute.Provider`,
        opts?.parent,
      );
    return given;
  }
  return opts?.parent?.getProvider("compute:index:Provider");
}

/** The durations the program set (the provider reads and checks them). */
function timeoutsOf(custom: pulumi.CustomTimeouts | undefined): Pick<ResourceContext, "timeouts"> {
  const set = Object.entries(custom ?? {}).filter(([, value]) => typeof value === "string" && value !== "");
  return set.length > 0 ? { timeouts: Object.fromEntries(set) } : {};
}
