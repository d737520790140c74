/**
 * A reference example, written once as data and rendered into each language a user writes programs in
 * (TypeScript, Python, Go, Pulumi YAML: `render-*.ts`): the resources it declares, their inputs, and
 * what it exports. Each kind's example is `examples/<stem>.ts` beside this file; the reference pages
 * show all four renderings, and the tests check each with its language's own tools.
 */

/** Another resource's output: its `id` unless `output` names another. */
export interface Ref {
  readonly $ref: string;
  readonly output: string;
}

/** A secret the program reads from stack config (`pulumi config set --secret <key> ...`). */
export interface SecretConfig {
  readonly $secret: string;
}

export type Value = string | number | boolean | Ref | SecretConfig | Value[] | { [key: string]: Value };

export interface ExampleResource {
  /** The resource's name, and the program's variable for it: a camelCase identifier. */
  name: string;
  /** The kind: `Vpc`, `Subnet`. */
  kind: string;
  /** Inputs by the schema's names (camelCase); nested objects by their type's names. */
  inputs: Record<string, Value>;
}

export interface Example {
  /** The kind the example is about (its page's). */
  kind: string;
  resources: ExampleResource[];
  /** Stack outputs: name → a resource's output. */
  exports?: Record<string, Ref>;
}

export const ref = (resource: string, output = "id"): Ref => ({ $ref: resource, output });
export const secretConfig = (key: string): SecretConfig => ({ $secret: key });

export const isRef = (value: Value): value is Ref =>
  typeof value === "object" && !Array.isArray(value) && "$ref" in value;
export const isSecret = (value: Value): value is SecretConfig =>
  typeof value === "object" && !Array.isArray(value) && "$secret" in value;

/** A nested object (not another resource's output, not a secret). */
export const isMapping = (value: Value): value is { [key: string]: Value } =>
  typeof value === "object" && !Array.isArray(value) && !isRef(value) && !isSecret(value);

/** Every reference and secret of an example's inputs and exports, in order. */
function leaves(example: Example): (Ref | SecretConfig)[] {
  const found: (Ref | SecretConfig)[] = [];
  const visit = (value: Value): void => {
    if (isRef(value) || isSecret(value)) found.push(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === "object") Object.values(value).forEach(visit);
  };
  for (const r of example.resources) Object.values(r.inputs).forEach(visit);
  Object.values(example.exports ?? {}).forEach(visit);
  return found;
}

/** The secrets an example reads from config, in order of first use. */
export const secretsOf = (example: Example): string[] => [
  ...new Set(leaves(example).flatMap((leaf) => ("$secret" in leaf ? [leaf.$secret] : []))),
];

/** The resources some input or export reads (Go refuses a variable never read). */
export const referenced = (example: Example): Set<string> =>
  new Set(leaves(example).flatMap((leaf) => ("$ref" in leaf ? [leaf.$ref] : [])));
