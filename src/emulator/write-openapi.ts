/** `npm run openapi [FILE]`: writes the emulated API's OpenAPI document (default dist/openapi.json). */
import * as fs from "node:fs";
import * as path from "node:path";
import { openApiDocument } from "./openapi";

const file = path.resolve(process.argv[2] ?? "dist/openapi.json");
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log(`OpenAPI document written to ${file}`);
