/**
 * A plugin started by hand serves one run of `pulumi` after another (runs.ts): the engine of each is
 * the client that configures, at the address it attached with; a new run starts as a new process.
 */
import * as net from "node:net";
import { attach, cancelRun, configuredBy, runSignal } from "../../../src/plugin/runs";
import { engineAddress, markPluginProcess } from "../../../src/provider/core/engine-watch";
import { processMemory } from "../../../src/provider/core/process-memory";

const kept = processMemory.map<string, number>("runs test: something a run remembers");

/** A local port that accepts connections until closed. */
async function listening(): Promise<{ address: string; close(): Promise<void> }> {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const byPort = (address: string) => ({ host: "127.0.0.1", port: Number(address.split(":")[1]) });

test("each run's engine is the client that configures; its end and the next run's engine start afresh", async () => {
  markPluginProcess();
  // Started by hand: no engine until one attaches and configures.
  expect(engineAddress()).toBeUndefined();
  const [loader, first, second] = [await listening(), await listening(), await listening()];
  try {
    // A language host reads the schema: it attaches, and configures nothing.
    attach(loader.address, "127.0.0.1:50001");
    attach(first.address, "127.0.0.1:50002");
    expect(engineAddress()).toBeUndefined();
    configuredBy("127.0.0.1:50002", () => {});
    expect(engineAddress()).toEqual(byPort(first.address));
    const firstSignal = runSignal();
    kept.set("first run", 1);
    // Another provider of the same run: the same engine, nothing forgotten.
    attach(first.address, "127.0.0.1:50003");
    configuredBy("127.0.0.1:50003", () => {});
    expect(runSignal()).toBe(firstSignal);
    expect(kept.get("first run")).toBe(1);
    // The run's end (the engine's Cancel), then the next run's engine.
    cancelRun();
    expect(firstSignal.aborted).toBe(true);
    attach(second.address, "127.0.0.1:50004");
    configuredBy("127.0.0.1:50004", () => {});
    expect(engineAddress()).toEqual(byPort(second.address));
    expect(runSignal().aborted).toBe(false);
    expect(kept.size).toBe(0);
    // Still the plugin's process: the engine's address is known after the memory was forgotten.
    expect(engineAddress()).toBeDefined();
  } finally {
    await Promise.all([loader.close(), first.close(), second.close()]);
  }
});

test("an engine gone without its Cancel: its run's waits end, the plugin goes on to the next run", async () => {
  markPluginProcess();
  const [killed, next] = [await listening(), await listening()];
  const gone = jest.fn();
  try {
    attach(killed.address, "127.0.0.1:50011");
    configuredBy("127.0.0.1:50011", gone);
    const signal = runSignal();
    await killed.close();
    while (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gone).toHaveBeenCalledWith(killed.address);
    // A run that ended with its Cancel is not reported gone when its CLI exits.
    attach(next.address, "127.0.0.1:50012");
    const quiet = jest.fn();
    configuredBy("127.0.0.1:50012", quiet);
    expect(runSignal().aborted).toBe(false);
    expect(engineAddress()).toEqual(byPort(next.address));
    cancelRun();
    await next.close();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(quiet).not.toHaveBeenCalled();
  } finally {
    await Promise.all([killed.close().catch(() => {}), next.close().catch(() => {})]);
  }
});

test("an Attach that names no address is refused", () => {
  expect(() => attach("nowhere", "127.0.0.1:50021")).toThrow(/not an engine address/);
});
