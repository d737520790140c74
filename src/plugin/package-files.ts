/**
 * The files the plugin serves besides its code (`schema.json`, and `package.json` for its version):
 * beside the code in the packed plugin (`npm run plugin`), at the repository's root when it runs
 * from `dist/plugin`.
 */
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";

export function packageFile(name: string): string {
  const beside = path.join(__dirname, name);
  return readFileSync(existsSync(beside) ? beside : path.resolve(__dirname, "../..", name), "utf8");
}

export const pluginVersion = (): string =>
  (JSON.parse(packageFile("package.json")) as { version: string }).version;
