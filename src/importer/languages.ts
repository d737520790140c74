/**
 * compute-import's languages. TypeScript: the program on the package's classes (render.ts). Python,
 * Go and Pulumi YAML: the same declarations as a program on the resource plugin's SDKs, rendered as
 * the reference examples are (src/schema/examples), each resource with the `import` option in its
 * language's syntax and with the ID the plugin takes (a child's after its parents': `vpcId/subnetId`);
 * IDs the program does not declare are strings there, as the plugin's schema has them.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { PACKAGE_ROOT } from "../package-root";
import { ref, type Example, type ExampleResource, type Value } from "../schema/examples/model";
import { goProgram } from "../schema/examples/render-go";
import { pythonProgram } from "../schema/examples/render-python";
import { yamlProgram } from "../schema/examples/render-yaml";
import type { SchemaTypes } from "../schema/examples/schema-lookup";
import type { Declared } from "./inputs";
import { Ref } from "./literal";
import { SPECS } from "./kinds";
import { keyOf, nameAll } from "./names";
import { withReferences } from "./references";
import { HEADER, NOTHING, notesOf, renderProgram, selectionNote } from "./render";
import type { Selection } from "./select";

export const LANGUAGES = ["typescript", "python", "go", "yaml"] as const;
export type Language = (typeof LANGUAGES)[number];

/** The file each language's program is, in a project directory. */
export const PROGRAM_FILE: Record<Language, string> = {
  typescript: "index.ts",
  python: "__main__.py",
  go: "main.go",
  yaml: "Main.yaml",
};

/** An input value in the examples' model: references as `ref`, nulls (an unset input) left out. */
function valueOf(input: unknown): Value | undefined {
  if (input === null || input === undefined) return undefined;
  if (input instanceof Ref) return ref(input.variable);
  if (Array.isArray(input)) return input.map(valueOf).filter((v) => v !== undefined);
  if (typeof input === "object") return fields(input as Record<string, unknown>);
  return input as Value;
}

const fields = (object: Record<string, unknown>): Record<string, Value> =>
  Object.fromEntries(
    Object.entries(object).flatMap(([key, v]) => {
      const value = valueOf(v);
      return value === undefined ? [] : [[key, value]];
    }),
  );

/** The ID the plugin imports an object by: its parents' IDs, then its own (`vpcId/subnetId`). */
export function pluginImportId(object: Declared): string {
  const parents: string[] = SPECS[object.kind].parents ?? [];
  const values = parents.map((key) => object.props[key] ?? object.inputs[key]);
  if (values.some((v) => v === undefined || v === null))
    throw new Error(`${object.kind} ${object.id}: no ${parents.join(", ")} to import it by`);
  return [...values.map(String), object.id].join("/");
}

/** The declarations as an example of the model the reference pages render. */
export function importExample(declared: readonly Declared[], selection: Selection = {}): Example {
  const names = nameAll(declared);
  const resources = declared.map((object): ExampleResource => {
    const { logical, variable } = names.get(keyOf(object))!;
    const inputs = withReferences(
      object.kind,
      object.inputs,
      (kind, id) => names.get(keyOf({ kind, id }))?.variable,
      String,
    );
    return {
      name: variable,
      logical,
      kind: object.kind,
      inputs: fields(inputs),
      options: {
        import: pluginImportId(object),
        ...(object.options?.retainOnDelete ? { retainOnDelete: true } : {}),
      },
      comments: notesOf(object),
    };
  });
  return {
    kind: "import",
    resources,
    header: [...HEADER, ...selectionNote(selection), ...(declared.length ? [] : [NOTHING])],
  };
}

let schemaTypes: SchemaTypes | undefined;
/** The package's schema (schema.json, which the package ships): the SDKs' types of each input. */
const packageSchema = (): SchemaTypes =>
  (schemaTypes ??= JSON.parse(readFileSync(path.join(PACKAGE_ROOT, "schema.json"), "utf8")) as SchemaTypes);

/** The program in `language`. YAML's is a `Main.yaml`: the program alone, beside the project's Pulumi.yaml. */
export function renderIn(
  language: Language,
  declared: readonly Declared[],
  selection: Selection = {},
): string {
  if (language === "typescript") return renderProgram(declared, selection);
  const example = importExample(declared, selection);
  if (language === "python") return pythonProgram(packageSchema(), example);
  if (language === "go") return goProgram(packageSchema(), example);
  return yamlProgram(example, null);
}
