/**
 * Imported first by the package's entry points (the program's `pulumi-compute` and the provider
 * process's runtime): Node's on-disk compile cache (`module.enableCompileCache`, Node >= 22.1) for
 * every module loaded after it, so each `pulumi` command's program and provider processes do not
 * compile the package, zod and axios again. The cache lives in `NODE_COMPILE_CACHE` if set, else in
 * the OS temp directory; a cache that cannot be written leaves Node compiling as usual. The
 * provider process is stopped by the engine without Node's exit hooks, so the caller flushes once
 * its modules are loaded (`flushCompileCache`).
 */
import * as nodeModule from "node:module";

// Optional calls: a Node older than the package's `engines` lacks them.
const api: Partial<typeof nodeModule> = nodeModule;

try {
  api.enableCompileCache?.();
} catch {
  // An unusable cache directory only costs the time it would have saved.
}

/** Writes what was compiled so far to the cache (a no-op where Node lacks the call). */
export function flushCompileCache(): void {
  try {
    api.flushCompileCache?.();
  } catch {
    // As above.
  }
}
