/** The text of `schema.json`, as `npm run schema` writes it and the staleness test compares it. */
import * as path from "node:path";
import { functionFacts } from "./function-facts";
import { packageSchema, type PackageBuild } from "./package-schema";
import { specFacts } from "./spec-facts";
import { minimumPulumiVersion, PACKAGE_ROOT, packageName, packageVersion } from "../package-root";

export const SCHEMA_FILE = path.join(PACKAGE_ROOT, "schema.json");

/** The schema of this build: package.json's name, version and minimum Pulumi version, the plugin
 * released where `build` says (default: the repository's releases). */
export function schemaText(build: Pick<PackageBuild, "pluginDownloadURL"> = {}): string {
  const { functions, resultTypes } = functionFacts();
  const descriptions = Object.fromEntries(resultTypes.map((t) => [t.name, t.description]));
  const schema = packageSchema(
    specFacts(),
    { ...build, npmPackage: packageName(), version: packageVersion(), minimumPulumi: minimumPulumiVersion() },
    functions,
    descriptions,
  );
  return `${JSON.stringify(schema, null, 2)}\n`;
}
