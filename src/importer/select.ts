/**
 * Which found objects a program declares: those of the kinds and IDs asked (both, when both are
 * given), each with the objects it belongs to (a subnet's VPC, a disk's or config's instance, an
 * interface's config), so that its parent IDs are references to declared resources.
 */
import type { Found } from "./account";
import type { ImportKind } from "./kinds";

export interface Selection {
  kinds?: readonly ImportKind[];
  /** `import` IDs: numbers, `private/N`, a tag's label. */
  ids?: readonly string[];
  /** Exactly these objects (another tool's state names them), with what they belong to. */
  objects?: readonly { kind: ImportKind; id: string }[];
  /** Where `objects` come from, for the program's header (`terraform.tfstate`). */
  source?: string;
}

export function select(found: readonly Found[], { kinds, ids, objects }: Selection): Found[] {
  const chosen = new Set<Found>();
  for (const object of found) {
    if (kinds && !kinds.includes(object.kind)) continue;
    if (ids && !ids.includes(object.id)) continue;
    if (objects && !objects.some((o) => o.kind === object.kind && o.id === object.id)) continue;
    for (let at: Found | undefined = object; at; at = at.parent) chosen.add(at);
  }
  return found.filter((object) => chosen.has(object));
}
