/**
 * What a renderer needs of the package schema (schema.json): each input's type, and each object type's
 * properties, so that Go and Python write the SDK's typed values (`compute.InstanceConfigDevicesArgs`).
 */
import type { PropertySpec } from "../property-spec";

export interface SchemaTypes {
  resources: Record<string, { inputProperties: Record<string, PropertySpec> }>;
  /** Object types have properties; enum types (the outputs' enums) none. */
  types: Record<string, { type?: string; properties?: Record<string, PropertySpec> }>;
  functions?: Record<string, { inputs?: { properties: Record<string, PropertySpec> } }>;
}

export const TYPE_PREFIX = "#/types/compute:index:";

/** An input of a kind, or an error naming it (an example that names no input of the schema). */
export function inputOf(schema: SchemaTypes, kind: string, name: string): PropertySpec {
  const spec = schema.resources[`compute:index:${kind}`]?.inputProperties[name];
  if (!spec) throw new Error(`example: ${kind} has no input ${name}`);
  return spec;
}

/** An argument of a data function (`getImage`), or an error naming it. */
export function argumentOf(schema: SchemaTypes, fn: string, name: string): PropertySpec {
  const spec = schema.functions?.[`compute:index:${fn}`]?.inputs?.properties[name];
  if (!spec) throw new Error(`example: ${fn} has no argument ${name}`);
  return spec;
}

/** Whether the package has a resource of this kind (`Image`: Go's SDK names `getImage` `LookupImage`). */
export const hasKind = (schema: SchemaTypes, kind: string): boolean =>
  `compute:index:${kind}` in schema.resources;

/** A property of an object type (`$ref` `#/types/compute:index:<Type>`). */
export function propertyOf(schema: SchemaTypes, ref: string, name: string): PropertySpec {
  const spec = schema.types[ref.replace(/^#\/types\//, "")]?.properties?.[name];
  if (!spec) throw new Error(`example: ${ref} has no property ${name}`);
  return spec;
}

/** Whether a property holds an object type of the package (`$ref` `#/types/...`). */
export const isObjectType = (spec: PropertySpec | undefined): spec is PropertySpec & { $ref: string } =>
  spec?.$ref?.startsWith("#/types/") ?? false;

/** The object type's name (`InstanceConfigDevices`) of a `$ref`. */
export const typeName = (ref: string): string => ref.slice(TYPE_PREFIX.length);
