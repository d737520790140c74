/**
 * A reference example, written once as data and rendered into each language a user writes programs in
 * (TypeScript, Python, Go, Pulumi YAML: `render-*.ts`): the data functions it calls, the resources it
 * declares, their inputs, and what it exports. Each kind's example is `examples/<stem>.ts` beside this
 * file, the data functions' is `functions.ts`; the reference pages show all four renderings, and the
 * tests check each with its language's own tools.
 */

/**
 * Another resource's output (its `id` unless `output` names another), or a field of a data function's
 * result; `path` goes on into it (`regions`, then `[0, "id"]`).
 */
export interface Ref {
  readonly $ref: string;
  readonly output: string;
  readonly path?: readonly (string | number)[];
}

/** A secret the program reads from stack config (`pulumi config set --secret <key> ...`). */
export interface SecretConfig {
  readonly $secret: string;
}

export type Value = string | number | boolean | Ref | SecretConfig | Value[] | { [key: string]: Value };

/** Resource options of a program that adopts existing objects (compute-import's). */
export interface ExampleOptions {
  /** The ID of the object `pulumi up` adopts instead of creating one. */
  import?: string;
  /** `destroy` leaves the object. */
  retainOnDelete?: boolean;
}

export interface ExampleResource {
  /** The resource's name, and the program's variable for it: a camelCase identifier. */
  name: string;
  /** The resource's name when it is not `name` (one that is no identifier: `legacy-net`). */
  logical?: string;
  /** The kind: `Vpc`, `Subnet`. */
  kind: string;
  /** Inputs by the schema's names (camelCase); nested objects by their type's names. */
  inputs: Record<string, Value>;
  options?: ExampleOptions;
  /** Paragraphs said in comments before the declaration. */
  comments?: string[];
}

/** A data function's call in its output form (`getImageOutput`): its result is a `Ref`'s `$ref`. */
export interface ExampleInvoke {
  /** The program's variable for the result: a camelCase identifier. */
  name: string;
  /** The function as the schema names it: `getImage`. */
  function: string;
  /** Arguments by the schema's names. */
  args: Record<string, Value>;
}

export interface Example {
  /** The page the example is on: a kind (`Vpc`), or `functions` for docs/functions.md. */
  kind: string;
  /** Calls made before the resources, unless they read one (then after them: `statements`). */
  invokes?: ExampleInvoke[];
  resources: ExampleResource[];
  /** Stack outputs: name → a resource's output. */
  exports?: Record<string, Ref>;
  /** Paragraphs said in comments at the program's top. */
  header?: string[];
}

/** The resource's name as Pulumi knows it. */
export const logicalOf = (r: ExampleResource): string => r.logical ?? r.name;

export const ref = (resource: string, output = "id"): Ref => ({ $ref: resource, output });
/** What a reference reads after its variable: the output (or result field), then the path on. */
export const stepsOf = (r: Ref): (string | number)[] => [r.output, ...(r.path ?? [])];

/** A field of an invoke's result, and the path on into it: `result("types", "types", 0, "id")`. */
export const result = (invoke: string, field: string, ...path: (string | number)[]): Ref => ({
  $ref: invoke,
  output: field,
  path,
});
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
  for (const i of example.invokes ?? []) Object.values(i.args).forEach(visit);
  for (const r of example.resources) Object.values(r.inputs).forEach(visit);
  Object.values(example.exports ?? {}).forEach(visit);
  return found;
}

const refsOf = (value: Value): string[] => {
  if (isRef(value)) return [value.$ref];
  if (isSecret(value) || typeof value !== "object") return [];
  return (Array.isArray(value) ? value : Object.values(value)).flatMap(refsOf);
};

export type Statement =
  | { readonly resource: ExampleResource; readonly invoke?: undefined }
  | { readonly invoke: ExampleInvoke; readonly resource?: undefined };

/**
 * The example's calls and resources in the order a program declares them: the invokes that read no
 * resource, the resources, then the invokes that read one (`getSubnetsOutput({ vpcId: net.id })`).
 */
export function statements(example: Example): Statement[] {
  const resources = new Set(example.resources.map((r) => r.name));
  const readsResource = (i: ExampleInvoke) =>
    Object.values(i.args)
      .flatMap(refsOf)
      .some((name) => resources.has(name));
  const invokes = example.invokes ?? [];
  return [
    ...invokes.filter((i) => !readsResource(i)).map((invoke) => ({ invoke })),
    ...example.resources.map((resource) => ({ resource })),
    ...invokes.filter(readsResource).map((invoke) => ({ invoke })),
  ];
}

/** Whether a name is one of the example's invokes (whose results are read by method in Go). */
export const isInvoke = (example: Example, name: string): boolean =>
  (example.invokes ?? []).some((i) => i.name === name);

/** The secrets an example reads from config, in order of first use. */
export const secretsOf = (example: Example): string[] => [
  ...new Set(leaves(example).flatMap((leaf) => ("$secret" in leaf ? [leaf.$secret] : []))),
];

/** The resources some input or export reads (Go refuses a variable never read). */
export const referenced = (example: Example): Set<string> =>
  new Set(leaves(example).flatMap((leaf) => ("$ref" in leaf ? [leaf.$ref] : [])));
