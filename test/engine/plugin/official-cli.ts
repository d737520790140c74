/**
 * A stand-in for an official Pulumi CLI installation (`~/.pulumi/bin`, writable by its user): a
 * temporary directory holding its own copies of the CLI the tests run and of the language hosts and
 * bundled plugin an official installation ships beside it; the shell environment of a user who has it
 * first on PATH; and a fingerprint of a directory tree, to show that nothing was written into it.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";

const ROOT = path.resolve(__dirname, "../../..");

/** What an official installation holds beside `pulumi` that the engine runs. */
const SHIPPED = [
  "pulumi",
  "pulumi-language-nodejs",
  "pulumi-resource-pulumi-nodejs",
  "pulumi-language-yaml",
  "pulumi-language-python",
  "pulumi-language-python-exec",
  "pulumi-language-go",
];
/** What the Python host this repository builds runs beside itself (tools/language-python). */
const BUILT_ONLY = ["pulumi-language-python-host"];

/** The directories of PATH holding an executable `name`. */
const onPath = (name: string, PATH = process.env.PATH ?? "") =>
  PATH.split(path.delimiter).filter((dir) => {
    try {
      fs.accessSync(path.join(dir, name), fs.constants.X_OK);
      return dir !== "";
    } catch {
      return false;
    }
  });

/**
 * Makes `<dir>/bin`, a CLI installation of its own: each of `SHIPPED`, found beside the CLI on PATH
 * (or where the language hosts beside it resolve), hard-linked in or else copied, so that the engine
 * and the hosts find each other there as in an official installation (beside their own executable).
 * Returns the directory.
 */
export function standInCli(dir: string): string {
  const cli = onPath("pulumi")[0];
  if (!cli) throw new Error("no pulumi on PATH: run the tests with `scripts/run --with-languages`");
  const beside = [cli, ...new Set([...fs.readdirSync(cli)].map((f) => path.dirname(realFile(cli, f))))];
  const bin = path.join(dir, "bin");
  fs.mkdirSync(bin, { recursive: true });
  for (const name of [...SHIPPED, ...BUILT_ONLY]) {
    const from = beside.map((d) => path.join(d, name)).find((f) => fs.existsSync(f));
    if (!from && BUILT_ONLY.includes(name)) continue;
    if (!from) throw new Error(`no ${name} beside ${cli}: run \`scripts/setup --all-languages\``);
    const source = fs.realpathSync(from);
    try {
      fs.linkSync(source, path.join(bin, name));
    } catch {
      fs.copyFileSync(source, path.join(bin, name));
    }
  }
  return bin;
}

const realFile = (dir: string, name: string) => {
  try {
    return fs.realpathSync(path.join(dir, name));
  } catch {
    return path.join(dir, name);
  }
};

/**
 * Every entry under `dir`, by relative path: its kind and mode, and its content's SHA-256 (a file) or
 * its target (a link). Equal fingerprints: nothing was added, removed, replaced or written.
 */
export function treeFingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const name of fs.readdirSync(path.join(dir, rel)).sort()) {
      const entry = path.join(rel, name);
      const full = path.join(dir, entry);
      const stat = fs.lstatSync(full);
      const mode = (stat.mode & 0o7777).toString(8);
      if (stat.isSymbolicLink()) out[entry] = `link ${mode} -> ${fs.readlinkSync(full)}`;
      else if (stat.isDirectory()) {
        out[entry] = `dir ${mode}`;
        walk(entry);
      } else out[entry] = `file ${mode} ${createHash("sha256").update(fs.readFileSync(full)).digest("hex")}`;
    }
  };
  walk("");
  return out;
}

/**
 * The environment of a user's shell with `bin` (standInCli) first on PATH: this process's, without
 * what this repository's scripts set (PULUMI_* and COMPUTE_* settings, its directories and other
 * `pulumi` installations on PATH), with `extra` added.
 */
export function userShellEnv(bin: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^(PULUMI_|COMPUTE_)/.test(key)) env[key] = value;
  const clis = new Set(onPath("pulumi"));
  const outside = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((d) => d && !clis.has(d) && path.relative(ROOT, path.resolve(d)).startsWith(".."));
  return { ...env, PATH: [bin, ...outside].join(path.delimiter), ...extra };
}

/** `env -0` of a bash session as a map, without the variables bash itself keeps per session. */
export function parseEnv(dump: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const entry of dump.split("\0")) {
    const at = entry.indexOf("=");
    if (at > 0) vars[entry.slice(0, at)] = entry.slice(at + 1);
  }
  for (const own of ["_", "PWD", "OLDPWD", "SHLVL"]) delete vars[own];
  return vars;
}

/** Runs `script` in bash (`-e`) with `env`, in `cwd`: its stdout, or an error holding both streams.
 * Asynchronous: an emulator serving the script may run in this process. */
export async function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  try {
    return (
      await promisify(execFile)("bash", ["-ec", script], {
        cwd,
        env,
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      })
    ).stdout;
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: string; stderr?: string };
    throw new Error(`bash failed:\n${script}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`, { cause: err });
  }
}
