/**
 * A fleet through the real engine with the real API's rate limits on (instance creates 10 per 30 s;
 * the emulator's clock 20 times faster, so a window lasts 1.5 s): 30 instances at `--parallel 100`
 * fill the create window three times over, and one `up` creates them all, the provider process
 * pacing the creates instead of failing them with 429s. A preview after it reports no changes, and
 * `destroy` empties the account.
 */
import { collect } from "../../src/client";
import { instanceEndpoints } from "../../src/contract";
import { startEmulator, type Emulator } from "../../src/emulator";
import { instanceProgram } from "../../examples/instance";
import { IMAGE, ROOT_PASS } from "../support/compute";
import { engineStack, type EngineStack } from "./harness";

jest.setTimeout(300_000);

const FLEET = 30;
const SPEED = 20;

function fleet() {
  return async () => {
    for (let i = 0; i < FLEET; i++) {
      instanceProgram({
        name: `node${i}`,
        region: "us-iad",
        type: "g6-standard-1",
        label: `fleet-${i}`,
        image: IMAGE,
        rootPass: ROOT_PASS,
      });
    }
  };
}

let emulator: Emulator;
let e: EngineStack;
const instances = () => collect(e.client.each(instanceEndpoints.listInstances));

beforeAll(async () => {
  emulator = await startEmulator({ rateLimits: true, speed: SPEED });
  e = await engineStack("fleet", { emulator });
});
afterAll(async () => {
  await e?.dispose();
  await emulator?.close();
});

test(`one up creates ${FLEET} instances at --parallel 100 through the create limit, paced, with no 429 on a create`, async () => {
  e.setProgram(fleet());
  const started = Date.now();
  const result = await e.stack.up({ parallel: 100 });
  const seconds = (Date.now() - started) / 1000;
  expect(result.summary.resourceChanges).toEqual({ create: FLEET + 1 });

  const running = (await instances()).filter((i) => i.status === "running");
  expect(running.map((i) => i.label).sort()).toEqual(
    Array.from({ length: FLEET }, (_, i) => `fleet-${i}`).sort(),
  );
  const log = await e.control.requests();
  const creates = log.filter((r) => r.method === "POST" && r.path === "/compute/instances");
  expect(creates.filter((r) => r.status === 200)).toHaveLength(FLEET);
  expect(creates.filter((r) => r.status === 429)).toEqual([]);
  const floor = ((Math.ceil(FLEET / 10) - 1) * 30) / SPEED;
  console.log(
    `up of ${FLEET} instances: ${seconds.toFixed(1)} s (creates' floor ${floor} s); ` +
      `${log.length} requests, ${log.filter((r) => r.status === 429).length} answered 429`,
  );
});

test("a preview after it reports no changes, and destroy empties the account", async () => {
  const preview = await e.stack.preview({ expectNoChanges: true });
  expect(preview.changeSummary).toEqual({ same: FLEET + 1 });
  await e.stack.destroy();
  expect(await instances()).toEqual([]);
});
