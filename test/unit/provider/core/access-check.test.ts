/**
 * Preview fails on what would fail every write (`access-check.ts`): a refused token names
 * `compute:token` and never its value; an API that cannot be reached names `compute:apiUrl`; a transient answer skips the check with one line; nothing is asked when nothing would be written.
 */
import * as net from "node:net";
import { processMemory } from "../../../../src/provider/core/process-memory";
import { makeProvider } from "../../../../src/provider/core/make-provider";
import { vpcSpec } from "../../../../src/provider/kinds/vpc";
import { useEmulator } from "../../../support/emulator";
import { pointSettingsAt, thrown, useLogLines } from "../../../support/provider";

const t = useEmulator();
const lines = useLogLines();
const inputs = { region: "us-iad", label: "net", description: "" };
const check = () => makeProvider(vpcSpec).check!({}, inputs);

beforeEach(() => pointSettingsAt(t));

it("a refused token fails a new resource's check naming compute:token, never its value", async () => {
  pointSettingsAt(t, { "compute:token": "wrong-token-value" });
  const err = await thrown(check());
  expect(err.message).toMatch(/^compute:token is refused by http:\/\/127\.0\.0\.1:\d+\/v4: \[401\]/);
  expect(err.message).toContain("pulumi config set --secret compute:token");
  expect(err.message).not.toContain("wrong-token-value");
  expect(err.message).not.toContain("\n");
});

it("an API that refuses the connection fails it naming compute:apiUrl and the URL", async () => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  pointSettingsAt(t, { "compute:apiUrl": `http://127.0.0.1:${port}/v4` });
  const err = await thrown(check());
  expect(err.message).toBe(
    `compute:apiUrl http://127.0.0.1:${port}/v4 cannot be reached (ECONNREFUSED): check the URL, or that the API is up`,
  );
});

it("an API that does not answer fails it (after REACH_MS at most) naming compute:apiUrl", async () => {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  try {
    pointSettingsAt(t, { "compute:apiUrl": `http://127.0.0.1:${port}/v4` });
    const err = await thrown(check());
    expect(err.message).toMatch(new RegExp(`^compute:apiUrl http://127.0.0.1:${port}/v4 cannot be reached`));
  } finally {
    sockets.forEach((s) => s.destroy());
    await new Promise((resolve) => server.close(resolve));
  }
});

it("a transient answer skips it, saying so in one line", async () => {
  await t.control.injectFault({ status: 503, count: 5, method: "GET", path: "/profile" });
  expect((await check()).failures).toEqual([]);
  expect(lines.filter((l) => l.includes("could not confirm the token"))).toHaveLength(1);
});

it("is asked once per process, and not at all when nothing would be written", async () => {
  processMemory.forget();
  await t.control.clearRequests();
  const stored = { ...inputs, id: "1" };
  await makeProvider(vpcSpec).check!(stored, inputs);
  await makeProvider(vpcSpec).diff!("1", stored, inputs);
  expect(await t.control.requests()).toEqual([]);
  await check();
  await check();
  const profiles = (await t.control.requests()).filter((r) => r.path.endsWith("/profile"));
  expect(profiles).toHaveLength(1);
});

it("an existing resource whose inputs change asks it at check, so a changed label's lookup does not hide it", async () => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  pointSettingsAt(t, { "compute:apiUrl": `http://127.0.0.1:${port}/v4` });
  // The label's lookup alone would spend its retries on the refused connection and skip the rule.
  const err = await thrown(makeProvider(vpcSpec).check!(inputs, { ...inputs, label: "net-2" }));
  expect(err.message).toMatch(new RegExp(`^compute:apiUrl http://127.0.0.1:${port}/v4 cannot be reached`));
});
