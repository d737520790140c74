/**
 * The resource pages name each object input's type in the Python and Go SDKs
 * (`compute.InstanceConfigDevicesArgs`); each named type is one the committed SDKs define.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { sdkTypeNames } from "../../../scripts/docs/kind-page";
import { SPECS } from "../../../src/provider/specs";
import { stemOf } from "../../../src/schema/stem";

const ROOT = path.resolve(__dirname, "../../..");
const read = (...parts: string[]) => fs.readFileSync(path.join(ROOT, ...parts), "utf8");
const schema = JSON.parse(read("schema.json")) as {
  resources: Record<string, { inputProperties: Record<string, unknown> }>;
};

const named = SPECS.flatMap((spec) =>
  Object.keys(schema.resources[`compute:index:${spec.kind}`]!.inputProperties).flatMap((input) => {
    const names = sdkTypeNames(spec.kind, input);
    return names ? [[spec.kind, input, names] as const] : [];
  }),
);

test("object inputs are found (devices, interfaces, metadata, ...)", () => {
  expect(named.map(([kind, input]) => `${kind}.${input}`)).toEqual(
    expect.arrayContaining(["InstanceConfig.devices", "InstanceConfig.interfaces", "Instance.metadata"]),
  );
});

test.each(named)("%s.%s: the SDKs define the types its page names", (kind, input, names) => {
  expect(read("sdk/python/pulumi_compute/_inputs.py")).toContain(`\nclass ${names.python}:`);
  expect(read("sdk/go/compute/pulumiTypes.go")).toMatch(new RegExp(`\\ntype ${names.go} (struct|\\[\\])`));
  expect(read("docs/resources", `${stemOf(kind)}.md`)).toContain(`compute.${names.go}`);
});
