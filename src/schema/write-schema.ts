/** `npm run schema [FILE]`: writes the package schema (default `schema.json` at the repository root). */
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { SCHEMA_FILE, schemaText } from "./schema-file";

const file = process.argv[2] ?? SCHEMA_FILE;
writeFileSync(file, schemaText());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
