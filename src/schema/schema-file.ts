/** The text of `schema.json`, as `npm run schema` writes it and the staleness test compares it. */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { functionFacts } from "./function-facts";
import { packageSchema } from "./package-schema";
import { specFacts } from "./spec-facts";

export const SCHEMA_FILE = path.resolve(__dirname, "../../schema.json");

export function schemaText(): string {
  const { version } = JSON.parse(readFileSync(path.resolve(__dirname, "../../package.json"), "utf8")) as {
    version: string;
  };
  const { functions, resultTypes } = functionFacts();
  const descriptions = Object.fromEntries(resultTypes.map((t) => [t.name, t.description]));
  return `${JSON.stringify(packageSchema(specFacts(), version, functions, descriptions), null, 2)}\n`;
}
