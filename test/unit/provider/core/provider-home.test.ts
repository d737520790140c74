/**
 * Where the provider keeps its files: `compute/` in the Pulumi home (`PULUMI_HOME`, else
 * `~/.pulumi`), or `COMPUTE_JOURNAL_DIR`; an entry an earlier version left in
 * `~/.pulumi-compute/creates` is still read, and removed with the new one.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  journalFile,
  readEntry,
  removeEntry,
  writeEntry,
} from "../../../../src/provider/core/create-journal";
import { providerHome } from "../../../../src/provider/core/provider-home";

const saved = { ...process.env };
let home: string;

beforeEach(() => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), "compute-home-"));
  process.env.HOME = home;
  delete process.env.PULUMI_HOME;
  delete process.env.COMPUTE_JOURNAL_DIR;
});

afterEach(() => {
  for (const key of ["HOME", "PULUMI_HOME", "COMPUTE_JOURNAL_DIR"]) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  fs.rmSync(home, { recursive: true, force: true });
});

test("the provider's home is compute/ in the Pulumi home, unless COMPUTE_JOURNAL_DIR names one", () => {
  expect(providerHome()).toBe(path.join(home, ".pulumi", "compute"));
  process.env.PULUMI_HOME = path.join(home, "pulumi-home");
  expect(providerHome()).toBe(path.join(home, "pulumi-home", "compute"));
  process.env.COMPUTE_JOURNAL_DIR = path.join(home, "journal");
  expect(providerHome()).toBe(path.join(home, "journal"));
});

test("an entry an earlier version left in ~/.pulumi-compute/creates is read, and removed with the new one", async () => {
  process.env.PULUMI_HOME = path.join(home, "pulumi-home");
  const file = journalFile("http://127.0.0.1:1/v4", "p/s/Vpc/net")!;
  const former = path.join(home, ".pulumi-compute", "creates", path.basename(file));
  fs.mkdirSync(path.dirname(former), { recursive: true });
  fs.writeFileSync(former, JSON.stringify({ kind: "Vpc", since: new Date().toISOString(), labelFree: true }));

  expect(await readEntry(file)).toMatchObject({ kind: "Vpc", labelFree: true });
  await writeEntry(file, { kind: "Vpc", labelFree: true, made: "4" });
  expect(await readEntry(file)).toMatchObject({ made: "4" });
  await removeEntry(file);
  expect(fs.existsSync(file)).toBe(false);
  expect(fs.existsSync(former)).toBe(false);
  expect(await readEntry(file)).toBeUndefined();
});
