/**
 * The generic provider against the emulator: creates that survive lost answers (adopt, retry,
 * refuse), settle inside the step that keeps the ID (partial failures), one-line errors, check
 * rules, one-way replacements in diff, and the wait settings.
 */
import { status, waitForInstance } from "../../../../src/client";
import { createOrAdopt, MAX_CREATE_ATTEMPTS } from "../../../../src/provider/core/create-or-adopt";
import { PartialFailure, ProviderError, quietHostEcho } from "../../../../src/provider/core/errors";
import { DECLARED } from "../../../../src/provider/core/declared";
import { LISTING_MS } from "../../../../src/provider/core/label-claims";
import { makeProvider, operationContext, SCHEMA_VERSION } from "../../../../src/provider/core/make-provider";
import { defineSpec, type AnySpec, type Props } from "../../../../src/provider/core/resource-spec";
import { configure, DEFAULT_TIMEOUT_SECONDS, waitTimeoutMs } from "../../../../src/provider/core/settings";
import { UNKNOWN } from "../../../../src/provider/core/unknown";
import { vpcSpec } from "../../../../src/provider/kinds/vpc";
import type { Vpc } from "../../../../src/contract/vpcs";
import { createBody, empty, settle } from "../../../support/compute";
import { useEmulator } from "../../../support/emulator";
import { pointSettingsAt, thrown, useProviderSettings } from "../../../support/provider";

const t = useEmulator();
useProviderSettings(t, { "compute:waitTimeoutSeconds": "0.3" });

const inputs = { region: "us-iad", label: "net", description: "" };
const vpcs = async () => (await t.client.api.listVpcs()).data;
const posts = async () => (await t.control.requests()).filter((r) => r.method === "POST");
const HOUR = 3_600_000;
const silent = { wait: { timeoutMs: 1000 }, log: () => {}, resource: {} };

describe("a create whose answer is lost", () => {
  it.each([502, 504, 0])(
    "adopts what the API made when the answer was %s, and creates nothing twice",
    async (lost) => {
      await t.control.injectFault({ status: lost, lost: true, method: "POST", path: "/vpcs" });
      const { id, outs } = await makeProvider(vpcSpec).create(inputs);
      const all = await vpcs();
      expect(all.map((v) => String(v.id))).toEqual([id]);
      expect(outs).toMatchObject(inputs);
      expect(await posts()).toHaveLength(1);
    },
  );

  it("creates again when the API did not act (a 500 before the work)", async () => {
    await t.control.injectFault({ status: 500, method: "POST", path: "/vpcs" });
    const { id } = await makeProvider(vpcSpec).create(inputs);
    expect((await vpcs()).map((v) => String(v.id))).toEqual([id]);
    expect((await posts()).map((r) => r.status)).toEqual([500, 200]);
  });

  it("gives up after a bounded number of attempts when nothing is ever made", async () => {
    await t.control.injectFault({ status: 503, count: 10, method: "POST", path: "/vpcs" });
    const err = await thrown(makeProvider(vpcSpec).create(inputs));
    expect(err.message).toMatch(
      new RegExp(
        `^Vpc create: no answer after ${MAX_CREATE_ATTEMPTS} attempts, and no such object exists: \\[503\\]`,
      ),
    );
    expect(await vpcs()).toEqual([]);
    expect(await posts()).toHaveLength(MAX_CREATE_ATTEMPTS);
  });

  const notOurs = (id: number) =>
    `Vpc create: a Vpc labelled "net" already exists (${id}) and is not this stack's; to manage it here, ` +
    `add { import: "${id}" } to this resource, or choose another label`;

  it.each([
    ["identical to the inputs", inputs],
    ["with other inputs", { ...inputs, description: "someone else's" }],
  ])(
    "never adopts an object that held the label before the create (%s), and sends no POST",
    async (_, body) => {
      const other = await t.client.api.createVpc({ body });
      await t.control.clearRequests();
      const err = await thrown(makeProvider(vpcSpec).create(inputs));
      expect(err.message).toBe(notOurs(other.id));
      expect(await vpcs()).toHaveLength(1);
      expect(await posts()).toEqual([]);
    },
  );

  it("never adopts an object someone took the label with between the lookup and the POST", async () => {
    const provider = makeProvider(vpcSpec);
    expect((await provider.check!({}, inputs)).failures).toEqual([]);
    const other = await t.client.api.createVpc({ body: inputs });
    await t.control.clearRequests();
    const err = await thrown(provider.create(inputs));
    expect(err.message).toBe(notOurs(other.id));
    expect((await posts()).map((r) => r.status)).toEqual([400]);
  });

  it("adopts what a lost answer made even when a retry then clashes on the label", async () => {
    // The first answer is lost and the lookup misses the object (as an API replica may): the
    // second POST clashes with what the first made.
    await t.control.injectFault({ status: 502, lost: true, method: "POST", path: "/vpcs" });
    const find = jest.fn(vpcSpec.find!);
    find.mockResolvedValueOnce(undefined).mockResolvedValueOnce(undefined);
    const { id } = await makeProvider({ ...vpcSpec, find } as AnySpec).create(inputs);
    expect((await vpcs()).map((v) => String(v.id))).toEqual([id]);
    expect((await posts()).map((r) => r.status)).toEqual([502, 400]);
  });

  it("after a check found the label free, the create looks it up no more before its POST", async () => {
    const provider = makeProvider(vpcSpec);
    await provider.check!({}, inputs);
    await t.control.clearRequests();
    await provider.create(inputs);
    expect((await t.control.requests()).map((r) => r.method)).toEqual(["POST"]);
  });

  it("passes other errors on as they are: no lookup after the POST, no retry", async () => {
    const err = await thrown(makeProvider(vpcSpec).create({ ...inputs, region: "nowhere" }));
    expect(err.message).toMatch(/^Vpc create: \[400\] \[region\]/);
    expect((await t.control.requests()).map((r) => r.method)).toEqual(["GET", "POST"]);
  });

  it("without a find, reports the unknown outcome as it is", async () => {
    const { find: _find, ...blind } = vpcSpec;
    await t.control.injectFault({ status: 502, lost: true, method: "POST", path: "/vpcs" });
    await expect(createOrAdopt(blind as AnySpec, t.client, inputs, silent)).rejects.toMatchObject({
      status: 502,
    });
  });
});

/** A VPC kind whose settle waits for an instance to run: the wait can be made to fail. */
function settlingOn(computeId: () => number) {
  return defineSpec({
    ...vpcSpec,
    settle: async (client, record, _inputs, ctx) => {
      await waitForInstance(client, computeId(), status("running"), { ...ctx.wait, firstDelayMs: 20 });
      return record;
    },
  });
}

describe("settle", () => {
  afterEach(() => void t.emulator.jobs.timings.delete("instance.create"));

  it("keeps the ID when the wait after a create fails: a partial failure with the outputs", async () => {
    const offline = await empty(t);
    const err = await thrown(makeProvider(settlingOn(() => offline.id)).create(inputs));
    const [vpc] = await vpcs();
    expect(err).toBeInstanceOf(PartialFailure);
    expect(err.id).toBe(String(vpc!.id));
    expect(err.properties).toMatchObject({
      ...inputs,
      created: vpc!.created,
      __schemaVersion: SCHEMA_VERSION,
    });
    // The time is the wait's (0.3 s and the last read), however long that read took.
    expect(err.message).toMatch(
      new RegExp(
        `^Vpc ${vpc!.id} was created, but Instance ${offline.id} did not become running within \\d+s \\(last state: offline\\); ` +
          "raise compute:waitTimeoutSeconds \\(or the per-operation setting\\) to wait longer; the next `pulumi up` continues from here$",
      ),
    );
    expect(err.reasons).toEqual([err.message]);
  });

  it("keeps the new outputs when the wait after an update fails, and an update after the wait succeeds", async () => {
    // Provisioning held for an hour: the wait times out however slow the machine.
    t.emulator.jobs.timings.set("instance.create", HOUR);
    const provisioning = await t.client.api.createInstance({ body: createBody() as never });
    const provider = makeProvider(settlingOn(() => provisioning.id));
    const vpc = await t.client.api.createVpc({ body: inputs });
    const news = { ...inputs, label: "renamed" };
    const err = await thrown(provider.update!(String(vpc.id), inputs, news));
    expect(err).toBeInstanceOf(PartialFailure);
    expect(err.properties).toMatchObject({ label: "renamed" });
    await settle(t, HOUR);
    const { outs } = await provider.update!(String(vpc.id), err.properties as never, news);
    expect(outs).toMatchObject({ label: "renamed" });
  });
});

describe("errors", () => {
  it("are one line naming the kind and operation, with no stack from inside the provider", async () => {
    const vpc = await t.client.api.createVpc({ body: inputs });
    await t.control.injectFault({ status: 400, reason: "Cannot delete now", method: "DELETE" });
    const err = await thrown(makeProvider(vpcSpec).delete!(String(vpc.id), inputs));
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.message).toBe(`Vpc delete: [400] Cannot delete now (DELETE /vpcs/${vpc.id})`);
    expect(`${err}: ${err.stack}`).toBe(`${err.message}: `);
  });

  it("name unexpected errors as internal, still on one line", async () => {
    const broken = defineSpec({
      ...vpcSpec,
      read: async () => {
        throw new TypeError("x is undefined\n    at somewhere (file.ts:1:1)");
      },
    });
    const err = await thrown(makeProvider(broken).read!("1", inputs));
    expect(err.message).toBe("Vpc read: internal error: x is undefined; at somewhere (file.ts:1:1)");
  });

  it("never carry the token", async () => {
    // The listing the read tries first, then the read by ID.
    await t.control.injectFault({ status: 401, method: "GET", count: 2 });
    const err = await thrown(makeProvider(vpcSpec).read!("1", inputs));
    expect(JSON.stringify({ ...err, message: err.message })).not.toContain(t.emulator.token);
  });

  it("a read of a deleted object says it is gone, and a delete of one succeeds", async () => {
    await expect(makeProvider(vpcSpec).read!("77", inputs)).resolves.toEqual({ id: "" });
    await expect(makeProvider(vpcSpec).delete!("77", inputs)).resolves.toBeUndefined();
  });

  it("the host's stderr echo of our own errors is dropped, other lines are printed", () => {
    const printed: unknown[][] = [];
    const target = { error: (...args: unknown[]) => printed.push(args) };
    quietHostEcho(target);
    const err = new ProviderError("Vpc delete: [400] no");
    target.error(`${err}: ${err.stack}`);
    target.error(`${err}: ${err.stack}`);
    target.error("something else");
    expect(printed).toEqual([[`${err}: ${err.stack}`], ["something else"]]);
  });
});

describe("throttling", () => {
  /** Each test acts with a token of its own: the pacer it shares with no other test. */
  const actAsNewUser = async (username: string, extra: Record<string, string>) => {
    const { token } = await t.control.seedUser({ username });
    pointSettingsAt(t, { "compute:token": token, ...extra });
  };

  it("a create throttled within the operation's deadline waits for the window and succeeds", async () => {
    await actAsNewUser("patient", { "compute:createTimeoutSeconds": "60" });
    await t.control.injectFault({ status: 429, retry_after: 1, method: "POST", path: "/vpcs" });
    await expect(makeProvider(vpcSpec).create(inputs)).resolves.toMatchObject({ outs: inputs });
    expect((await posts()).map((r) => r.status)).toEqual([429, 200]);
  });

  it("a create whose window reopens after the operation's deadline fails on one line saying so", async () => {
    await actAsNewUser("hurried", { "compute:createTimeoutSeconds": "5" });
    await t.control.injectFault({ status: 429, retry_after: 60, method: "POST", path: "/vpcs" });
    const err = await thrown(makeProvider(vpcSpec).create(inputs));
    expect(err.message).toBe(
      "Vpc create: [429] Too many requests (POST /vpcs); throttled past the deadline (after 0s, 1 attempt)",
    );
    expect(await posts()).toHaveLength(1);
  });
});

describe("check", () => {
  const ruled = defineSpec({
    ...vpcSpec,
    validate: (i) =>
      i.label === i.description ? [{ property: "", reason: "description: must differ from label" }] : [],
  });

  it("drops the engine's own keys and returns only what the program declared (no defaults)", async () => {
    const result = await makeProvider(vpcSpec).check!(
      {},
      { region: "us-iad", label: "a", __provider: "code" },
    );
    expect(result.inputs).toEqual({ region: "us-iad", label: "a" });
  });

  it("lets unknown values through during preview, whatever the field's type", async () => {
    const result = await makeProvider(vpcSpec).check!({}, { region: UNKNOWN, label: UNKNOWN });
    expect(result.failures).toEqual([]);
  });

  it("runs the kind's rules across inputs once every field is valid and known", async () => {
    const provider = makeProvider(ruled);
    await expect(
      provider.check!({}, { region: "us-iad", label: "a", description: "a" }),
    ).resolves.toMatchObject({
      failures: [{ property: "", reason: "description: must differ from label" }],
    });
    await expect(
      provider.check!({}, { region: "us-iad", label: UNKNOWN, description: "a" }),
    ).resolves.toMatchObject({
      failures: [],
    });
    await expect(
      provider.check!({}, { region: "us-iad", label: "bad label", description: "bad label" }),
    ).resolves.toMatchObject({
      failures: [{ property: "label", reason: expect.stringMatching(/^label: /) }],
    });
  });
});

describe("check of a unique label", () => {
  const taken = async () => (await t.client.api.createVpc({ body: inputs })).id;

  it("fails a new resource whose label an object holds, naming label and how to import it", async () => {
    const id = await taken();
    const { failures } = await makeProvider(vpcSpec).check!({}, inputs);
    expect(failures).toEqual([
      {
        property: "label",
        reason:
          `label: a Vpc labelled "net" already exists (${id}) and is not this stack's; to manage it here, ` +
          `add { import: "${id}" } to this resource, or choose another label (if it is this resource's own ` +
          "object, on `pulumi up --replace` from a machine that never ran this stack, add `--refresh`)",
      },
    ]);
  });

  it("fails a label changed to one an object holds, and passes the resource's own label", async () => {
    const id = await taken();
    const provider = makeProvider(vpcSpec);
    const olds = { ...inputs, label: "old" };
    await expect(provider.check!(olds, inputs)).resolves.toMatchObject({
      failures: [
        {
          property: "label",
          reason: `label: a Vpc labelled "net" already exists (${id}); choose another label`,
        },
      ],
    });
    await t.control.clearRequests();
    await expect(provider.check!(inputs, inputs)).resolves.toMatchObject({ failures: [] });
    expect(await t.control.requests()).toEqual([]);
  });

  it("passes a replacement that keeps the label (the engine checks it again with no old inputs)", async () => {
    const id = await taken();
    const provider = makeProvider(vpcSpec);
    const olds = { ...inputs, created: "x", schemaVersion: 1 };
    const news = { ...inputs, region: "us-ord" };
    await expect(provider.diff!(String(id), olds, news)).resolves.toMatchObject({
      replaces: ["region"],
      deleteBeforeReplace: true,
    });
    await expect(provider.check!({}, news)).resolves.toMatchObject({ failures: [] });
  });

  it("of several new resources checked one after another: one lookup, then one listing for the rest", async () => {
    const id = await taken();
    const provider = makeProvider(vpcSpec);
    await t.control.clearRequests();
    const labels = ["a1", "a2", "a3", "net", "a5", "a6"];
    const failures = [];
    for (const label of labels)
      failures.push(...((await provider.check!({}, { ...inputs, label })).failures ?? []));
    expect(failures).toEqual([
      { property: "label", reason: expect.stringContaining(`already exists (${id})`) },
    ]);
    // One lookup, one listing, and the lookup of the label the listing shows held (the listing may
    // predate a delete of this process's).
    const reads = (await t.control.requests()).filter((r) => r.method === "GET" && r.path === "/vpcs");
    expect(reads).toHaveLength(3);
    // A label the listing found free is free since the listing: the create sends its POST only.
    await t.control.clearRequests();
    await provider.create({ ...inputs, label: "a6" });
    expect((await t.control.requests()).map((r) => r.method)).toEqual(["POST"]);
  });

  it("of a new resource checked longer after the last than a listing lasts: its own lookup", async () => {
    const provider = makeProvider(vpcSpec);
    await t.control.clearRequests();
    await provider.check!({}, { ...inputs, label: "b1" });
    await new Promise((resolve) => setTimeout(resolve, LISTING_MS + 100));
    // b2 alone looks up its label; b3, checked right after, lists them all; b4 reads that listing.
    for (const label of ["b2", "b3", "b4"]) await provider.check!({}, { ...inputs, label });
    const reads = (await t.control.requests()).filter((r) => r.method === "GET" && r.path === "/vpcs");
    expect(reads).toHaveLength(3);
  });

  it("fails without settings instead of passing a preview that up would fail", async () => {
    configure({ get: () => undefined });
    const saved = { url: process.env.COMPUTE_API_URL, token: process.env.COMPUTE_TOKEN };
    delete process.env.COMPUTE_API_URL;
    try {
      await expect(makeProvider(vpcSpec).check!({}, inputs)).rejects.toThrow(/^Vpc check: No API URL/);
    } finally {
      if (saved.url !== undefined) process.env.COMPUTE_API_URL = saved.url;
    }
  });
});

describe("diff", () => {
  // A description that may grow but not shrink: one-way replacements, on top of `replaceOn`.
  const growing = defineSpec({
    ...vpcSpec,
    replaces: (olds, news) =>
      String(news.description ?? "").startsWith(String(olds.description)) ? [] : ["description"],
  });
  const olds = { ...inputs, description: "a", id: "1", created: "2024-01-01T00:00:00" };

  it("replaces on what the kind's `replaces` names for the pair of values, in place otherwise", async () => {
    const provider = makeProvider(growing);
    await expect(provider.diff!("1", olds, { ...inputs, description: "ab" })).resolves.toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      changed: ["description"],
    });
    await expect(provider.diff!("1", olds, { ...inputs, description: "b" })).resolves.toEqual({
      changes: true,
      replaces: ["description"],
      deleteBeforeReplace: true,
      changed: ["description"],
    });
    await expect(
      provider.diff!("1", olds, { ...inputs, region: "fr-par", description: "b", label: "net-2" }),
    ).resolves.toEqual({
      changes: true,
      replaces: ["region", "description"],
      deleteBeforeReplace: false,
      changed: ["region", "label", "description"],
    });
  });

  it("counts only inputs that changed, whatever `replaces` names", async () => {
    const always = defineSpec({ ...vpcSpec, replaces: () => ["description"] });
    await expect(
      makeProvider(always).diff!("1", olds, { ...inputs, description: "a", label: "net-2" }),
    ).resolves.toEqual({ changes: true, replaces: [], deleteBeforeReplace: false, changed: ["label"] });
    await expect(makeProvider(always).diff!("1", olds, { ...inputs, description: "a" })).resolves.toEqual({
      changes: false,
      replaces: [],
      deleteBeforeReplace: false,
      changed: [],
    });
  });
});

describe("what reaches the engine", () => {
  it("leaves absent values out of outputs and read inputs (the host cannot send undefined)", async () => {
    // Its computed outputs left out too: not the spec `defineSpec` accepts, one the core must serve.
    const sparse: AnySpec = {
      ...vpcSpec,
      toOutputs: (vpc: Vpc): Props => ({ region: vpc.region, label: vpc.label, description: undefined }),
    };
    const { id, outs } = await makeProvider(sparse).create(inputs);
    expect(Object.values(outs)).not.toContain(undefined);
    expect("description" in outs).toBe(false);
    const read = await makeProvider(sparse).read!(id, outs);
    expect("description" in read.inputs!).toBe(false);
  });

  it("keeps the serialized provider in a partial failure's properties, so refresh and destroy can load it", async () => {
    const offline = await empty(t);
    const err = await thrown(
      makeProvider(settlingOn(() => offline.id)).create({ ...inputs, __provider: "shim" }),
    );
    expect(err.properties).toMatchObject({ __provider: "shim" });
  });

  it("never shows a secret input's value in a check failure: the reason names it instead", async () => {
    const secretive = defineSpec({ ...vpcSpec, secrets: ["description"] });
    const result = await makeProvider(secretive).check!(
      {},
      { region: "us-iad", label: "a", description: "s".repeat(300) },
    );
    expect(result.failures).toEqual([
      { property: "", reason: "description: must be at most 255 characters" },
    ]);
  });
});

describe("wait settings", () => {
  const settings = (values: Record<string, string>) => configure({ get: (key) => values[key] });
  afterEach(() => delete process.env.COMPUTE_WAIT_TIMEOUT_SECONDS);

  it("default to 15, 60 and 10 minutes for create, update and delete", () => {
    settings({});
    expect(DEFAULT_TIMEOUT_SECONDS).toEqual({ create: 900, update: 3600, delete: 600 });
    expect(waitTimeoutMs("create")).toBe(900_000);
    expect(waitTimeoutMs("update")).toBe(3_600_000);
    expect(waitTimeoutMs("delete")).toBe(600_000);
  });

  it("come from compute:waitTimeoutSeconds, the environment, or a per-operation setting that wins", () => {
    process.env.COMPUTE_WAIT_TIMEOUT_SECONDS = "30";
    settings({});
    expect(waitTimeoutMs("update")).toBe(30_000);
    settings({ "compute:waitTimeoutSeconds": "120", "compute:deleteTimeoutSeconds": "5" });
    expect(waitTimeoutMs("create")).toBe(120_000);
    expect(waitTimeoutMs("delete")).toBe(5_000);
  });

  it("reject a value that is not a positive number, naming the setting", () => {
    settings({ "compute:createTimeoutSeconds": "soon" });
    expect(() => waitTimeoutMs("create")).toThrow(
      'compute:createTimeoutSeconds must be a positive number of seconds, not "soon"',
    );
  });

  it("report progress at most every 10 s of a wait", () => {
    settings({});
    const lines: string[] = [];
    const ctx = operationContext("create", { log: (line) => lines.push(line) });
    for (const elapsedMs of [500, 9_000, 10_500, 12_000, 21_000])
      ctx.wait.onPoll!({ what: "Instance 1 to be running", elapsedMs, state: "provisioning", polls: 1 });
    expect(lines).toEqual([
      "waiting for Instance 1 to be running: provisioning after 11s",
      "waiting for Instance 1 to be running: provisioning after 21s",
    ]);
  });
});

describe("what the engine stores and diffs: the inputs the program declared", () => {
  const provider = makeProvider(vpcSpec);
  const declared = { region: "us-iad", label: "net" };

  it("lists the declared inputs in the outputs, and read returns them as the API holds them", async () => {
    const { id, outs } = await provider.create(declared);
    expect(outs).toMatchObject({ ...declared, description: "", [DECLARED]: ["region", "label"] });
    await t.client.api.updateVpc({ params: { vpcId: Number(id) }, body: { label: "renamed" } });
    const read = await provider.read!(id, outs);
    // No `description`: the program leaves it out, so a refresh never shows it as removed.
    expect(read.inputs).toEqual({ region: "us-iad", label: "renamed" });
    expect(read.props).toMatchObject({ label: "renamed", [DECLARED]: ["region", "label"] });
  });

  it("leaves naming the changed inputs to the engine when its view of them is the provider's", async () => {
    const { id, outs } = await provider.create(declared);
    await expect(provider.diff!(id, outs, declared)).resolves.toMatchObject({ changes: false });
    // The engine diffs its stored inputs (`label` "net") with the new ones: it finds `label`, as the provider does.
    await expect(provider.diff!(id, outs, { ...declared, label: "web" })).resolves.toEqual({
      changes: undefined,
      replaces: [],
      deleteBeforeReplace: false,
      changed: ["label"],
    });
    // A removed input: the engine names it (a delete) and the provider goes back to the default.
    const described = (await provider.create({ ...declared, label: "net-2", description: "d" })).outs;
    await expect(provider.diff!("2", described, { ...declared, label: "net-2" })).resolves.toMatchObject({
      changes: undefined,
    });
  });

  it("tells the engine itself when their views differ: a default declared, or outputs from before the list", async () => {
    const { id, outs } = await provider.create(declared);
    // The program now declares the default: nothing changes, though the engine's inputs differ.
    await expect(provider.diff!(id, outs, { ...declared, description: "" })).resolves.toMatchObject({
      changes: false,
    });
    const older = { ...outs, [DECLARED]: undefined };
    await expect(provider.diff!(id, older, { ...declared, label: "web" })).resolves.toMatchObject({
      changes: true,
    });
  });
});

describe("read by a class's get (Pulumi's `id` option)", () => {
  it("takes a child's parents' IDs from the props or from an ID that leads with them, and fails on neither", async () => {
    const { subnetSpec } = await import("../../../../src/provider/kinds/subnet");
    const vpc = await t.client.api.createVpc({ body: { label: "net", region: "us-iad" } });
    const subnet = await t.client.api.createSubnet({
      params: { vpcId: vpc.id },
      body: { label: "app", ipv4: "10.0.1.0/24" },
    });
    const provider = makeProvider(subnetSpec);
    const byState = await provider.read(String(subnet.id), { vpcId: String(vpc.id) });
    const byId = await provider.read(`${vpc.id}/${subnet.id}`, {});
    expect(byId).toEqual(byState);
    expect(byId).toMatchObject({ id: String(subnet.id), props: { vpcId: vpc.id, ipv4: "10.0.1.0/24" } });
    expect((await thrown(provider.read(String(subnet.id), {}))).message).toBe(
      `Subnet read: Subnet import ID must be vpcId/subnetId, not ${subnet.id} (a get takes the Subnet's id with state {vpcId: ...})`,
    );
  });

  it("fails naming an object that is not there, where a refresh answers it gone", async () => {
    const provider = makeProvider(vpcSpec);
    expect((await thrown(provider.read("999999", {}, { lookUp: true }))).message).toBe(
      "Vpc read: [404] Not found (GET /vpcs/999999)",
    );
    // Once read, the state holds the core's outputs: a refresh of the `get` drops what went.
    expect(await provider.read("999999", { __schemaVersion: SCHEMA_VERSION }, { lookUp: true })).toEqual({
      id: "",
    });
    expect(await provider.read("999999", {})).toEqual({ id: "" });
  });
});
