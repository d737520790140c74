/** A journal of creates in flight of each test's own (`COMPUTE_JOURNAL_DIR`), removed after it. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

/** Points the journal at a fresh directory before each test of the file (or `describe`); the
 * returned object's `dir` is the current one. */
export function useJournalDir(): { dir: string } {
  const current = { dir: "" };
  beforeEach(() => {
    current.dir = fs.mkdtempSync(path.join(os.tmpdir(), "compute-journal-"));
    process.env.COMPUTE_JOURNAL_DIR = current.dir;
  });
  afterEach(() => {
    delete process.env.COMPUTE_JOURNAL_DIR;
    fs.rmSync(current.dir, { recursive: true, force: true });
  });
  return current;
}
