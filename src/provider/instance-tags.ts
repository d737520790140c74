/**
 * The tags each Instance declares (`Instance.tags`), as this provider process has seen them during
 * one `pulumi up` or preview, with the resource's name. A label an Instance declares and a `Tag`
 * that lists the instance both claim: the Instance would take it off whenever the `Tag` is removed
 * and the `Tag` would take it off when the Instance drops it, so the `Tag` fails its check. The
 * engine checks a `Tag` after the instances it lists (their IDs come from them), so an instance
 * that already exists has been seen by then; a new one's ID is unknown at preview, and the `Tag`
 * is checked again at `up`, once the instance is created.
 */
import { JOURNAL_INPUT } from "./create-journal";
import type { Props } from "./resource-spec";

const declared = new Map<string, { name: string; tags: string[] }>();

/** The resource's name in the program: the last part of its `journalKey` (`project/stack/kind/name`). */
const nameOf = (inputs: Props) =>
  typeof inputs[JOURNAL_INPUT] === "string" ? inputs[JOURNAL_INPUT].split("/").slice(3).join("/") : undefined;

export function noteInstanceTags(computeId: string, inputs: Props): void {
  const tags = inputs.tags;
  if (!Array.isArray(tags)) declared.delete(String(computeId));
  else
    declared.set(String(computeId), {
      name: nameOf(inputs) ?? `Instance ${computeId}`,
      tags: tags as string[],
    });
}

/** The name of the Instance resource that declares `label` in the `tags` of instance `computeId`. */
export function declaringInstance(computeId: string | number, label: string): string | undefined {
  const found = declared.get(String(computeId));
  return found?.tags.includes(label) ? found.name : undefined;
}
