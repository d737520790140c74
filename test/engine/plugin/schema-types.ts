/**
 * Where a stack's outputs differ from the types the package schema gives them (what a typed SDK
 * reads): `Subnet vpcId: number, the schema says string`, a value an enum type does not hold. Secret values (encrypted in the state)
 * and outputs the schema does not declare (the provider's own, `__declaredInputs`) are not checked.
 */
import { schemaText } from "../../../src/schema/schema-file";

interface PropertySpec {
  type?: string;
  $ref?: string;
  enum?: { value: unknown }[];
  items?: PropertySpec;
  additionalProperties?: PropertySpec;
  properties?: Record<string, PropertySpec>;
}

const SECRET_SIG = "4dabf18193072939515e22adb298388d";

export function schemaMismatches(resources: { type: string; outputs?: Record<string, unknown> }[]): string[] {
  const schema = JSON.parse(schemaText()) as {
    resources: Record<string, { properties: Record<string, PropertySpec> }>;
    types: Record<string, PropertySpec>;
  };
  const found: string[] = [];
  const check = (value: unknown, spec: PropertySpec, at: string): void => {
    if (value === null || value === undefined) return;
    if (typeof value === "object" && SECRET_SIG in value) return;
    if (spec.$ref?.startsWith("#/types/")) {
      return check(value, schema.types[spec.$ref.slice("#/types/".length)]!, at);
    }
    if (spec.$ref) return; // pulumi.json#/Any
    const wrong = (what: string): void => {
      found.push(`${at}: ${JSON.stringify(value)}, the schema says ${what}`);
    };
    switch (spec.type) {
      case "string":
        if (typeof value !== "string") wrong("string");
        else if (spec.enum && !spec.enum.some((e) => e.value === value))
          wrong(`one of ${spec.enum.map((e) => String(e.value)).join(", ")}`);
        return;
      case "integer":
        if (!Number.isInteger(value)) wrong("integer");
        return;
      case "number":
        if (typeof value !== "number") wrong("number");
        return;
      case "boolean":
        if (typeof value !== "boolean") wrong("boolean");
        return;
      case "array":
        if (!Array.isArray(value)) return wrong("array");
        return value.forEach((item, i) => check(item, spec.items!, `${at}[${i}]`));
      case "object": {
        if (typeof value !== "object" || Array.isArray(value)) return wrong("object");
        for (const [key, inner] of Object.entries(value)) {
          const field = spec.properties?.[key] ?? spec.additionalProperties;
          if (field) check(inner, field, `${at}.${key}`);
        }
      }
    }
  };
  for (const r of resources) {
    const declared = schema.resources[r.type]?.properties;
    if (!declared) continue;
    const kind = r.type.split(":").pop()!;
    for (const [name, value] of Object.entries(r.outputs ?? {})) {
      if (declared[name]) check(value, declared[name]!, `${kind} ${name}`);
    }
  }
  return found;
}
