/**
 * What a resource's URN says: `urn:pulumi:<stack>::<project>::<type>::<name>`, the type possibly
 * qualified by its parents' (`parent$compute:index:Vpc`). The plugin serves its own types
 * (`compute:index:Vpc`) and the TypeScript classes' dynamic ones (`pulumi-nodejs:dynamic/compute:Vpc`)
 * that a program gives an explicit `compute.Provider` (`dynamic-resources.ts`).
 */
export interface ResourceName {
  project: string;
  stack: string;
  /** The type token, e.g. `compute:index:Vpc`. */
  type: string;
  /** The kind a `compute:index:<Kind>` (or `pulumi-nodejs:dynamic/compute:<Kind>`) token names. */
  kind: string;
  name: string;
  /** A TypeScript class's resource (`pulumi-nodejs:dynamic/compute:<Kind>`), kept in the dynamic form's state. */
  dynamic: boolean;
}

export function parseUrn(urn: string): ResourceName {
  const match = /^urn:pulumi:(?<stack>.*?)::(?<project>.*?)::(?<qualified>.*?)::(?<name>.*)$/s.exec(urn);
  const { stack, project, qualified, name } = match?.groups ?? {};
  if (stack === undefined || project === undefined || qualified === undefined || name === undefined)
    throw new Error(`not a resource URN: ${urn}`);
  const type = qualified.split("$").pop()!;
  return { project, stack, type, kind: kindOf(type), name, dynamic: isDynamicType(type) };
}

/** A TypeScript class's type token: `pulumi-nodejs:dynamic/compute:Vpc`. */
export const isDynamicType = (type: string): boolean =>
  /^pulumi-nodejs:dynamic\/compute:[A-Za-z]+$/.test(type);

/** `compute:index:Vpc` (or `pulumi-nodejs:dynamic/compute:Vpc`) -> `Vpc`; any other token is no kind of this package. */
export function kindOf(type: string): string {
  const match = /^(?:compute:index|pulumi-nodejs:dynamic\/compute):([A-Za-z]+)$/.exec(type);
  if (!match) throw new Error(`${type} is not a resource type of the compute package`);
  return match[1]!;
}

/** The create journal's key (`project/stack/Kind/name`), as the TypeScript classes derive it. */
export const journalKeyOf = (resource: ResourceName): string =>
  `${resource.project}/${resource.stack}/${resource.kind}/${resource.name}`;
