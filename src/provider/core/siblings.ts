/**
 * The new children this provider process has checked, per parent, for rules across the children
 * of one program (two subnets of one VPC that overlap). A parent is named by its ID when known,
 * else by the key its child's class passes (`parentKey`: `Vpc/<name>`, see
 * `resources/parent-keys.ts`), the same for every child of one parent.
 */
import type { ResourceContext } from "./resource-context";
import type { Props } from "./resource-spec";
import { known } from "./lookups";
import { PARENT_KEY_INPUT } from "../field-lists";
import { processMemory } from "./process-memory";

const declared = processMemory.map<string, Map<string, Props>>("children declared");

/** The parent the inputs name: its ID when known, else its key in the program; undefined if neither. */
export function parentOf(parentId: unknown, declaredInputs: Props): string | undefined {
  if (known(parentId)) return `id ${String(parentId)}`;
  const key = declaredInputs[PARENT_KEY_INPUT];
  return typeof key === "string" ? `key ${key}` : undefined;
}

/**
 * Notes a new child of `parent` (by its resource's identity, so that checking it again replaces
 * the note; else by its label) and returns the other children of that parent noted so far.
 */
export function declareChild(
  kind: string,
  parent: string,
  inputs: Props,
  resource: ResourceContext,
): Props[] {
  const scope = `${kind} of ${parent}`;
  const children = declared.get(scope) ?? new Map<string, Props>();
  declared.set(scope, children);
  const who = resource.journalKey ?? String(inputs.label);
  children.set(who, inputs);
  return [...children].filter(([other]) => other !== who).map(([, props]) => props);
}
