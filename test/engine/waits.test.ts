/**
 * Waits through the real engine, across runs: the provider process keeps how long a server took to
 * boot (`lifecycles.json` in the create journal's directory, by API URL, never the token), and the
 * next `up`'s provider process, a new one, reads a new server's boot when it is due instead of
 * polling its way there.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { instanceProgram, type InstanceShape } from "../../examples/instance";
import { IMAGE, ROOT_PASS } from "../support/compute";
import { engineStack, type EngineStack } from "./harness";

jest.setTimeout(180_000);

const first: InstanceShape = {
  name: "first",
  region: "us-iad",
  type: "g6-standard-1",
  label: "waits-first",
  image: IMAGE,
  rootPass: ROOT_PASS,
};
const second: InstanceShape = { ...first, name: "second", label: "waits-second" };

const program =
  (...shapes: InstanceShape[]) =>
  async () => {
    for (const shape of shapes) instanceProgram(shape);
  };

let e: EngineStack;

beforeAll(async () => {
  e = await engineStack("waits");
  // Twice real time: a create from an image takes 2 s.
  e.emulator.clock.setScale(2);
});
afterAll(async () => {
  await e?.dispose();
});

/** The GETs of one instance by its ID since the log was cleared. */
const readsOf = async (label: string) => {
  const made = (await e.client.api.listInstances()).data.find((i) => i.label === label)!;
  return (await e.control.requests()).filter(
    (r) => r.method === "GET" && r.path === `/compute/instances/${made.id}`,
  ).length;
};

test("the next up's provider reads a boot when it is due, from what the last one learned", async () => {
  e.setProgram(program(first));
  await e.control.clearRequests();
  await e.stack.up();
  // Nothing known yet: polled at 0.25, 0.75, 1.75 s..., until it ran (2 s).
  const cold = await readsOf("waits-first");
  expect(cold).toBeGreaterThanOrEqual(3);

  const file = path.join(e.dir, "journal", "lifecycles.json");
  const text = fs.readFileSync(file, "utf8");
  expect(text).not.toContain(e.emulator.token);
  const memory = JSON.parse(text);
  expect(Object.keys(memory)).toEqual([e.emulator.url]);
  expect(memory[e.emulator.url]["Instance provisioning → running"]).toMatchObject({
    after: expect.any(Number),
    by: expect.any(Number),
  });

  e.setProgram(program(first, second));
  await e.control.clearRequests();
  const result = await e.stack.up();
  expect(result.summary.resourceChanges).toEqual({ same: 2, create: 1 });
  // In the window the last run learned, then at its end if need be.
  const warm = await readsOf("waits-second");
  expect(warm).toBeGreaterThanOrEqual(1);
  expect(warm).toBeLessThanOrEqual(2);
  expect(warm).toBeLessThan(cold);
});
