import { readFileSync } from "node:fs";
import { SCHEMA_FILE, schemaText } from "../../../src/schema/schema-file";

const text = schemaText();
const schema = JSON.parse(text);

it("schema.json is what `npm run schema` writes from the specs now", () => {
  // Stale: run `npm run schema` and commit schema.json.
  expect(readFileSync(SCHEMA_FILE, "utf8")).toBe(text);
});

it("names the package and every kind's token, and asks the SDKs for this plugin version", () => {
  expect(schema.name).toBe("compute");
  expect(Object.keys(schema.resources)).toContain("compute:index:Vpc");
  expect(Object.keys(schema.resources)).toHaveLength(14);
  for (const language of ["nodejs", "python", "go", "csharp"]) {
    expect(schema.language[language].respectSchemaVersion).toBe(true);
  }
});

it("says which inputs replace, which are secret and which are required", () => {
  const vpc = schema.resources["compute:index:Vpc"];
  expect(vpc.inputProperties.region.willReplaceOnChanges).toBe(true);
  expect(vpc.inputProperties.label.willReplaceOnChanges).toBeUndefined();
  expect(vpc.requiredInputs).toEqual(["region", "label"]);
  const instance = schema.resources["compute:index:Instance"];
  expect(instance.inputProperties.rootPass.secret).toBe(true);
  expect(schema.resources["compute:index:Token"].properties.token.secret).toBe(true);
  // Another resource's `id` is a string: a parent ID input takes one.
  expect(schema.resources["compute:index:Subnet"].inputProperties.vpcId.type).toBe("string");
});

it("declares the provider's settings as config variables, the token secret", () => {
  expect(Object.keys(schema.config.variables)).toEqual(
    expect.arrayContaining(["apiUrl", "token", "waitTimeoutSeconds", "createTimeoutSeconds"]),
  );
  expect(schema.config.variables.token.secret).toBe(true);
  expect(schema.provider.inputProperties).toEqual(schema.config.variables);
});

it("refers only to types it declares", () => {
  const refs = [...text.matchAll(/"\$ref": "#\/types\/([^"]+)"/g)].map((m) => m[1]);
  expect(refs.length).toBeGreaterThan(0);
  for (const ref of refs) expect(Object.keys(schema.types)).toContain(ref);
});

it("declares every data function as an invoke, with its arguments and its result's types", () => {
  expect(Object.keys(schema.functions)).toEqual(
    expect.arrayContaining(["compute:index:getVpc", "compute:index:getVpcs"]),
  );
  const getVpc = schema.functions["compute:index:getVpc"];
  expect(getVpc.description).toMatch(/One VPC by ID/);
  // An ID argument takes another resource's `id`: a string.
  expect(getVpc.inputs.properties.id.type).toBe("string");
  expect(getVpc.inputs.required).toEqual(["id"]);
  expect(getVpc.outputs.properties.subnets.items.$ref).toBe("#/types/compute:index:SubnetResult");
  expect(schema.functions["compute:index:getVpcs"].outputs.properties.vpcs.items.$ref).toBe(
    "#/types/compute:index:VpcResult",
  );
  expect(Object.keys(schema.functions).some((token) => token.endsWith("Output"))).toBe(false);
});

it("describes every resource, function and object type, so that each SDK's docstrings say what it is", () => {
  const undescribed = [
    ...Object.entries(schema.resources as Record<string, { description?: string }>),
    ...Object.entries(schema.functions as Record<string, { description?: string }>),
    ...Object.entries(schema.types as Record<string, { description?: string }>),
  ]
    .filter(([, spec]) => !spec.description?.trim())
    .map(([token]) => token);
  // An object type takes its interface's TSDoc, else the TSDoc of the property that holds it.
  expect(undescribed).toEqual([]);
});
