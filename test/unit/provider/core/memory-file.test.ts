/**
 * A memory file (held objects, lifecycles): saves made in one turn are written as one; a write merges
 * into what the file holds then, read again whenever another process replaced or rewrote it since
 * this process's own last write, and made in a directory that does not exist yet.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { z } from "zod";
import { memoryFile } from "../../../../src/provider/core/memory-file";
import { useJournalDir } from "../../../support/journal";

const journal = useJournalDir();
const Counts = z.record(z.string(), z.number());
const NAME = "counts.json";
const target = () => path.join(journal.dir, NAME);
const stored = () => JSON.parse(fs.readFileSync(target(), "utf8")) as Record<string, number>;

/** Waits until no write is pending: the batch window, then the write. */
const settled = () => new Promise((r) => setTimeout(r, 150));

const add = (key: string, value: number) => (m: Record<string, number>) => ({ ...m, [key]: value });

test("saves made in one turn of the event loop are written as one file holding all of them", async () => {
  const file = memoryFile(NAME, Counts, () => ({}));
  // The module object itself (`import * as` gives a view of it whose functions cannot be replaced).
  const renames = jest.spyOn(jest.requireActual<typeof fs>("node:fs"), "rename");
  try {
    for (let i = 0; i < 20; i++) file.save(add(`k${i}`, i));
    await settled();
    expect(Object.keys(stored())).toHaveLength(20);
    expect(renames.mock.calls.filter(([, to]) => to === target())).toHaveLength(1);
  } finally {
    renames.mockRestore();
  }
});

test("what another process wrote between two writes of this one is kept", async () => {
  const file = memoryFile(NAME, Counts, () => ({}));
  file.save(add("mine", 1));
  await settled();
  // Rewritten in place with the same size: only its time tells it changed.
  fs.writeFileSync(target(), JSON.stringify({ nope: 2 }));
  file.save(add("again", 3));
  await settled();
  expect(stored()).toEqual({ nope: 2, again: 3 });
  // Replaced by a rename, as every writer does.
  fs.writeFileSync(`${target()}.other`, JSON.stringify({ other: 4 }));
  fs.renameSync(`${target()}.other`, target());
  file.save(add("last", 5));
  await settled();
  expect(stored()).toEqual({ other: 4, last: 5 });
});

test("a write made once the directory is gone makes it again", async () => {
  const file = memoryFile(NAME, Counts, () => ({}));
  file.save(add("a", 1));
  await settled();
  fs.rmSync(journal.dir, { recursive: true, force: true });
  file.save(add("b", 2));
  await settled();
  expect(stored()).toEqual({ b: 2 });
  expect(file.read()).toEqual({ b: 2 });
});

test("a temporary file left by a process that no longer runs is removed by the next write", async () => {
  const file = memoryFile(NAME, Counts, () => ({}));
  fs.mkdirSync(journal.dir, { recursive: true });
  // A PID above the kernel's limit (4194304) runs no process.
  const left = path.join(journal.dir, `${NAME}.4194999.tmp`);
  const running = path.join(journal.dir, `other.json.${process.ppid}.tmp`);
  fs.writeFileSync(left, "{}");
  fs.writeFileSync(running, "{}");
  file.save(add("a", 1));
  await settled();
  expect(fs.readdirSync(journal.dir).sort()).toEqual([NAME, path.basename(running)]);
});

test("a file that would hold nothing is removed", async () => {
  const file = memoryFile(NAME, Counts, () => ({}));
  file.save(add("a", 1));
  await settled();
  file.save(() => ({}));
  await settled();
  expect(fs.existsSync(target())).toBe(false);
});
