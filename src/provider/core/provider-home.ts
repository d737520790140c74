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
      .map((name) => fs.promises.rm(path.join(dir, name), { force: true })),
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
  await fs.promises.writeFile(temp, text).catch(async () => {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(temp, text);
  });
  try {
    const { ino, size, mtimeMs } = await fs.promises.stat(temp);
    await fs.promises.rename(temp, file);
    return { ino, size, mtimeMs };
  } catch (err) {
    await fs.promises.rm(temp, { force: true });
    throw err;
  } finally {
    await sweep(path.dirname(file));
  }
}
