/**
 * The packed plugin's entry (`main.js` in the plugin's directory, `scripts/plugin/pack.ts`): checks
 * the Node it runs on, then loads the plugin's bundle (`plugin.js`, `main.ts` and all it loads)
 * through a code cache of what earlier launches compiled (`bundle-code-cache.ts`). Each call the
 * service answers notes what it ran (`service.ts`), so a launch that runs something new writes the
 * cache again.
 */
import * as path from "node:path";
import { loadBundle } from "../bundle-code-cache";

const [major] = process.versions.node.split(".").map(Number);
if (major! < 22) {
  console.error(`pulumi-resource-compute needs Node >= 22 first on PATH, not ${process.version}`);
  process.exit(1);
}
loadBundle(path.join(__dirname, "plugin.js"));
