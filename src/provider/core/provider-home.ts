/**
 * The provider's files on the user's machine: the create journal (`create-journal.ts`), the objects
 * each stack's resources hold (`held-objects.ts`) and the lifecycles learned (`lifecycle-memory.ts`),
 * in `compute/` under the Pulumi home (`PULUMI_HOME`, default `~/.pulumi`), or in
 * `COMPUTE_JOURNAL_DIR`. Every file is written whole to a temporary file beside it, then renamed
 * over it; a temporary file a stopped process left (its PID no longer runs) is removed by the next
 * process that writes there.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { processMemory } from "./process-memory";

/** The user's home directory (`HOME` first, as Node's own lookup does on POSIX). */
const userHome = (): string => process.env.HOME || os.homedir();

/** Where the provider keeps its files. */
export function providerHome(): string {
  if (process.env.COMPUTE_JOURNAL_DIR) return process.env.COMPUTE_JOURNAL_DIR;
  return path.join(process.env.PULUMI_HOME || path.join(userHome(), ".pulumi"), "compute");
}

/** Where earlier versions of the provider kept the create journal (`~/.pulumi-compute/creates`):
 * read for an entry the home lacks (a run of such a version interrupted), removed with it; undefined
 * when `COMPUTE_JOURNAL_DIR` names the place. */
export function formerHome(): string | undefined {
  return process.env.COMPUTE_JOURNAL_DIR ? undefined : path.join(userHome(), ".pulumi-compute", "creates");
}

const TEMP = /\.(\d+)\.tmp$/;

// Node's callback functions, each as a promise: `fs.promises` makes a `FileHandle` per write and a
// promise per step, which cost about twice the JavaScript CPU (measured 2026-12-02: 1,800 small files
// written, renamed and removed, 0.19 to 0.30 user CPU-s against 0.07 to 0.19; the system calls are the
// same). A create writes and removes its journal entry: this is file work of every resource created.
const done =
  (resolve: () => void, reject: (err: unknown) => void) =>
  (err: NodeJS.ErrnoException | null): void =>
    err ? reject(err) : resolve();
const writeFile = (file: string, text: string) =>
  new Promise<void>((resolve, reject) => fs.writeFile(file, text, done(resolve, reject)));
const rename = (from: string, to: string) =>
  new Promise<void>((resolve, reject) => fs.rename(from, to, done(resolve, reject)));
const stat = (file: string) =>
  new Promise<fs.Stats>((resolve, reject) =>
    fs.stat(file, (err, stats) => (err ? reject(err) : resolve(stats))),
  );

/** Removes a file; one not there is no failure (`fs.rm` with `force`, without its look at the path). */
export const removeFile = (file: string): Promise<void> =>
  new Promise((resolve, reject) =>
    fs.unlink(file, (err) => (err && err.code !== "ENOENT" ? reject(err) : resolve())),
  );

/** Directories whose leftover temporary files this process removed. */
const swept = processMemory.set<string>("provider home: directories swept");

function running(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: a process of another user runs with that PID.
    return err instanceof Error && "code" in err && err.code === "EPERM";
  }
}

/** Removes the temporary files of writers that no longer run (once per directory and process). */
async function sweep(dir: string): Promise<void> {
  if (swept.has(dir)) return;
  swept.add(dir);
  const names = await fs.promises.readdir(dir).catch((): string[] => []);
  await Promise.all(
    names
      .filter((name) => {
        const pid = TEMP.exec(name)?.[1];
        return pid !== undefined && !running(Number(pid));
      })
      .map((name) => removeFile(path.join(dir, name))),
  );
}

/**
 * Writes `text` to `file` atomically (a reader sees the old file or the new one, never a part),
 * making its directory when missing. Resolves to the written file's identity (for a later look at
 * whether another process replaced it). Rejects when the file cannot be written.
 */
export async function writeAtomically(
  file: string,
  text: string,
): Promise<{ ino: number; size: number; mtimeMs: number }> {
  const temp = `${file}.${process.pid}.tmp`;
  // The directory is made when a write finds it missing (once, not once per write).
  await writeFile(temp, text).catch(async () => {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await writeFile(temp, text);
  });
  try {
    const { ino, size, mtimeMs } = await stat(temp);
    await rename(temp, file);
    return { ino, size, mtimeMs };
  } catch (err) {
    await removeFile(temp);
    throw err;
  } finally {
    await sweep(path.dirname(file));
  }
}
