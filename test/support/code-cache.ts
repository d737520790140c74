/** What the code cache of one of the package's bundles (`src/bundle-code-cache.ts`) lists in a temp directory. */
import * as fs from "node:fs";
import * as path from "node:path";
import { CACHE_DIR_NAME, manifestFileOf } from "../../src/bundle-code-cache";

const DIST = path.resolve(__dirname, "../../dist");

/**
 * The keys the cache of `bundle` (under dist/, e.g. `provider/runtime.bundle.js`) lists in `tmpdir`,
 * once its cache and list are both there (a process writes them as its calls yield: this waits up
 * to 5 s for them); [] if they never come.
 */
export async function cachedKeys(tmpdir: string, bundle: string): Promise<string[]> {
  const file = path.join(DIST, bundle);
  const { sha256 } = JSON.parse(fs.readFileSync(manifestFileOf(file), "utf8")) as { sha256: string };
  const dir = path.join(tmpdir, CACHE_DIR_NAME);
  const mine = () => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.startsWith(sha256)) : []);
  for (const until = Date.now() + 5000; mine().length < 2 && Date.now() < until;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const list = mine().find((f) => f.endsWith(".json"));
  return list ? (JSON.parse(fs.readFileSync(path.join(dir, list), "utf8")) as string[]) : [];
}
