/**
 * The provider's memory of lifecycles between runs: the provider process writes what its waits
 * learned beside the create journal, by API URL and without the token; a new process starts from it;
 * windows not seen for a week and API URLs beyond the 16 newest are dropped; an unreadable file is
 * started over; providers called directly (tests, scripts) keep nothing.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { ComputeClient } from "../../../../src/client";
import type { Learned } from "../../../../src/client/lifecycles";
import { useJournalDir } from "../../../support/journal";

const journal = useJournalDir();
const TOKEN = "memory-test-token-0123456789";
const LIFECYCLE = "Instance provisioning → running";

/** The poller module and the memory of a new process (fresh module state). */
function newProcess() {
  let modules!: {
    memory: typeof import("../../../../src/provider/core/lifecycle-memory");
    poller: typeof import("../../../../src/client/poller");
  };
  jest.isolateModules(() => {
    modules = {
      memory: require("../../../../src/provider/core/lifecycle-memory"),
      poller: require("../../../../src/client/poller"),
    };
  });
  return modules;
}

const clientOf = (baseUrl: string) => new ComputeClient({ baseUrl, token: TOKEN });
const file = () => path.join(journal.dir, "lifecycles.json");
const written = async () => {
  for (let i = 0; i < 100 && !fs.existsSync(file()); i++) await new Promise((r) => setTimeout(r, 10));
  // The write chain may still be replacing the file: wait until it holds what was learned last.
  await new Promise((r) => setTimeout(r, 50));
  return fs.readFileSync(file(), "utf8");
};

it("is written by the provider process, by API URL, without the token, and read by the next process", async () => {
  const first = newProcess();
  first.memory.keepLifecycles();
  const client = clientOf("http://api.example/v4");
  first.memory.rememberLifecycles(client);
  first.poller.sharedPoller(client.account).lifecycles.observe(LIFECYCLE, { after: 3900, by: 4100 });
  const text = await written();
  expect(text).not.toContain(TOKEN);
  const memory: Record<string, Record<string, Learned>> = JSON.parse(text);
  expect(Object.keys(memory)).toEqual(["http://api.example/v4"]);
  expect(memory["http://api.example/v4"]![LIFECYCLE]).toMatchObject({ after: 3900, by: 4100 });

  const next = newProcess();
  next.memory.keepLifecycles();
  next.memory.rememberLifecycles(client);
  expect(next.poller.sharedPoller(client.account).lifecycles.expected(LIFECYCLE)).toEqual({
    after: 3900,
    by: 4100,
  });
  // Another API's process starts from nothing.
  const other = clientOf("http://other.example/v4");
  next.memory.rememberLifecycles(other);
  expect(next.poller.sharedPoller(other.account).lifecycles.expected(LIFECYCLE)).toBeUndefined();
});

it("drops windows not seen for a week and keeps the 16 newest API URLs", async () => {
  const now = Date.now();
  const old: Record<string, Record<string, Learned>> = {
    "http://stale.example/v4": { [LIFECYCLE]: { after: 1, by: 2, at: now - 8 * 24 * 3600 * 1000 } },
  };
  for (let i = 0; i < 20; i++)
    old[`http://api${i}.example/v4`] = { [LIFECYCLE]: { after: 1, by: 2, at: now - (20 - i) * 1000 } };
  fs.writeFileSync(file(), JSON.stringify(old));
  const stale = newProcess();
  stale.memory.keepLifecycles();
  const client = clientOf("http://stale.example/v4");
  stale.memory.rememberLifecycles(client);
  const lifecycles = stale.poller.sharedPoller(client.account).lifecycles;
  expect(lifecycles.expected(LIFECYCLE)).toBeUndefined();

  lifecycles.observe("Image pending_upload → available", { after: 10, by: 20 });
  await new Promise((r) => setTimeout(r, 100));
  const memory = JSON.parse(fs.readFileSync(file(), "utf8"));
  expect(Object.keys(memory)).toHaveLength(16);
  expect(Object.keys(memory[`http://stale.example/v4`])).toEqual(["Image pending_upload → available"]);
  expect(memory["http://api19.example/v4"]).toBeDefined();
  expect(memory["http://api5.example/v4"]).toBeDefined();
  expect(memory["http://api4.example/v4"]).toBeUndefined();
});

it("starts over from a file it cannot read (torn, or of another shape)", async () => {
  for (const text of [
    "{torn",
    JSON.stringify({ "http://api.example/v4": { [LIFECYCLE]: { by: "soon" } } }),
  ]) {
    fs.writeFileSync(file(), text);
    const next = newProcess();
    next.memory.keepLifecycles();
    const client = clientOf("http://api.example/v4");
    next.memory.rememberLifecycles(client);
    const lifecycles = next.poller.sharedPoller(client.account).lifecycles;
    expect(lifecycles.expected(LIFECYCLE)).toBeUndefined();
    lifecycles.observe(LIFECYCLE, { after: 3900, by: 4100 });
    await new Promise((r) => setTimeout(r, 100));
    expect(JSON.parse(fs.readFileSync(file(), "utf8"))["http://api.example/v4"][LIFECYCLE]).toMatchObject({
      after: 3900,
      by: 4100,
    });
  }
});

it("is not kept by providers called outside the provider process", async () => {
  const direct = newProcess();
  const client = clientOf("http://api.example/v4");
  direct.memory.rememberLifecycles(client);
  direct.poller.sharedPoller(client.account).lifecycles.observe(LIFECYCLE, { after: 3900, by: 4100 });
  await new Promise((r) => setTimeout(r, 100));
  expect(fs.existsSync(file())).toBe(false);
});
