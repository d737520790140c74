/**
 * The provider core under faults, through the real engine: with 10% server errors and 10% lost
 * answers (requests carried out, answers replaced by a 5xx or a dropped connection), `up` of 10
 * VPCs x 2 subnets converges within 3 runs with no orphan and no duplicate, and `destroy` leaves
 * nothing. A failing `up` shows one line per failure and no stack trace.
 */
import { collect } from "../../src/client";
import { vpcEndpoints } from "../../src/contract";
import { vpcProgram } from "../../examples/vpc";
import { engineStack, type EngineStack } from "./harness";

jest.setTimeout(600_000);

const VPCS = 10;
const FAULTS = { error_rate: 0.1, error_statuses: [500, 502, 503, 504], lost_rate: 0.1, seed: 20261123 };

function program() {
  return async () => {
    for (let i = 0; i < VPCS; i++) {
      vpcProgram({
        name: `vpc${i}`,
        region: "us-iad",
        label: `faults-${i}`,
        subnets: [
          { name: `vpc${i}-app`, label: "app", ipv4: "10.0.1.0/24" },
          { name: `vpc${i}-db`, label: "db", ipv4: "10.0.2.0/24" },
        ],
      });
    }
  };
}

let e: EngineStack;
const vpcs = () => collect(e.client.each(vpcEndpoints.listVpcs));

beforeAll(async () => {
  e = await engineStack("faults");
});
afterAll(async () => {
  await e?.dispose();
});

/** Runs `operation` until it succeeds, at most `max` times; returns how many runs it took. */
async function converge(operation: () => Promise<unknown>, max: number): Promise<number> {
  for (let run = 1; ; run++) {
    try {
      await operation();
      return run;
    } catch (err) {
      if (run >= max) throw err;
    }
  }
}

/** IDs of the compute resources the stack's state holds, by type. */
async function stateIds() {
  const resources = ((await e.stack.exportStack()).deployment.resources ?? []) as {
    type: string;
    id?: string;
  }[];
  const of = (type: string) =>
    resources
      .filter((r) => r.type === `pulumi-nodejs:dynamic/compute:${type}`)
      .map((r) => String(r.id))
      .sort();
  return { vpcs: of("Vpc"), subnets: of("Subnet") };
}

test("up converges under server errors and lost answers, with no orphan and no duplicate", async () => {
  e.setProgram(program());
  await e.control.setFaultProfile(FAULTS);
  // Whatever the profile draws, one create's answer is lost.
  await e.control.injectFault({ status: 502, lost: true, method: "POST", path: "/vpcs" });
  const runs = await converge(() => e.stack.up(), 3);
  await e.control.clearFaultProfile();
  const log = await e.control.requests();
  console.log(
    `up converged in ${runs} run(s); ${log.filter((r) => r.handled !== undefined).length} lost answers, ` +
      `${log.filter((r) => r.handled === undefined && r.status >= 500).length} server errors`,
  );
  expect(log.some((r) => r.method === "POST" && r.handled !== undefined)).toBe(true);

  const all = await vpcs();
  expect(all.map((v) => v.label).sort()).toEqual(
    Array.from({ length: VPCS }, (_, i) => `faults-${i}`).sort(),
  );
  for (const vpc of all) expect(vpc.subnets.map((s) => s.label).sort()).toEqual(["app", "db"]);

  const state = await stateIds();
  expect(state.vpcs).toEqual(all.map((v) => String(v.id)).sort());
  expect(state.subnets).toEqual(all.flatMap((v) => v.subnets.map((s) => String(s.id))).sort());

  await e.stack.preview({ expectNoChanges: true });
  const refresh = await e.stack.refresh({ expectNoChanges: true });
  expect(refresh.summary.resourceChanges).toEqual({ same: 3 * VPCS + 1 });
});

test("destroy under the same faults leaves nothing", async () => {
  await e.control.setFaultProfile({ ...FAULTS, seed: FAULTS.seed + 1 });
  await converge(() => e.stack.destroy(), 3);
  await e.control.clearFaultProfile();
  expect(await vpcs()).toEqual([]);
  expect(await stateIds()).toEqual({ vpcs: [], subnets: [] });
});

test("a failing up shows one line per failure and no stack trace", async () => {
  e.setProgram(async () => {
    vpcProgram({ name: "broken", region: "us-iad", label: "broken", subnets: [] });
  });
  await e.control.injectFault({ status: 400, reason: "Refused for the test", method: "POST", path: "/vpcs" });
  const { failed: err, shown: output } = await e.failingUp();
  expect(err).toBeDefined();
  expect(output).toContain("error: Vpc create: [400] Refused for the test (POST /vpcs)");
  expect(output).not.toMatch(/^\s+at /m);
  expect(output).not.toMatch(/ComputeApiError|\.ts:\d+|\.js:\d+/);
  await e.control.clearFaults();
  await e.stack.destroy();
});
