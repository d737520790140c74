/**
 * Which resource of the program an ID output belongs to. A child whose parent this run creates gets
 * the parent's ID only once the parent exists: at preview the provider sees an unknown value, the
 * same for every parent. The child's class passes its parent's key (`Vpc/<name>`) beside the ID, so
 * that rules across the children of one parent (subnets that overlap) still run at preview.
 */
import type * as pulumi from "@pulumi/pulumi";

const keys = new WeakMap<object, string>();

/** Called by a parent's class: its `id` output is the resource `kind/name`. */
export function noteParent(resource: pulumi.CustomResource, kind: string, name: string): void {
  keys.set(resource.id, `${kind}/${name}`);
}

/** The key of the parent whose `id` output the input is, if it is one (`vpc.id` as given). */
export function parentKeyOf(id: unknown): string | undefined {
  return typeof id === "object" && id !== null ? keys.get(id) : undefined;
}
