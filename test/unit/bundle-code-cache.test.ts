/**
 * A bundle loaded through a code cache taken after it ran (`src/bundle-code-cache.ts`): loaded as a
 * CommonJS module; the first run of a key the cache lacks writes the cache, which the next load
 * takes; a cache V8 rejects is compiled past and written anew; no cache where another user may write.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { execFileSync } from "node:child_process";
import {
  CACHE_DIR_NAME,
  cacheDir,
  cacheName,
  commonJsWrapper,
  loadBundle,
  manifestFileOf,
  UNUSED_FOR_MS,
} from "../../src/bundle-code-cache";

let dir: string;
let root: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bundle-code-cache-"));
  root = path.join(dir, "tmp");
  fs.mkdirSync(root);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes a bundle and its manifest as the build does; each test's source differs (V8 keeps compiled
 * scripts per process by source). */
function writeBundle(body: string): string {
  const file = path.join(dir, "x.bundle.js");
  const source = `// ${expect.getState().currentTestName}\n${body}`;
  fs.writeFileSync(file, source);
  const sha256 = createHash("sha256").update(source).digest("hex");
  fs.writeFileSync(manifestFileOf(file), JSON.stringify({ file: "x.bundle.js", sha256 }));
  return file;
}

const BODY = `
const path = require("node:path");
exports.where = () => path.basename(__dirname) + "/" + path.basename(__filename);
exports.twice = (n) => n * 2;
`;

const cacheFiles = () => {
  const cache = path.join(root, CACHE_DIR_NAME);
  return fs.existsSync(cache) ? fs.readdirSync(cache).sort() : [];
};
const keysWritten = () => {
  const list = cacheFiles().find((f) => f.endsWith(".json"));
  return list ? (JSON.parse(fs.readFileSync(path.join(root, CACHE_DIR_NAME, list), "utf8")) as string[]) : [];
};
/** Whether V8 takes the cache file for the bundle, in a fresh process (one that has not compiled it). */
function takenByFreshProcess(file: string, cacheFile: string): boolean {
  const wrapped = path.join(dir, "wrapped.js");
  fs.writeFileSync(wrapped, commonJsWrapper(fs.readFileSync(file, "utf8")));
  const check = `const vm = require("node:vm"), fs = require("node:fs");
const script = new vm.Script(fs.readFileSync(process.argv[1], "utf8"), { cachedData: fs.readFileSync(process.argv[2]) });
process.stdout.write(String(!script.cachedDataRejected));`;
  return execFileSync(process.execPath, ["-e", check, wrapped, cacheFile], { encoding: "utf8" }) === "true";
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

it("loads a bundle as Node loads a CommonJS module: exports, require, __dirname and __filename", () => {
  const file = writeBundle(BODY);
  const loaded = loadBundle<{ where: () => string; twice: (n: number) => number }>(file, root);
  expect(loaded.exports.twice(21)).toBe(42);
  expect(loaded.exports.where()).toBe(`${path.basename(dir)}/x.bundle.js`);
  expect(loaded.fromCache).toBe(false);
});

it("writes the cache once the first run of a key it lacks yields, and the next load takes it", async () => {
  const file = writeBundle(BODY);
  const sha256 = (JSON.parse(fs.readFileSync(manifestFileOf(file), "utf8")) as { sha256: string }).sha256;
  const first = loadBundle<{ twice: (n: number) => number }>(file, root);
  first.exports.twice(1);
  first.covered("Vpc.create");
  expect(cacheFiles()).toEqual([]); // not in the caller's turn: once its work yields
  await settle();
  const base = cacheName(sha256, fs.statSync(file));
  expect(base.startsWith(`${sha256}-${fs.statSync(file).size}-`)).toBe(true);
  expect(base).toContain(`-${process.version}-${process.arch}`);
  expect(cacheFiles()).toEqual([`${base}.bin`, `${base}.json`]);
  const bin = `${base}.bin`;
  expect(keysWritten()).toEqual(["Vpc.create"]);
  expect(takenByFreshProcess(file, path.join(root, CACHE_DIR_NAME, bin))).toBe(true);
  // (This process has the script compiled already: V8 answers its second load from memory.)

  const second = loadBundle<{ twice: (n: number) => number }>(file, root);
  expect(second.fromCache).toBe(true);
  expect(second.exports.twice(2)).toBe(4);
  const written = fs.statSync(path.join(root, CACHE_DIR_NAME, `${base}.bin`)).mtimeMs;
  second.covered("Vpc.create"); // covered already: nothing written
  await settle();
  expect(fs.statSync(path.join(root, CACHE_DIR_NAME, `${base}.bin`)).mtimeMs).toBe(written);
  second.covered("Vpc.delete");
  await settle();
  expect(keysWritten()).toEqual(["Vpc.create", "Vpc.delete"]);
});

it("compiles past a cache V8 rejects and writes it anew", async () => {
  const file = writeBundle(BODY);
  const sha256 = (JSON.parse(fs.readFileSync(manifestFileOf(file), "utf8")) as { sha256: string }).sha256;
  const bin = `${cacheName(sha256, fs.statSync(file))}.bin`;
  cacheDir(root);
  fs.writeFileSync(path.join(root, CACHE_DIR_NAME, bin), Buffer.alloc(4096, 7));
  fs.writeFileSync(path.join(root, CACHE_DIR_NAME, bin.replace(/bin$/, "json")), JSON.stringify(["a"]));
  const loaded = loadBundle<{ twice: (n: number) => number }>(file, root);
  expect(loaded.fromCache).toBe(false);
  expect(loaded.exports.twice(3)).toBe(6);
  loaded.covered("a"); // the list of a rejected cache does not count
  await settle();
  expect(takenByFreshProcess(file, path.join(root, CACHE_DIR_NAME, bin))).toBe(true);
});

it("keeps no cache in a directory others may write, nor when Node's cache is turned off", async () => {
  const shared = path.join(root, CACHE_DIR_NAME);
  fs.mkdirSync(shared, { mode: 0o777 });
  fs.chmodSync(shared, 0o777);
  expect(cacheDir(root)).toBeUndefined();
  const file = writeBundle(BODY);
  const loaded = loadBundle<{ twice: (n: number) => number }>(file, root);
  expect(loaded.exports.twice(4)).toBe(8);
  loaded.covered("a");
  await settle();
  expect(fs.readdirSync(shared)).toEqual([]);

  fs.chmodSync(shared, 0o700);
  expect(cacheDir(root)).toBe(shared);
  process.env.NODE_DISABLE_COMPILE_CACHE = "1";
  try {
    expect(cacheDir(root)).toBeUndefined();
  } finally {
    delete process.env.NODE_DISABLE_COMPILE_CACHE;
  }
});

it("names the cache by the bundle's content and the process's flags, so no other build or kind of process takes this one's", async () => {
  const file = writeBundle(BODY);
  loadBundle(file, root).covered("a");
  await settle();
  writeBundle(`${BODY}\nexports.more = 1;\n`);
  loadBundle(file, root).covered("a");
  await settle();
  expect(cacheFiles().filter((f) => f.endsWith(".bin"))).toHaveLength(2);
  const options = process.env.NODE_OPTIONS;
  process.env.NODE_OPTIONS = `${options ?? ""} --stack-size=2000`;
  try {
    loadBundle(file, root).covered("a");
    await settle();
  } finally {
    if (options === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = options;
  }
  expect(cacheFiles().filter((f) => f.endsWith(".bin"))).toHaveLength(3);
});

it("runs a bundle edited in place (same length, same manifest) from its source, not from the cache of the old one", async () => {
  const file = writeBundle(`${BODY}\nexports.answer = () => 41;\n`);
  const before = loadBundle<{ answer: () => number }>(file, root);
  expect(before.exports.answer()).toBe(41);
  before.covered("a");
  await settle();
  expect(cacheFiles().filter((f) => f.endsWith(".bin"))).toHaveLength(1);
  fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("=> 41;", "=> 42;"));
  const later = new Date(Date.now() + 5_000);
  fs.utimesSync(file, later, later);
  const after = loadBundle<{ answer: () => number }>(file, root);
  expect(after.fromCache).toBe(false);
  expect(after.exports.answer()).toBe(42);
});

it("removes, when it writes one, the caches no process has written for a week", async () => {
  const cache = cacheDir(root)!;
  const old = path.join(cache, "0000-v0-x64.bin");
  const recent = path.join(cache, "1111-v0-x64.bin");
  for (const file of [old, recent]) fs.writeFileSync(file, "x");
  const longAgo = (Date.now() - UNUSED_FOR_MS - 60_000) / 1000;
  fs.utimesSync(old, longAgo, longAgo);
  loadBundle(writeBundle(BODY), root).covered("a");
  await settle();
  expect(fs.existsSync(old)).toBe(false);
  expect(fs.existsSync(recent)).toBe(true);
  expect(cacheFiles().filter((f) => f.endsWith(".bin"))).toHaveLength(2);
});
