/**
 * A small JSON file beside the create journal that the provider process keeps between runs (the
 * lifecycles it learned, the objects its resources hold). Read whole, anything unreadable (another
 * version's, a torn write) as empty; rewritten one write at a time, merging what the file holds
 * then (another process may have written it), replaced atomically. A file that cannot be written
 * (read-only home, full disk) only costs the next run what it would have known.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type { z } from "zod";
import { journalDirectory } from "./create-journal";

export interface MemoryFile<T> {
  /** What the file holds now (synchronously: a small file, read once per process and API). */
  read(): T;
  /** Rewrites the file with `merge(what it holds then)`; merges asked during a write run together after it. */
  save(merge: (stored: T) => T): void;
}

export function memoryFile<T extends object>(
  name: string,
  schema: z.ZodType<T>,
  empty: () => T,
): MemoryFile<T> {
  const file = () => path.join(journalDirectory(), name);
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
  const write = async (merges: ((stored: T) => T)[]) => {
    const target = file();
    const stored = parse(await fs.promises.readFile(target, "utf8").catch(() => ""));
    const merged = merges.reduce((value, merge) => merge(value), stored);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    await fs.promises.writeFile(temp, JSON.stringify(merged));
    await fs.promises.rename(temp, target);
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
