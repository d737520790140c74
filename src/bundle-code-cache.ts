/**
 * Loads one of the package's bundles (one file esbuild writes at build time, beside a manifest that
 * holds its SHA-256, `manifestFileOf`: `scripts/bundles.ts`) through a V8 code cache taken after
 * the bundle has run. Node's own compile cache (`compile-cache.ts`) holds only what V8 compiles when
 * a file loads: every function that runs later, nearly all of them, is compiled again in each
 * process. A cache taken from `vm.Script#createCachedData()` once the code has run holds those
 * functions too, so a later process starts with them compiled.
 *
 * The cache lives in `<os tmpdir>/pulumi-compute-code-cache` (made private to the user; a directory
 * another user owns or may write turns caching off), one file per bundle content (the manifest's
 * SHA-256, and the bundle file's size and time: one edited in place gets its own), Node version and
 * flags; `NODE_DISABLE_COMPILE_CACHE` turns it off, as it turns off Node's. A process writes the
 * cache when it has done something the cache did not cover (`covered(key)`, the caller's names for
 * what it ran: the provider runtime's kind, method and case), as soon as that work yields: the
 * engine stops a provider process as soon as its last answer is in, so a later write might never
 * happen. Writing takes a few milliseconds (about 4 ms for 0.5 MB), once per new key, so only in a
 * build's first runs. It is written whole then renamed, so that a process stopped at any moment
 * leaves no half file. V8 rejects a cache of another V8 or other flags (`cachedDataRejected`); the
 * bundle is then compiled as usual and the cache written anew.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as vm from "node:vm";
import { createRequire } from "node:module";

/** What the build writes beside a bundle. */
export interface BundleManifest {
  /** The bundle's file name, in the manifest's directory. */
  file: string;
  /** Its content's SHA-256, hex: the cache's name (V8 itself checks only the source's length). */
  sha256: string;
}

export interface LoadedBundle<T> {
  exports: T;
  /** Notes that the process ran `key`; the first time a key the cache lacks is run, the cache is
   * written once the current work yields (with all the process compiled by then). */
  covered(key: string): void;
  /** Whether V8 took the cache at load. */
  readonly fromCache: boolean;
}

export const CACHE_DIR_NAME = "pulumi-compute-code-cache";

/** Where a loaded bundle finds its loader's `covered` (the bundle holds a copy of this module). */
const COVERED = Symbol.for("pulumi-compute: the code cache's covered()");

/** For code inside a bundle: `covered(key)` of the loader that loaded it; nothing outside a bundle. */
export function noteCovered(key: string): void {
  (globalThis as { [COVERED]?: (key: string) => void })[COVERED]?.(key);
}

/** The private cache directory, or undefined: caching off, or no directory this user alone can write. */
export function cacheDir(root = os.tmpdir()): string | undefined {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  const dir = path.join(root, CACHE_DIR_NAME);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = fs.lstatSync(dir);
    const uid = process.getuid?.();
    if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) {
      return undefined;
    }
    return dir;
  } catch {
    return undefined;
  }
}

function readOrUndefined(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** A cache no process has written for this long is removed when another is written: each build or
 * release of a bundle leaves its own, and one in use is written again within a week. */
export const UNUSED_FOR_MS = 7 * 24 * 3600 * 1000;

/** Removes the caches (and left-over partial files) of `dir` not written for `UNUSED_FOR_MS`. */
function pruneOld(dir: string): void {
  const before = Date.now() - UNUSED_FOR_MS;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    try {
      if (fs.statSync(file).mtimeMs < before) fs.rmSync(file, { force: true });
    } catch {
      // Another process removed it first.
    }
  }
}

/** Writes `data` to `file` through a file of this process's own, renamed over it. */
function writeWhole(file: string, data: string | Uint8Array): void {
  const partial = `${file}.${process.pid}.partial`;
  try {
    fs.writeFileSync(partial, data, { mode: 0o600 });
    fs.renameSync(partial, file);
  } catch {
    // A cache that cannot be written only costs the time it would have saved.
    fs.rmSync(partial, { force: true });
  }
}

/** The source as Node wraps a CommonJS module's: a function of the module's variables. */
export const commonJsWrapper = (source: string): string =>
  `(function (exports, require, module, __filename, __dirname) {${source}\n})`;

/** Processes started with other Node or V8 flags (a test runner's, `--cpu-prof`) get a cache of their
 * own: V8 rejects a cache made under other flags, and two kinds of process would each write it over. */
function flagsTag(): string {
  const flags = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].join(" ").trim();
  return flags ? `-${createHash("sha256").update(flags).digest("hex").slice(0, 12)}` : "";
}

/** What tells the bundle file that loads apart from the one its manifest was written for: V8 checks
 * only a cache's source length, so a bundle edited in place would run the cache's old code. */
export interface BundleFileStat {
  size: number;
  mtimeMs: number;
}

/** The name of a bundle's cache files (`.bin`, `.json`) in this process: by the bundle's SHA-256
 * (the manifest's), and its file's size and time (a bundle changed since the manifest gets a cache
 * of its own). */
export const cacheName = (sha256: string, file: BundleFileStat): string =>
  `${sha256}-${file.size}-${Math.trunc(file.mtimeMs)}-${process.version}-${process.arch}${flagsTag()}`;

/** The manifest the build writes beside a bundle (`x.bundle.js`: `x.bundle.json`). */
export const manifestFileOf = (bundleFile: string): string => bundleFile.replace(/\.js$/, ".json");

/** Loads a bundle as Node loads a CommonJS module, through the code cache (`root`: where its
 * directory is made, the OS temp directory unless given). */
export function loadBundle<T>(bundleFile: string, root?: string): LoadedBundle<T> {
  const manifest = JSON.parse(fs.readFileSync(manifestFileOf(bundleFile), "utf8")) as BundleManifest;
  const file = path.join(path.dirname(bundleFile), manifest.file);
  const source = fs.readFileSync(file, "utf8");
  const dir = cacheDir(root);
  const base = dir && path.join(dir, cacheName(manifest.sha256, fs.statSync(file)));
  const cachedData = base ? readOrUndefined(`${base}.bin`) : undefined;
  const script = new vm.Script(commonJsWrapper(source), { filename: file, cachedData });
  const fromCache = cachedData !== undefined && !script.cachedDataRejected;
  const keys = new Set<string>();
  if (fromCache) {
    try {
      for (const key of JSON.parse(fs.readFileSync(`${base}.json`, "utf8")) as string[]) keys.add(key);
    } catch {
      // No list: every key is new, and the cache is written again once.
    }
  }
  let pending: NodeJS.Immediate | undefined;
  const save = () => {
    pending = undefined;
    writeWhole(`${base}.bin`, script.createCachedData());
    writeWhole(`${base}.json`, JSON.stringify([...keys]));
    try {
      pruneOld(path.dirname(base!));
    } catch {
      // As for the cache: only space.
    }
  };
  const covered = (key: string) => {
    if (!base || keys.has(key)) return;
    keys.add(key);
    pending ??= setImmediate(save).unref();
  };
  (globalThis as { [COVERED]?: (key: string) => void })[COVERED] = covered;

  const module = { exports: {} as T };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  return { exports: module.exports, fromCache, covered };
}
