/**
 * Durable mode: the CLI as a child process with `--data FILE`, killed with SIGKILL right after a
 * write is acknowledged, then restarted on the same file. Every acknowledged write must be there.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { collect, ComputeApiError, ComputeClient } from "../../src/client";
import { vpcEndpoints } from "../../src/contract";
import { startEmulatorProcess, type EmulatorProcess } from "../support/emulator-process";

jest.setTimeout(60_000);

let dir: string;
const running: EmulatorProcess[] = [];
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "compute-durable-"))));
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop("SIGKILL")));
  fs.rmSync(dir, { recursive: true, force: true });
});

async function start(args: string[]): Promise<EmulatorProcess> {
  const proc = await startEmulatorProcess(args);
  running.push(proc);
  return proc;
}

const clientOf = (url: string, token: string) =>
  new ComputeClient({ baseUrl: url, token, retry: { retries: 0 } });
const labels = async (client: ComputeClient) =>
  (await collect(client.each(vpcEndpoints.listVpcs, { query: { page_size: 500 } })))
    .map((v) => v.label)
    .sort();

it("keeps every acknowledged create, update and delete across SIGKILL; the printed token works again with --token", async () => {
  const data = path.join(dir, "sequential.json");
  const first = await start(["--data", data]);
  const token = first.generatedToken!;
  expect(token).toMatch(/^[0-9a-f]{64}$/);
  const client = clientOf(first.url, token);
  const created = [];
  for (let i = 0; i < 12; i++)
    created.push(await client.api.createVpc({ body: { label: `v${i}`, region: "us-iad" } }));
  await client.api.createSubnet({
    params: { vpcId: created[0]!.id },
    body: { label: "s", ipv4: "10.0.0.0/24" },
  });
  await client.api.updateVpc({ params: { vpcId: created[1]!.id }, body: { label: "renamed" } });
  await client.api.deleteVpc({ params: { vpcId: created[2]!.id } });
  first.child.kill("SIGKILL"); // right after the last answer arrived
  await first.stop("SIGKILL");
  expect(first.child.signalCode).toBe("SIGKILL");

  const second = await start(["--data", data, "--token", token]);
  expect(second.generatedToken).toBeUndefined();
  const again = clientOf(second.url, token);
  const expected = created.map((v) => v.label).filter((l) => l !== "v1" && l !== "v2");
  expect(await labels(again)).toEqual([...expected, "renamed"].sort());
  const first0 = await again.api.getVpc({ params: { vpcId: created[0]!.id } });
  expect(first0.subnets.map((s) => s.ipv4)).toEqual(["10.0.0.0/24"]);
  // IDs are not reused after the restart.
  const next = await again.api.createVpc({ body: { label: "after", region: "us-iad" } });
  expect(next.id).toBeGreaterThan(Math.max(...created.map((v) => v.id)));
  await second.stop("SIGKILL");
});

it("keeps every write acknowledged before a SIGKILL that lands among concurrent writes", async () => {
  const data = path.join(dir, "concurrent.json");
  const token = "a".repeat(64);
  const proc = await start(["--data", data, "--token", token]);
  const client = clientOf(proc.url, token);
  const acknowledged: string[] = [];
  const sent: string[] = [];
  const KILL_AFTER = 40;
  const worker = async (w: number) => {
    for (let i = 0; ; i++) {
      const label = `w${w}-${i}`;
      sent.push(label);
      try {
        await client.api.createVpc({ body: { label, region: "us-iad" } });
      } catch (err) {
        if (err instanceof ComputeApiError && err.status === 0) return; // the process is gone
        throw err;
      }
      acknowledged.push(label);
      if (acknowledged.length === KILL_AFTER) proc.child.kill("SIGKILL");
    }
  };
  await Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
  await proc.stop("SIGKILL");
  expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

  // A different --token on restart: the state and the earlier token stay, the new one works too.
  const restarted = await start(["--data", data, "--token", "b".repeat(64)]);
  const found = await labels(clientOf(restarted.url, token));
  expect(found).toEqual(expect.arrayContaining(acknowledged));
  expect(sent).toEqual(expect.arrayContaining(found)); // nothing that was never sent
  await expect(clientOf(restarted.url, "b".repeat(64)).api.listVpcs()).resolves.toMatchObject({
    results: found.length,
  });
  await restarted.stop("SIGKILL");
});
