/**
 * How the schema reads types from the zod inputs and the contract's records: ID references (`idFrom`,
 * at any depth), schemas that check with another (`withPaths`), named object types, descriptions
 * from the classes, and a data function's types from its schema with its interface's names and TSDoc.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as ts from "typescript";
import { z } from "zod";
import { idFrom } from "../../../src/contract/fields";
import { checkedAs, inputJsonSchema, outputJsonSchema } from "../../../src/provider/core/input-schema";
import { instanceConfigSpec } from "../../../src/provider/instance/instance-config";
import { idOutput } from "../../../src/contract/fields";
import { InstanceType } from "../../../src/contract/types";
import {
  asWritten,
  fromJsonSchema,
  nullableNotRequired,
  withDescriptions,
  type FieldType,
} from "../../../src/schema/field-type";
import { fieldTypeOf, readingProgram } from "../../../src/schema/class-docs";
import { schemaText } from "../../../src/schema/schema-file";
import { specFacts } from "../../../src/schema/spec-facts";

const schema = JSON.parse(schemaText());
const resource = (kind: string) => schema.resources[`compute:index:${kind}`];

it("marks every idFrom field of an input's JSON Schema, however deep or nullable", () => {
  const json = inputJsonSchema(
    z.object({
      a: idFrom("a"),
      b: z.array(z.object({ c: idFrom("c").nullable().optional() })),
      n: z.number(),
    }),
  );
  expect(json.properties!.a).toMatchObject({ type: "integer", "x-id-reference": true });
  expect(json.properties!.b!.items!.properties!.c!.anyOf![0]).toMatchObject({ "x-id-reference": true });
  expect(json.properties!.n!["x-id-reference"]).toBeUndefined();
  expect(fromJsonSchema(json.properties!.a!)).toEqual({ type: "integer", idReference: true });
  expect(fromJsonSchema(json.properties!.n!)).toEqual({ type: "number" });
});

it("writes a schema that checks its value with another as the schema it checks with", () => {
  const inner = z.array(z.object({ purpose: z.enum(["public", "vpc"]) }).meta({ title: "Iface" }));
  const wrapped = z
    .unknown()
    .transform((v) => v)
    .register(checkedAs, { input: () => inner });
  expect(inputJsonSchema(z.object({ plain: z.unknown().transform((v) => v) })).properties!.plain).toEqual({});
  const type = fromJsonSchema(inputJsonSchema(z.object({ list: wrapped })).properties!.list!);
  expect(type).toEqual({
    type: "array",
    items: {
      type: "object",
      name: "Iface",
      properties: { purpose: { type: "string", enum: ["public", "vpc"] } },
      required: ["purpose"],
    },
  });
  // The spec's own: InstanceConfig's interfaces are a list of objects, no longer any value.
  const interfaces = inputJsonSchema(instanceConfigSpec.inputs).properties!.interfaces!;
  expect(interfaces.items!.properties!.subnetId).toMatchObject({ "x-id-reference": true });
});

it("describes nested properties from the class's type of the same shape, keeping its own", () => {
  const read: FieldType = {
    type: "array",
    items: {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "boolean", description: "own" } },
      required: [],
    },
  };
  const declared: FieldType = {
    type: "array",
    items: {
      type: "object",
      properties: {
        a: { type: "string", description: "from TSDoc" },
        b: { type: "boolean", description: "x" },
      },
      required: [],
    },
  };
  expect(withDescriptions(read, declared)).toEqual({
    type: "array",
    items: {
      type: "object",
      properties: {
        a: { type: "string", description: "from TSDoc" },
        b: { type: "boolean", description: "own" },
      },
      required: [],
    },
  });
  expect(withDescriptions(read, undefined)).toBe(read);
});

it("types the interfaces of an Instance and an InstanceConfig as one object type, subnetId a string", () => {
  const ref = { type: "array", items: { $ref: "#/types/compute:index:InstanceConfigInterface" } };
  expect(resource("InstanceConfig").inputProperties.interfaces).toMatchObject(ref);
  expect(resource("InstanceConfig").properties.interfaces).toMatchObject(ref);
  expect(resource("Instance").inputProperties.interfaces).toMatchObject(ref);
  const type = schema.types["compute:index:InstanceConfigInterface"];
  expect(type.required).toEqual(["purpose"]);
  expect(type.properties.subnetId).toMatchObject({
    type: "string",
    description: expect.stringMatching(/subnet/),
  });
  expect(type.properties.ipv4.$ref).toBe("#/types/compute:index:InstanceConfigInterfaceIpv4");
  expect(schema.types["compute:index:InstanceConfigDevices"].properties.sda.type).toBe("string");
});

it("leaves Any only where the contract takes any JSON value: StackScript data and preferences", () => {
  const found: string[] = [];
  const walk = (value: unknown, at: string): void => {
    if (typeof value !== "object" || value === null) return;
    if ((value as { $ref?: string }).$ref === "pulumi.json#/Any") found.push(at);
    for (const [key, inner] of Object.entries(value)) walk(inner, `${at}/${key}`);
  };
  walk(schema, "");
  expect(found.sort()).toEqual([
    "/resources/compute:index:InstanceDisk/inputProperties/stackscriptData/additionalProperties",
    "/resources/compute:index:InstanceDisk/properties/stackscriptData/additionalProperties",
    "/resources/compute:index:ProfilePreferences/inputProperties/preferences/additionalProperties",
    "/resources/compute:index:ProfilePreferences/properties/preferences/additionalProperties",
  ]);
});

it("types a data function's result as its schema declares it, named, ordered and described as its interface writes it", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compute-fields-"));
  try {
    const file = path.join(dir, "thing.ts");
    fs.writeFileSync(
      file,
      [
        'type Shade = "light" | "dark";',
        "export interface ThingResult {",
        "  /** The thing. */",
        "  id: number;",
        "  shade: Shade | null;",
        "  price: { monthly: number; hourly: number };",
        "  sizes: number[];",
        "}",
      ].join("\n"),
    );
    const program = readingProgram([file]);
    const checker = program.getTypeChecker();
    const declaration = program.getSourceFile(file)!.statements.find(ts.isInterfaceDeclaration)!;
    const written = fieldTypeOf(checker.getTypeAtLocation(declaration), checker, 0, undefined, true);
    const declared = (shape: z.ZodRawShape) =>
      nullableNotRequired(fromJsonSchema(outputJsonSchema(z.object(shape))));
    const schema = {
      sizes: z.array(InstanceType.shape.memory),
      price: InstanceType.shape.price,
      shade: z.enum(["light", "dark"]).nullable(),
      id: idOutput(),
    };
    const type = asWritten(declared(schema), written, "getThing()");
    expect(type).toEqual({
      type: "object",
      name: "ThingResult",
      properties: {
        id: { type: "integer", idReference: true, description: "The thing." },
        shade: { type: "string", enum: ["light", "dark"], name: "Shade", nullable: true },
        price: {
          type: "object",
          properties: { monthly: { type: "number" }, hourly: { type: "number" } },
          required: ["monthly", "hourly"],
        },
        sizes: { type: "array", items: { type: "integer" } },
      },
      required: ["id", "price", "sizes"],
    });
    // A property on one side only stops generation, naming it.
    const { id: _id, ...withoutId } = schema;
    expect(() => asWritten(declared({ ...withoutId, extra: z.string() }), written, "getThing()")).toThrow(
      "getThing(): extra not in its interface, id not in its schema",
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it("types the data functions' integers as the contract does, its decimals as numbers, its IDs as strings", () => {
  // IDs as a resource's id is: the `idOutput()`s of the functions' schemas, and their arrays.
  const subnet = schema.functions["compute:index:getSubnet"].outputs.properties;
  expect([subnet.id.type, subnet.instanceIds.items.type]).toEqual(["string", "string"]);
  expect(schema.functions["compute:index:getVpc"].outputs.properties.id.type).toBe("string");
  expect(schema.types["compute:index:SubnetResult"].properties.id.type).toBe("string");
  // Not an ID field: the profile's user number.
  expect(schema.functions["compute:index:getProfile"].outputs.properties.uid.type).toBe("integer");
  expect(schema.functions["compute:index:getInstanceType"].outputs.properties.memory.type).toBe("integer");
  expect(schema.types["compute:index:PriceResult"].properties.hourly.type).toBe("number");
  expect(schema.types["compute:index:ProfileResultReferrals"].properties).toMatchObject({
    total: { type: "integer" },
    credit: { type: "number" },
  });
  expect(schema.types["compute:index:EntityGrantResult"].properties.id.type).toBe("string");
  // The contract's alerts record says int, as the requests do.
  expect(schema.types["compute:index:InstanceResultAlerts"].properties.cpu.type).toBe("integer");
  // An argument compared with a record's int field.
  expect(schema.functions["compute:index:getInstanceTypes"].inputs.properties.minMemory.type).toBe("integer");
});

it("takes an input's ID-ness from its zod input (`idFrom`): an ID, or a list, map or object of IDs only", () => {
  const ids = specFacts().flatMap((k) =>
    k.inputs.filter((i) => i.idReference).map((i) => `${k.kind}.${i.name}`),
  );
  expect(ids).toEqual(
    expect.arrayContaining(["Subnet.vpcId", "Image.diskId", "Tag.instances", "InstanceConfig.devices"]),
  );
  // An interface holds its subnet's ID among other fields, typed by its own object type.
  expect(ids.filter((id) => id.endsWith(".interfaces"))).toEqual([]);
});
