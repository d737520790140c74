/** The provider process's watch on its engine: the address it was started with, and a call once it is gone. */
import * as net from "node:net";
import {
  attachEngine,
  engineAddress,
  engineAlive,
  markPluginProcess,
  watchEngine,
} from "../../../../src/provider/core/engine-watch";

const HOST = "/x/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js";

it("finds the engine's address among the dynamic-provider host's arguments", () => {
  expect(engineAddress(["node", HOST, "127.0.0.1:43121"])).toEqual({ host: "127.0.0.1", port: 43121 });
  expect(engineAddress(["node", HOST, "--logtostderr", "-v=9", "localhost:80"])).toEqual({
    host: "localhost",
    port: 80,
  });
  expect(engineAddress(["node", HOST, "[::1]:9"])).toEqual({ host: "::1", port: 9 });
  // Another process (a test runner, a program) is not watched.
  expect(engineAddress(["node", "/x/jest", "127.0.0.1:43121"])).toBeUndefined();
  expect(engineAddress(["node", HOST])).toBeUndefined();
});

it("calls back once the engine refuses connections, and not while it accepts them", async () => {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  let looks = 0;
  server.on("connection", () => looks++);
  const gone = jest.fn();
  const goneNow = new Promise<void>((resolve) => gone.mockImplementation(() => resolve()));
  watchEngine({ host: "127.0.0.1", port }, gone, 10);
  while (looks < 3) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(gone).not.toHaveBeenCalled();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await goneNow;
  expect(gone).toHaveBeenCalledTimes(1);
});

it("stops looking when told to", async () => {
  const gone = jest.fn();
  const stop = watchEngine({ host: "127.0.0.1", port: 1 }, gone, 20);
  stop();
  await new Promise((resolve) => setTimeout(resolve, 80));
  expect(gone).not.toHaveBeenCalled();
});

it("tells whether the engine is there to receive an answer (always, outside the provider host)", async () => {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const argv = ["node", HOST, `127.0.0.1:${port}`];
  await expect(engineAlive(argv)).resolves.toBe(true);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await expect(engineAlive(argv)).resolves.toBe(false);
  await expect(engineAlive(["node", "/x/jest"])).resolves.toBe(true);
});

it("answers the creates that end together with one connection, and a later ask with a new one", async () => {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  const argv = ["node", HOST, `127.0.0.1:${port}`];
  try {
    await expect(Promise.all(Array.from({ length: 20 }, () => engineAlive(argv)))).resolves.toEqual(
      Array(20).fill(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connections).toBe(1);
    await engineAlive(argv);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connections).toBe(2);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

it("finds the engine of the plugin whatever its entry file is called, once the plugin says so", () => {
  // An installed plugin runs the packed bundle's `main.js`.
  const installed = ["node", "/home/u/.pulumi/plugins/resource-compute-v0.1.0/main.js", "127.0.0.1:40001"];
  expect(engineAddress(installed)).toBeUndefined();
  markPluginProcess();
  expect(engineAddress(installed)).toEqual({ host: "127.0.0.1", port: 40001 });
});

it("the address an engine attached with (a plugin started by hand) wins over the arguments'", () => {
  const plugin = ["node", "/x/dist/plugin/main.js"];
  expect(engineAddress(plugin)).toBeUndefined();
  attachEngine({ host: "127.0.0.1", port: 40002 });
  try {
    expect(engineAddress(plugin)).toEqual({ host: "127.0.0.1", port: 40002 });
    expect(engineAddress([...plugin, "127.0.0.1:40001"])).toEqual({ host: "127.0.0.1", port: 40002 });
    // Another process is not the plugin, attached or not.
    expect(engineAddress(["node", "/x/jest"])).toBeUndefined();
  } finally {
    attachEngine(undefined);
  }
  expect(engineAddress([...plugin, "127.0.0.1:40001"])).toEqual({ host: "127.0.0.1", port: 40001 });
});
