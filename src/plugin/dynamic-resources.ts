/**
 * The TypeScript classes' resources a program gives an explicit `compute.Provider`
 * (`src/resources/provider.ts`): their type stays the dynamic one (`pulumi-nodejs:dynamic/compute:Vpc`)
 * and the engine sends them to this plugin, the provider the program named. Their state stays the
 * dynamic form's, so that a resource moves between the stack's settings (the dynamic host) and an
 * explicit provider with no other change: ID references as numbers (no `id-strings.ts`), and the
 * `__provider` text, which names the resource's context (`import`, the program's directory), kept in
 * the inputs and the outputs as the dynamic host keeps it (a later read or delete by that host loads it).
 */
import { shimContext, type Props, type ResourceContext } from "../provider/core-interface";

const KEY = "__provider";

/** The `__provider` text among a request's bags (the first that holds one), if any. */
export function shimTextOf(...bags: Props[]): string | undefined {
  for (const bag of bags) if (typeof bag[KEY] === "string") return bag[KEY];
  return undefined;
}

/** What of the resource's context its class put in the text: the `import` option, the program's directory. */
export function contextOfShim(text: string | undefined): Pick<ResourceContext, "importId" | "programDir"> {
  const resource = shimContext(text)?.resource ?? {};
  return {
    ...(typeof resource.importId === "string" && { importId: resource.importId }),
    ...(typeof resource.programDir === "string" && { programDir: resource.programDir }),
  };
}

/** An answer's properties with the text back in them, as the dynamic host answers (none: as they are). */
export const withShimText = (props: Props, text: string | undefined): Props =>
  text === undefined ? props : { ...props, [KEY]: text };
