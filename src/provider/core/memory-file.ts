/**
 * A small JSON file in the provider's home (`provider-home.ts`) that the provider process keeps
 * between runs (the lifecycles it learned, the objects a stack's resources hold). Read whole,
 * anything unreadable (another version's) as empty; rewritten one write at a time, merging what the
 * file holds then (another process may have written it), replaced atomically; removed when it would
 * hold nothing. A file that cannot be written (read-only home, full disk) only costs the next run
 * what it would have known.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { z } from "zod";
import { providerHome, removeFile, writeAtomically } from "./provider-home";

export interface MemoryFile<T> {
  /** What the file holds now (synchronously: a small file, read once per process and API). */
  read(): T;
  /** Rewrites the file with `merge(what it holds then)`; merges asked during a write run together after it. */
  save(merge: (stored: T) => T): void;
}

/** `name` is the file's path in the provider's home (`lifecycles.json`, `held/<name>.json`). */
export function memoryFile<T extends object>(
  name: string,
  schema: z.ZodType<T>,
  empty: () => T,
): MemoryFile<T> {
  const file = () => path.join(providerHome(), name);
  const parse = (text: string): T => {
    try {
      const parsed = schema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : empty();
    } catch {
      return empty();
    }
  };
  let writing: Promise<void> | undefined;
  let queued: ((stored: T) => T)[] = [];
  /** What this process wrote last, while the file is still that write (same inode, size and time):
   * the next write merges into it without reading and parsing the file again. */
  let last: { target: string; ino: number; size: number; mtimeMs: number; value: T } | undefined;
  const stored = async (target: string): Promise<T> => {
    if (last?.target === target) {
      const now = await fs.promises.stat(target).catch(() => undefined);
      if (now && now.ino === last.ino && now.size === last.size && now.mtimeMs === last.mtimeMs)
        return last.value;
    }
    return parse(await fs.promises.readFile(target, "utf8").catch(() => ""));
  };
  const write = async (merges: ((stored: T) => T)[]) => {
    const target = file();
    const before: T = await stored(target);
    const merged = merges.reduce<T>((value, merge) => merge(value), before);
    last = undefined;
    const text = JSON.stringify(merged);
    if (text === JSON.stringify(empty())) {
      await removeFile(target);
      return;
    }
    last = { target, ...(await writeAtomically(target, text)), value: merged };
  };
  return {
    read() {
      try {
        return parse(fs.readFileSync(file(), "utf8"));
      } catch {
        return empty();
      }
    },
    save(merge) {
      queued.push(merge);
      if (writing) return;
      writing = (async () => {
        // The saves made in the same turn of the event loop are written as one; no longer wait: the
        // engine stops the process soon after its last operation, and what is not written is lost.
        await new Promise((resolve) => setImmediate(resolve));
        while (queued.length > 0) {
          const merges = queued;
          queued = [];
          await write(merges).catch(() => undefined);
        }
        writing = undefined;
      })();
    },
  };
}
