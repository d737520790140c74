/**
 * The user-defined fields a StackScript declares in its script, one `<UDF .../>` tag each:
 * `# <UDF name="db_user" label="Database user" example="admin" default="app" oneof="a,b" manyof="c,d"/>`.
 * Attribute names are case-insensitive and values may use single or double quotes; a tag without a
 * `name` declares nothing; `label` defaults to the name and `example` to "".
 */
import type { UserDefinedField } from "../contract";

const TAG = /<UDF\b([^>]*?)\/?>/gi;
const ATTRIBUTE = /([a-zA-Z_]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export function parseUdfs(script: string): UserDefinedField[] {
  const fields: UserDefinedField[] = [];
  for (const [, attributes] of script.matchAll(TAG)) {
    const values = new Map<string, string>();
    for (const [, key, double, single] of attributes!.matchAll(ATTRIBUTE)) {
      values.set(key!.toLowerCase(), double ?? single ?? "");
    }
    const name = values.get("name");
    if (!name) continue;
    const field: UserDefinedField = {
      name,
      label: values.get("label") ?? name,
      example: values.get("example") ?? "",
    };
    if (values.has("default")) field.default = values.get("default");
    if (values.has("oneof")) field.oneOf = values.get("oneof");
    if (values.has("manyof")) field.manyOf = values.get("manyof");
    fields.push(field);
  }
  return fields;
}
