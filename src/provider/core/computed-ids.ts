/**
 * Computed outputs that hold another object's ID (a config interface's `vpcId`, a subnet's
 * `computes`, a config's `interfaceDetails[].subnetId`), named by a spec's `computedIds` as paths
 * (`[]` for a list's items). They follow the rule of ID inputs (`idFrom`): the package schema types
 * them `string`, as the `id` of the resource they name is, and the plugin sends them as strings.
 */
import type { JsonSchema } from "./input-schema";

/** The JSON Schema of the computed outputs at these paths, their IDs marked `x-id-reference`. */
export function computedIdSchema(paths: readonly string[] = []): JsonSchema {
  const root: JsonSchema = { type: "object", properties: {} };
  for (const path of paths) {
    let at = root;
    for (const step of path.split(".")) {
      const list = step.endsWith("[]");
      const name = list ? step.slice(0, -2) : step;
      at.properties ??= {};
      let field = (at.properties[name] ??= {});
      if (list) field = field.items ??= {};
      at = field;
    }
    at["x-id-reference"] = true;
  }
  return root;
}
