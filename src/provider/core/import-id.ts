/**
 * How a kind's object is named to the engine's `pulumi import` and `get` (the plugin form): the ID
 * the resource reports (`id`), after its parents' IDs for a child kind (`vpcId/subnetId`), or, for
 * `get`, the resource's `id` with its parents' IDs in the state (`get: {id, state: {vpcId}}`).
 * The plugin parses these IDs, the schema's descriptions and the reference pages name them.
 */
import type { AnySpec } from "./resource-spec";

/** What the kind's `idOf` makes its ID from: `label` for a tag, `username`, else `id`. */
export function idField(spec: Pick<AnySpec, "idOf">): string | undefined {
  const record = new Proxy({}, { get: (_target, key) => (typeof key === "string" ? `<${key}>` : undefined) });
  try {
    return /^<(\w+)>$/.exec(String(spec.idOf(record)))?.[1];
  } catch {
    return undefined;
  }
}

/** The name the import ID gives the object's own part: its label, its username, else `id`. */
const ownPart = (spec: Pick<AnySpec, "idOf">): string => {
  const field = idField(spec);
  return field === "label" || field === "username" ? field : "id";
};

/**
 * The ID `pulumi import` takes for a kind: the parents' IDs, then the object's own (`vpcId/subnetId`);
 * the own part is `id`, `label` or `username` (written `<kind>Id` after parents).
 */
export function importIdFormat(spec: Pick<AnySpec, "kind" | "parents" | "idOf">): string {
  const parents: string[] = spec.parents ?? [];
  const own = ownPart(spec);
  if (parents.length === 0) return own;
  return [...parents, own === "id" ? `${spec.kind[0]!.toLowerCase()}${spec.kind.slice(1)}Id` : own].join("/");
}

/** The import ID with each part in angle brackets, as a command line shows it: `<vpcId>/<subnetId>`. */
export const importIdPlaceholder = (format: string): string => format.replace(/(\w+)/g, "<$1>");

const given = (value: unknown) => value !== undefined && value !== null && value !== "";

/**
 * The object a read by the engine names: `props` (the state of a refresh, or of a `get`) when they
 * hold every parent's ID; else the parents' IDs from the ID (`<vpcId>/<subnetId>`: an import, or a
 * `get` by that ID). Anything else fails naming both forms.
 */
export function readTarget(
  spec: Pick<AnySpec, "kind" | "parents" | "idOf">,
  id: string,
  props: Record<string, unknown>,
): { id: string; props: Record<string, unknown> } {
  const parents: string[] = spec.parents ?? [];
  if (parents.every((key) => given(props[key]))) return { id, props };
  const parts = id.split("/");
  if (parts.length === parents.length + 1 && parts.every((part) => part !== "")) {
    return {
      id: parts.at(-1)!,
      props: { ...props, ...Object.fromEntries(parents.map((key, i) => [key, parts[i]])) },
    };
  }
  const state = parents.map((key) => `${key}: ...`).join(", ");
  throw new Error(
    `${spec.kind} import ID must be ${importIdFormat(spec)}, not ${id} (a get takes the ${spec.kind}'s id with state {${state}})`,
  );
}
