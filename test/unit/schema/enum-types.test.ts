/**
 * Every contract enum a kind's outputs hold (an output whose type, as the spec's `toOutputs` gives
 * it, is a union of string literals: `Image.status`, from the contract's `z.enum`) reaches the
 * package schema as a Pulumi enum type, with the contract's values, and so the SDKs and the pages.
 * The outputs are read where the runtime produces them, the specs' `toOutputs`, with the TypeScript
 * compiler; the schema is the committed `schema.json` (a test fails when it is stale). Inputs stay
 * strings (an SDK's enum input would refuse the plain strings programs pass), and so do the enums
 * inside an object type an input and its echoed output share (one token for both).
 */
import * as path from "node:path";
import * as ts from "typescript";
import { readingProgram } from "../../../src/schema/class-docs";
import { PACKAGE_ROOT } from "../../../src/package-root";
import { schemaText } from "../../../src/schema/schema-file";

interface Spec {
  type?: string;
  $ref?: string;
  enum?: { value: unknown }[];
  items?: Spec;
  properties?: Record<string, Spec>;
}
const schema = JSON.parse(schemaText()) as {
  types: Record<string, Spec>;
  resources: Record<string, { properties: Record<string, Spec>; inputProperties: Record<string, Spec> }>;
};

/** The object types some input holds, at any depth. */
const inputTypes = new Set<string>();
const collect = (spec: Spec | undefined): void => {
  if (!spec) return;
  if (spec.$ref?.startsWith("#/types/")) {
    const token = spec.$ref.replace("#/types/", "");
    if (inputTypes.has(token)) return;
    inputTypes.add(token);
    return collect(schema.types[token]);
  }
  collect(spec.items);
  Object.values(spec.properties ?? {}).forEach(collect);
};
Object.values(schema.resources).forEach((r) => Object.values(r.inputProperties).forEach(collect));

/** A string enum met in a kind's outputs: its path (`Instance.status`, `Tag.objects[].type`) and values. */
interface Enum {
  at: string;
  values: string[];
}

const NOTHING = ts.TypeFlags.Null | ts.TypeFlags.Undefined;

function enumsOf(type: ts.Type, checker: ts.TypeChecker, at: string, found: Enum[], depth = 0): void {
  if (depth > 8) return;
  const options = type.isUnion() ? type.types.filter((t) => !(t.flags & NOTHING)) : [type];
  if (options.length > 1 && options.every((t) => t.isStringLiteral())) {
    found.push({ at, values: options.map((t) => (t as ts.StringLiteralType).value).sort() });
    return;
  }
  if (options.length !== 1) return;
  const [one] = options as [ts.Type];
  if (checker.isArrayType(one)) {
    const [items] = checker.getTypeArguments(one as ts.TypeReference);
    if (items) enumsOf(items, checker, `${at}[]`, found, depth + 1);
    return;
  }
  if (!(one.flags & ts.TypeFlags.Object)) return;
  for (const property of checker.getPropertiesOfType(one))
    enumsOf(checker.getTypeOfSymbol(property), checker, `${at}.${property.name}`, found, depth + 1);
}

/** Every kind's outputs, as its spec's `toOutputs` returns them, read through the registry's loaders. */
function outputEnums(): Enum[] {
  const loaders = path.join(PACKAGE_ROOT, "src/provider/kind-registry.ts");
  const program = readingProgram([loaders]);
  const checker = program.getTypeChecker();
  const found: Enum[] = [];
  const visit = (node: ts.Node): void => {
    // A kind's entry: `Vpc: { module: () => require("./kinds/vpc") as typeof import(...), ... }`, its spec `vpcSpec`.
    const loader =
      ts.isPropertyAssignment(node) && ts.isObjectLiteralExpression(node.initializer)
        ? node.initializer.properties.find(
            (p): p is ts.PropertyAssignment =>
              ts.isPropertyAssignment(p) &&
              p.name.getText() === "module" &&
              ts.isArrowFunction(p.initializer),
          )
        : undefined;
    if (loader && ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
      const module = checker.getTypeAtLocation((loader.initializer as ts.ArrowFunction).body);
      const kind = node.name.text;
      const spec = checker.getTypeOfSymbol(
        module.getProperty(`${kind.charAt(0).toLowerCase()}${kind.slice(1)}Spec`)!,
      );
      const toOutputs = checker.getTypeOfSymbol(spec.getProperty("toOutputs")!);
      const outputs = toOutputs.getCallSignatures()[0]!.getReturnType();
      for (const property of checker.getPropertiesOfType(outputs))
        enumsOf(checker.getTypeOfSymbol(property), checker, `${node.name.text}.${property.name}`, found);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(program.getSourceFile(loaders)!);
  return found;
}

/**
 * The schema's property at a path (`Tag.objects[].type`), its `$ref`s followed, and whether it is
 * inside an object type an input holds.
 */
function schemaAt(at: string): { typed: Spec | undefined; inInput: boolean } {
  const [kind, ...steps] = at.replace(/\[\]/g, ".[]").split(".");
  let inInput = false;
  const resolve = (spec: Spec | undefined, last: boolean): Spec | undefined => {
    const token = spec?.$ref?.replace("#/types/", "");
    if (token === undefined) return spec;
    if (!last) inInput ||= inputTypes.has(token);
    return resolve(schema.types[token], last);
  };
  const typed = steps.reduce<Spec | undefined>(
    (spec, step, i) =>
      resolve(step === "[]" ? spec?.items : spec?.properties?.[step], i === steps.length - 1),
    { properties: schema.resources[`compute:index:${kind}`]?.properties },
  );
  return { typed, inInput };
}

const enums = outputEnums().map((e) => ({ ...e, ...schemaAt(e.at) }));
const own = enums.filter((e) => !e.inInput);

it("finds the contract's enums among the kinds' outputs", () => {
  expect(enums.map((e) => e.at)).toEqual(expect.arrayContaining(["Image.status", "Instance.status"]));
  expect(enums.find((e) => e.at === "Image.status")?.values).toEqual([
    "available",
    "creating",
    "pending_upload",
  ]);
});

it("types every such output as an enum of the contract's values, not a plain string", () => {
  expect(own.length).toBeGreaterThanOrEqual(15);
  const wrong = own
    .filter(
      (e) =>
        !e.typed?.enum ||
        e.typed.enum
          .map((v) => String(v.value))
          .sort()
          .join() !== e.values.join(),
    )
    .map((e) => `${e.at}: ${e.typed?.enum ? "other values" : (e.typed?.type ?? "absent")}`);
  expect(wrong).toEqual([]);
});

it("leaves a string only the enums inside an object type an input shares", () => {
  const shared = enums.filter((e) => e.inInput);
  expect(shared.map((e) => `${e.at}: ${e.typed?.type}`)).toEqual([
    "InstanceConfig.interfaces[].purpose: string",
  ]);
});
