/**
 * A resource's context (`resource-context.ts`, `bind-resource.ts`): its identity, `import` and
 * `customTimeouts` reach the provider and never the engine; the object a resource holds is its own
 * at a check with no old inputs (`pulumi up --replace`); `customTimeouts` set the waits' deadline
 * and are named when they run out.
 */
import { bindResource } from "../../../../src/provider/core/bind-resource";
import { processMemory } from "../../../../src/provider/core/process-memory";
import { heldBy } from "../../../../src/provider/core/held-objects";
import { instanceSpec } from "../../../../src/provider/instance/instance";
import { makeProvider } from "../../../../src/provider/core/make-provider";
import { durationMs } from "../../../../src/provider/core/settings";
import { vpcSpec } from "../../../../src/provider/kinds/vpc";
import { useEmulator } from "../../../support/emulator";
import { thrown, useProviderSettings } from "../../../support/provider";

const t = useEmulator();
useProviderSettings(t);

const net = { region: "us-iad", label: "net", description: "" };
const vpcOf = (journalKey: string, more: object = {}) =>
  bindResource(makeProvider(vpcSpec), { journalKey, ...more });

describe("what reaches the engine", () => {
  it("holds no key of the context: check's inputs and create's outputs", async () => {
    const provider = vpcOf("p/s/Vpc/net", { timeouts: { create: "5m" } });
    const { inputs } = await provider.check!({}, net);
    expect(inputs).toEqual(net);
    const { outs } = await provider.create(inputs!);
    for (const key of ["__journalKey", "__importId", "__customTimeouts"])
      expect(outs).not.toHaveProperty(key);
  });

  it("an import's check and create read the object and write nothing, with no importId input", async () => {
    const vpc = await t.client.api.createVpc({ body: net });
    const provider = vpcOf("p/s/Vpc/net", { importId: String(vpc.id) });
    const { inputs, failures } = await provider.check!({}, net);
    expect(failures).toEqual([]);
    expect(inputs).toEqual(net);
    await t.control.clearRequests();
    expect((await provider.create(inputs!)).id).toBe(String(vpc.id));
    expect((await t.control.requests()).filter((r) => r.method !== "GET")).toEqual([]);
  });
});

describe("the object a resource holds", () => {
  it("is its own at a check with no old inputs (`--replace`), and another resource's clash", async () => {
    const { id } = await vpcOf("p/s/Vpc/net").create(net);
    expect(heldBy(t.emulator.url, "p/s/Vpc/net")).toBe(id);
    expect((await vpcOf("p/s/Vpc/net").check!({}, net)).failures).toEqual([]);
    const other = await vpcOf("p/s/Vpc/other").check!({}, net);
    expect(other.failures).toEqual([
      expect.objectContaining({
        reason: expect.stringMatching(/already exists \(\d+\) and is not this stack's/),
      }),
    ]);
  });

  it("is learned from a diff or a read, and forgotten at delete", async () => {
    const vpc = await t.client.api.createVpc({ body: net });
    const id = String(vpc.id);
    await vpcOf("p/s/Vpc/net").diff!(id, { ...net, id }, net);
    expect(heldBy(t.emulator.url, "p/s/Vpc/net")).toBe(id);
    processMemory.forget();
    await vpcOf("p/s/Vpc/net").read!(id, { ...net });
    expect(heldBy(t.emulator.url, "p/s/Vpc/net")).toBe(id);
    await vpcOf("p/s/Vpc/net").delete!(id, { ...net });
    expect(heldBy(t.emulator.url, "p/s/Vpc/net")).toBeUndefined();
  });

  it("still holding the label at the create (the state let it go) fails naming import, and deletes nothing", async () => {
    const { id } = await vpcOf("p/s/Vpc/net").create(net);
    const err = await thrown(vpcOf("p/s/Vpc/net").create(net));
    expect(err.message).toContain(`is still held by ${id}, this resource's earlier object`);
    expect(err.message).toContain(`{ import: "${id}" }`);
    expect((await t.client.api.listVpcs()).data.map((v) => String(v.id))).toEqual([id]);
  });
});

describe("customTimeouts", () => {
  it("reads Pulumi's durations", () => {
    expect(durationMs("2s")).toBe(2000);
    expect(durationMs("1h30m")).toBe(5_400_000);
    expect(durationMs("1.5m")).toBe(90_000);
    expect(durationMs("250ms")).toBe(250);
    expect(durationMs(42)).toBe(42_000);
    expect(durationMs("2 minutes")).toBeUndefined();
  });

  it("fail the check naming the entry when not a positive duration", async () => {
    const { failures } = await vpcOf("p/s/Vpc/net", { timeouts: { create: "soon", delete: "0s" } }).check!(
      {},
      net,
    );
    expect(failures!.map((f) => f.reason)).toEqual([
      'customTimeouts.create: must be a positive duration such as "90s", "10m" or "1h30m" (got "soon")',
      'customTimeouts.delete: must be a positive duration such as "90s", "10m" or "1h30m" (got "0s")',
    ]);
  });

  it("are the create's deadline, named when it runs out; the object is kept", async () => {
    const body = {
      region: "us-iad",
      type: "g6-standard-1",
      label: "slow",
      image: "compute/ubuntu24.04",
      rootPass: "Sup3r-secret-pw!",
    };
    await t.control.timings({ "instance.create": 3_600_000 });
    const provider = bindResource(makeProvider(instanceSpec), {
      journalKey: "p/s/Instance/slow",
      timeouts: { create: "300ms" },
    });
    const err = await thrown(provider.create(body));
    expect(err.message).toMatch(
      /did not become running within \d+(ms|s) .*raise customTimeouts\.create to wait longer/,
    );
    expect(err).toHaveProperty("id");
    expect(err.properties).not.toHaveProperty("customTimeouts");
    expect(err.properties).not.toHaveProperty("journalKey");
  });
});
