import { readFileSync } from "node:fs";
import * as path from "node:path";
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

it("names the packages users install: the npm package's name, the Python SDK's, the Go module", () => {
  const pkg = JSON.parse(readFileSync(path.join(__dirname, "../../../package.json"), "utf8"));
  const pyproject = readFileSync(path.join(__dirname, "../../../sdk/python/pyproject.toml"), "utf8");
  const goMod = readFileSync(path.join(__dirname, "../../../sdk/go/go.mod"), "utf8");
  expect(schema.language.nodejs.packageName).toBe(pkg.name);
  expect(pyproject).toContain(`name = "${schema.language.python.packageName}"`);
  expect(goMod).toContain(`module ${schema.language.go.importBasePath.replace(/\/compute$/, "")}\n`);
  // The one minimum Pulumi version: the peer dependency's.
  expect(schema.language.python.requires).toEqual({
    pulumi: `>=${pkg.peerDependencies["@pulumi/pulumi"].slice(1)},<4.0.0`,
  });
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

it("ends each resource's description with the ID `pulumi import` takes, as the plugin parses it", () => {
  const subnet = schema.resources["compute:index:Subnet"].description as string;
  expect(subnet).toMatch(
    /\n## Import\n\nThe ID `pulumi import` takes for a Subnet: `vpcId\/subnetId`, the parents' IDs first\.\n\n```sh\n\$ pulumi import compute:index:Subnet name <vpcId>\/<subnetId>\n```\n/,
  );
  expect(schema.resources["compute:index:Tag"].description).toContain(
    "$ pulumi import compute:index:Tag name <label>",
  );
  for (const [token, resource] of Object.entries(
    schema.resources as Record<string, { description: string }>,
  )) {
    expect([token, resource.description.split("\n## Import\n").length]).toEqual([token, 2]);
  }
});

it("gives each child kind the state a `get` by its id takes: its parents' IDs, as strings", () => {
  const children = Object.entries(
    schema.resources as Record<string, { stateInputs?: { properties: object } }>,
  )
    .filter(([, resource]) => resource.stateInputs)
    .map(([token, resource]) => [token, Object.keys(resource.stateInputs!.properties)]);
  expect(Object.fromEntries(children)).toEqual({
    "compute:index:Subnet": ["vpcId"],
    "compute:index:Snapshot": ["computeId"],
    "compute:index:InstanceDisk": ["computeId"],
    "compute:index:InstanceConfig": ["computeId"],
    "compute:index:ConfigInterface": ["computeId", "configId"],
  });
  expect(schema.resources["compute:index:ConfigInterface"].stateInputs.properties.configId.type).toBe(
    "string",
  );
});

it("requires no output the API may leave null or out, at any depth", () => {
  expect(schema.types["compute:index:InstanceBackups"].required).not.toContain("lastSuccessful");
  expect(schema.types["compute:index:InstanceResultBackups"].required).not.toContain("lastSuccessful");
  expect(schema.functions["compute:index:getProfile"].outputs.required).not.toContain("verifiedPhoneNumber");
  expect(schema.functions["compute:index:getGrants"].outputs.required).not.toContain("global");
  expect(schema.resources["compute:index:Snapshot"].required).not.toContain("label");
  expect(schema.resources["compute:index:Vpc"].required).not.toContain("updated");
  // What is always there stays required.
  expect(schema.types["compute:index:InstanceBackups"].required).toContain("enabled");
  expect(schema.functions["compute:index:getProfile"].outputs.required).toContain("username");
});
