/** The CLI's `--faults`, `--rate-limits` and `--real-shapes`: parsing, and a started CLI that applies them. */
import { ComputeClient, ControlClient } from "../../src/client";
import { DEFAULT_RATE_LIMITS } from "../../src/contract";
import { parseFaultsFlag, parseRateLimitsFlag } from "../../src/emulator/cli-flags";
import { startEmulatorProcess } from "../support/emulator-process";

describe("--faults", () => {
  it("takes a fault profile as JSON and fills in defaults", () => {
    expect(parseFaultsFlag('{"error_rate":0.1,"latency_ms":20,"seed":7,"method":"GET"}')).toEqual({
      error_rate: 0.1,
      error_statuses: [503, 500],
      latency_ms: 20,
      latency_jitter_ms: 0,
      drop_rate: 0,
      throttle_rate: 0,
      throttle_retry_after: 1,
      lost_rate: 0,
      lost_statuses: [502, 504, 0],
      seed: 7,
      method: "GET",
    });
  });

  it.each([
    ["error_rate:1.5", '{"error_rate":1.5}', /--faults: error_rate: error_rate must be 0\.\.1/],
    ["not JSON", "{error_rate", /--faults must be JSON/],
    ["a wrong type", '{"latency_ms":"slow"}', /latency_ms: latency_ms must be an integer/],
  ])("rejects %s", (_what, value, message) => {
    expect(() => parseFaultsFlag(value)).toThrow(message);
  });
});

describe("--rate-limits", () => {
  it("takes on, off or JSON", () => {
    expect(parseRateLimitsFlag("on")).toBe(true);
    expect(parseRateLimitsFlag("off")).toBe(false);
    expect(parseRateLimitsFlag('{"command":{"limit":5,"window_ms":1000}}')).toEqual({
      command: { limit: 5, window_ms: 1000 },
    });
  });

  it("rejects other words and invalid numbers", () => {
    expect(() => parseRateLimitsFlag("yes")).toThrow(/--rate-limits must be JSON/);
    expect(() => parseRateLimitsFlag('{"general":{"limit":-1,"window_ms":1}}')).toThrow(/general\.limit/);
  });
});

it("a started CLI applies both, and reports them on the control API", async () => {
  const proc = await startEmulatorProcess([
    "--faults",
    '{"error_rate":0.5,"seed":3}',
    "--rate-limits",
    '{"paginated":{"limit":7,"window_ms":60000}}',
  ]);
  try {
    const control = ControlClient.forApi(proc.url);
    await expect(control.faultProfile()).resolves.toMatchObject({ error_rate: 0.5, seed: 3 });
    await expect(control.rateLimits()).resolves.toEqual({
      ...DEFAULT_RATE_LIMITS,
      enabled: true,
      paginated: { limit: 7, window_ms: 60_000 },
    });
  } finally {
    await proc.stop();
  }
}, 30_000);

it("a CLI started with --real-shapes answers subnet computes as the real API does", async () => {
  const proc = await startEmulatorProcess(["--real-shapes", "--token", "cli-token"]);
  try {
    const api = new ComputeClient({ baseUrl: proc.url, token: "cli-token", retry: { retries: 0 } });
    const vpc = await api.api.createVpc({
      body: { label: "net", region: "us-iad", subnets: [{ label: "s", ipv4: "10.0.0.0/24" }] },
    });
    const made = await api.api.createInstance({ body: { region: "us-iad", type: "g6-standard-1" } });
    const config = await api.api.createConfig({
      params: { computeId: made.id },
      body: { label: "p", devices: {}, interfaces: [{ purpose: "vpc", subnet_id: vpc.subnets[0]!.id }] },
    });
    await expect(api.api.getVpc({ params: { vpcId: vpc.id } })).resolves.toMatchObject({
      subnets: [
        { computes: [{ id: made.id, interfaces: [{ id: config.interfaces[0]!.id, active: false }] }] },
      ],
    });
  } finally {
    await proc.stop();
  }
}, 30_000);
