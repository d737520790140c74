/**
 * The objects a stack's resources hold, kept between runs: one file per stack and API URL, written
 * only once the process changed its stack (never by what a preview calls), a deleted resource's
 * entry dropped and an empty file removed.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import {
  forgetHeld,
  heldBy,
  inFiles,
  keepHeldObjects,
  noteHeld,
  stackChanged,
} from "../../../../src/provider/core/held-objects";
import { processMemory } from "../../../../src/provider/core/process-memory";
import { useJournalDir } from "../../../support/journal";

const journal = useJournalDir();
const API = "http://127.0.0.1:1/v4";

/** Waits until no write is pending: the batch window, then the write. */
const settled = () => new Promise((r) => setTimeout(r, 150));
/** `check` once it passes: the writes run in the background, slower on a loaded machine (5 s at most). */
async function eventually(check: () => void): Promise<void> {
  const end = Date.now() + 5000;
  for (;;) {
    try {
      return check();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

const heldFiles = (): Record<string, Record<string, { id: string }>> => {
  const dir = path.join(journal.dir, "held");
  if (!fs.existsSync(dir)) return {};
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      // A write's temporary file (renamed over its file once written) is not one of them.
      .filter((name) => !name.endsWith(".tmp"))
      .map((name) => [name, JSON.parse(fs.readFileSync(path.join(dir, name), "utf8"))]),
  );
};

beforeEach(() => keepHeldObjects(inFiles));

test("what diffs and reads learn is not written until the process changes its stack", async () => {
  noteHeld(API, "p/a/Vpc/one", "1");
  noteHeld(API, "p/a/Vpc/two", "2");
  await settled();
  expect(fs.readdirSync(journal.dir)).toEqual([]);
  expect(heldBy(API, "p/a/Vpc/one")).toBe("1");

  stackChanged();
  await eventually(() => {
    const files = Object.values(heldFiles());
    expect(files).toHaveLength(1);
    expect(Object.keys(files[0]!).sort()).toEqual(["p/a/Vpc/one", "p/a/Vpc/two"]);
  });
  // No temporary file is left beside it.
  expect(fs.readdirSync(path.join(journal.dir, "held")).filter((n) => n.endsWith(".tmp"))).toEqual([]);
});

test("each stack and API URL has its own file, which a new process reads", async () => {
  stackChanged();
  noteHeld(API, "p/a/Vpc/one", "1");
  noteHeld(API, "p/b/Vpc/one", "7");
  noteHeld("http://127.0.0.1:2/v4", "p/a/Vpc/one", "9");
  await eventually(() =>
    expect(
      Object.values(heldFiles())
        .map((held) => Object.values(held)[0]?.id)
        .sort(),
    ).toEqual(["1", "7", "9"]),
  );

  processMemory.forget();
  expect(heldBy(API, "p/a/Vpc/one")).toBe("1");
  expect(heldBy(API, "p/b/Vpc/one")).toBe("7");
  expect(heldBy(API, "p/c/Vpc/one")).toBeUndefined();
});

test("a deleted resource is forgotten, in the file too, and a stack's emptied file is removed", async () => {
  stackChanged();
  noteHeld(API, "p/a/Vpc/one", "1");
  noteHeld(API, "p/a/Vpc/two", "2");
  await settled();
  forgetHeld(API, "p/a/Vpc/one", "1");
  // Another ID than the one held: not this resource's object.
  forgetHeld(API, "p/a/Vpc/two", "5");
  await eventually(() => expect(Object.keys(Object.values(heldFiles())[0] ?? {})).toEqual(["p/a/Vpc/two"]));

  forgetHeld(API, "p/a/Vpc/two", "2");
  await eventually(() => expect(heldFiles()).toEqual({}));
});

test("what another process wrote to the same stack's file meanwhile is kept", async () => {
  stackChanged();
  noteHeld(API, "p/a/Vpc/one", "1");
  await eventually(() => expect(Object.keys(heldFiles())).toHaveLength(1));
  const [name] = Object.keys(heldFiles());
  const file = path.join(journal.dir, "held", name!);
  const other = { ...JSON.parse(fs.readFileSync(file, "utf8")), "p/a/Subnet/s": { id: "4", at: Date.now() } };
  fs.writeFileSync(`${file}.other`, JSON.stringify(other));
  fs.renameSync(`${file}.other`, file);

  noteHeld(API, "p/a/Vpc/three", "3");
  await eventually(() =>
    expect(Object.keys(heldFiles()[name!] ?? {}).sort()).toEqual([
      "p/a/Subnet/s",
      "p/a/Vpc/one",
      "p/a/Vpc/three",
    ]),
  );
});

test("what is learned while a write is under way is written by the next, all of it", async () => {
  stackChanged();
  for (let i = 0; i < 40; i++) {
    noteHeld(API, `p/a/Vpc/n${i}`, String(i));
    // Some in the same turn, most in turns of their own while the first writes run.
    if (i % 3 === 0) await new Promise((r) => setImmediate(r));
  }
  forgetHeld(API, "p/a/Vpc/n7", "7");
  await eventually(() => expect(Object.keys(Object.values(heldFiles())[0] ?? {})).toHaveLength(39));
  const held = Object.values(heldFiles())[0]!;
  expect(Object.keys(held)).toHaveLength(39);
  expect(held["p/a/Vpc/n39"]!.id).toBe("39");
  expect(held["p/a/Vpc/n7"]).toBeUndefined();
});
