/**
 * The tags each Instance declares (`Instance.tags`), as this provider process has seen them during
 * one `pulumi up` or preview, with the resource's name. A label an Instance declares and a `Tag`
 * that lists the instance both claim: the Instance would take it off whenever the `Tag` is removed
 * and the `Tag` would take it off when the Instance drops it, so the `Tag` fails its check. The
 * engine checks a `Tag` after the instances it lists (their IDs come from them), so an instance
 * that already exists has been seen by then; a new one's ID is unknown at preview, and the `Tag`
 * is checked again at `up`, once the instance is created.
 *
 * Caught when one side starts claiming: a `Tag` newly listing the instance, or an Instance newly
 * declaring the label (its check compares the program's tags with the ones the engine stored). Once
 * both hold it, an Instance with `ignoreChanges: ["tags"]` reads the label back (a refresh) into the
 * tags the engine gives its provider, which is no second claim.
 */
import { resourceName, type ResourceContext } from "../core/resource-context";
import type { Props } from "../core/resource-spec";
import { processMemory } from "../core/process-memory";

interface Declared {
  name: string;
  tags: string[];
}

/** By instance ID: what its Instance declares. */
const declared = processMemory.map<string, Declared>("instance tags: declared");
/** By resource name: the labels its check found newly declared. */
const added = processMemory.map<string, string[]>("instance tags: added");

const tagsOf = (inputs: Props): string[] | undefined =>
  Array.isArray(inputs.tags) ? inputs.tags.filter((t) => typeof t === "string") : undefined;

/** At the Instance's check: the labels the program declares that the engine's stored inputs lack. */
export function noteAddedTags(inputs: Props, olds: Props, resource: ResourceContext): void {
  const name = resourceName(resource);
  if (name === undefined) return;
  const before = tagsOf(olds) ?? [];
  added.set(
    name,
    (tagsOf(inputs) ?? []).filter((label) => !before.includes(label)),
  );
}

/** At the Instance's diff, create or update: the instance's ID and the tags it declares. */
export function noteInstanceTags(computeId: string, inputs: Props, resource: ResourceContext): void {
  const tags = tagsOf(inputs);
  if (tags === undefined) declared.delete(String(computeId));
  else declared.set(String(computeId), { name: resourceName(resource) ?? `Instance ${computeId}`, tags });
}

/**
 * The name of the Instance resource that claims `label` in the `tags` of instance `computeId` too:
 * any label it declares when the Tag newly lists the instance, else one it newly declares.
 */
export function declaringInstance(computeId: string | number, label: string, newlyListed: boolean) {
  const found = declared.get(String(computeId));
  if (!found?.tags.includes(label)) return undefined;
  return newlyListed || (added.get(found.name) ?? []).includes(label) ? found.name : undefined;
}
