/**
 * The `pulumi` CLI killed (SIGKILL) while a create waits for its instance, in a project of the user's
 * own: the provider process notices that its engine is gone and sends nothing more.
 */
import { spawn } from "node:child_process";
import { ControlClient } from "../../src/client";
import { startEmulator, type Emulator } from "../../src/emulator";
import { userProject, type UserProject } from "./harness";

jest.setTimeout(180_000);

const PROGRAM = `
import * as compute from "pulumi-compute";
export const id = new compute.Instance("slow", {
  region: "us-iad",
  type: "g6-standard-1",
  label: "slow-1",
  image: "compute/debian12",
  rootPass: "Sup3r-secret!",
}).id;
`;

let emulator: Emulator;
let control: ControlClient;
let project: UserProject;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  emulator = await startEmulator();
  control = new ControlClient(emulator.controlUrl);
  // The instance provisions for a minute: the create's wait polls meanwhile.
  await control.timings({ "instance.create": 60_000 });
  project = await userProject("interrupted", emulator, PROGRAM);
});

afterAll(async () => {
  await emulator?.close();
  project?.dispose();
});

test("after the CLI is killed during a wait, the provider sends no more requests", async () => {
  const cli = spawn("pulumi", ["up", "--yes", "--skip-preview", "--non-interactive"], {
    cwd: project.dir,
    env: project.env,
    stdio: "ignore",
  });
  const exited = new Promise((resolve) => cli.once("exit", resolve));
  // Until the wait has polled twice after the create.
  const polls = async () =>
    (await control.requests()).filter(
      (r) => r.method === "GET" && /^\/compute\/instances\/\d+$/.test(r.path),
    );
  try {
    for (let i = 0; (await polls()).length < 2; i++) {
      if (i > 600) throw new Error("the create's wait never polled");
      await sleep(50);
    }
  } finally {
    cli.kill("SIGKILL");
  }
  await exited;
  await sleep(2_000);
  await control.clearRequests();
  await sleep(5_000);
  expect(await control.requests()).toEqual([]);
});
