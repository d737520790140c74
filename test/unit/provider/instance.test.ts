/**
 * Instance: check (rootPass with image, named), diff (in place vs replace, a label the API chose),
 * outputs, and the provider against a fast emulator: waits after create and update, power changes,
 * password reset and resize in place, lost creates with and without a label, a wait that times out.
 */
import { checkInputs } from "../../../src/provider/check";
import { diffInputs } from "../../../src/provider/diff";
import { PartialFailure } from "../../../src/provider/errors";
import { INSTANCE_COMPUTED, instanceSpec } from "../../../src/provider/instance";
import { makeProvider } from "../../../src/provider/make-provider";
import { configure } from "../../../src/provider/settings";
import { UNKNOWN } from "../../../src/provider/unknown";
import { IMAGE, ROOT_PASS, status } from "../../support/compute";
import { useEmulator } from "../../support/emulator";
import { thrown, useProviderSettings, useLogLines } from "../../support/provider";
import { publicKeyLine } from "../../support/ssh-keys";

const ED25519 = publicKeyLine();

// Lifecycles run a thousand times faster than real time: a create's 4 s take 4 ms.
const t = useEmulator({ speed: 1000 });
useProviderSettings(t, { "compute:waitTimeoutSeconds": "10" });

const provider = makeProvider(instanceSpec);
/** The provider's progress lines (console.log in the provider process). */
const logged = useLogLines();
const base = { region: "us-iad", type: "g6-standard-1", image: IMAGE, rootPass: ROOT_PASS };
const checked = (news: Record<string, unknown>) =>
  checkInputs(instanceSpec.inputs, news, instanceSpec.defaults);
const instances = async () => (await t.client.api.listInstances()).data;
const writes = async () =>
  (await t.control.requests()).filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
const withSettings = (extra: Record<string, string>) => {
  const values: Record<string, string> = {
    "compute:apiUrl": t.emulator.url,
    "compute:token": t.emulator.token,
    ...extra,
  };
  configure({ get: (key) => values[key] });
};

/** Creates through the provider from checked inputs, as the engine would. */
async function create(news: Record<string, unknown>) {
  const { inputs, failures } = checked(news);
  expect(failures).toEqual([]);
  const { id, outs } = await provider.create(inputs);
  return { id, outs, inputs };
}

describe("check", () => {
  // The engine prints a failing property's value, a secret's too: rootPass is named in the reason.
  it("needs rootPass with an image, naming rootPass, and only then", async () => {
    const result = await provider.check!({}, { region: "us-iad", type: "g6-standard-1", image: IMAGE });
    expect(result.failures).toEqual([
      { property: "", reason: "rootPass: rootPass is required when deploying from an image" },
    ]);
    const empty = await provider.check!({}, { region: "us-iad", type: "g6-standard-1", rootPass: ROOT_PASS });
    expect(empty.failures).toEqual([
      { property: "", reason: "rootPass: rootPass needs an image to deploy (an empty instance has no disk)" },
    ]);
  });

  it("reports a bad rootPass without the property's value; other properties as usual", async () => {
    const result = await provider.check!({}, { ...base, rootPass: "aaaaaaaa", tags: ["x"] });
    expect(result.failures).toEqual([
      { property: "", reason: "rootPass: Password does not meet strength requirement" },
      { property: "tags", reason: "tags must be 3..50 characters" },
    ]);
  });

  it("names the property with the contract's reason, never the password's value", () => {
    const { failures } = checked({ ...base, rootPass: "aaaaaaaa", label: "1bad", tags: ["x"] });
    expect(failures).toEqual([
      expect.objectContaining({ property: "label" }),
      { property: "rootPass", reason: "Password does not meet strength requirement" },
      { property: "tags", reason: "tags must be 3..50 characters" },
    ]);
    expect(JSON.stringify(failures)).not.toContain("aaaaaaaa");
  });

  it("fills the API's defaults and leaves the label to the API", () => {
    expect(checked(base).inputs).toEqual({
      ...base,
      booted: true,
      tags: [],
      group: "",
      privateIp: false,
      backupsEnabled: false,
    });
  });

  it("lets unknown values through during preview", async () => {
    const result = await provider.check!({}, { ...base, image: UNKNOWN, rootPass: UNKNOWN });
    expect(result.failures).toEqual([]);
  });
});

describe("diff", () => {
  const inputs = checked({ ...base, label: "web-1", authorizedKeys: [ED25519] }).inputs;
  const olds = { ...inputs, status: "running", schemaVersion: 1, __provider: "p" };

  it("reports no change for the same inputs", () => {
    expect(diffInputs(instanceSpec, olds, inputs)).toMatchObject({ changes: false });
  });

  it("keeps a label the API chose while the program leaves it out", () => {
    const { label: _label, ...unlabeled } = inputs;
    expect(diffInputs(instanceSpec, { ...olds, label: "compute12" }, unlabeled)).toMatchObject({
      changes: false,
    });
  });

  it("reports a change while the instance is not at rest, so the next up waits again", () => {
    expect(diffInputs(instanceSpec, { ...olds, status: "provisioning" }, inputs)).toMatchObject({
      changes: true,
      replaces: [],
      changed: [],
    });
    expect(diffInputs(instanceSpec, { ...olds, status: "stopped" }, inputs)).toMatchObject({
      changes: false,
    });
  });

  it.each([
    ["label", "web-2"],
    ["tags", ["web"]],
    ["group", "g"],
    ["booted", false],
    ["type", "g6-standard-2"],
    ["rootPass", "An0ther-secret"],
    ["backupsEnabled", true],
  ])("changes %s in place", (key, value) => {
    expect(diffInputs(instanceSpec, olds, { ...inputs, [key]: value })).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      changed: [key],
    });
  });

  it.each([
    ["region", "fr-par"],
    ["image", "compute/ubuntu24.04"],
    ["authorizedKeys", []],
    ["privateIp", true],
  ])("replaces on %s, deleting first only when the unique label is kept", (key, value) => {
    expect(diffInputs(instanceSpec, olds, { ...inputs, [key]: value })).toMatchObject({
      replaces: [key],
      deleteBeforeReplace: true,
    });
    expect(diffInputs(instanceSpec, olds, { ...inputs, [key]: value, label: "web-2" })).toMatchObject({
      replaces: [key],
      deleteBeforeReplace: false,
    });
    const { label: _label, ...unlabeled } = inputs;
    expect(diffInputs(instanceSpec, olds, { ...unlabeled, [key]: value })).toMatchObject({
      deleteBeforeReplace: false,
    });
  });
});

describe("create", () => {
  it("waits until the instance runs; outputs are the inputs and the computed fields, the same from read", async () => {
    const { id, outs, inputs } = await create({
      ...base,
      label: "web-1",
      authorizedKeys: [ED25519],
      tags: ["web"],
      group: "front",
      privateIp: true,
      backupsEnabled: true,
    });
    expect(await status(t, Number(id))).toBe("running");
    expect(Object.keys(outs).sort()).toEqual(
      [...Object.keys(instanceSpec.inputs.shape), ...INSTANCE_COMPUTED, "schemaVersion"].sort(),
    );
    expect(outs).toMatchObject({ ...inputs, status: "running" });
    expect(outs.ipv4).toHaveLength(2);
    const read = await provider.read!(id, outs);
    expect(read.props).toEqual(outs);
    expect(read.inputs).toEqual(inputs);
  });

  it("waits until offline with booted: false", async () => {
    const { id, outs } = await create({ ...base, booted: false });
    expect(outs).toMatchObject({ status: "offline", booted: false, label: `compute${id}` });
    expect(await status(t, Number(id))).toBe("offline");
  });

  it("leaves an empty instance offline: its configs boot it, so booted is not acted on", async () => {
    const { id, outs } = await create({ region: "us-iad", type: "g6-standard-1" });
    expect(outs).toMatchObject({ status: "offline", booted: true });
    // Absent, not undefined: the host cannot send undefined to the engine.
    expect(Object.keys(outs)).not.toContain("image");
    expect(Object.values(outs)).not.toContain(undefined);
    expect(await writes()).toEqual(["POST /compute/instances"]);
    expect((await provider.read!(id, outs)).props).toEqual(outs);
  });

  it("keeps the ID when the wait times out, and the next update finishes the wait", async () => {
    t.emulator.jobs.timings.set("instance.create", 3_600_000);
    try {
      withSettings({ "compute:createTimeoutSeconds": "0.5" });
      const { inputs } = checked({ ...base, label: "slow" });
      // The engine's inputs carry the serialized provider, which the kept state needs too.
      const err = await thrown(provider.create({ ...inputs, __provider: "code" }));
      const [made, ...others] = await instances();
      expect(others).toEqual([]);
      expect(err).toBeInstanceOf(PartialFailure);
      expect(err.id).toBe(String(made!.id));
      expect(err.message).toMatch(
        new RegExp(
          `^Instance ${made!.id} was created, but Instance ${made!.id} did not become running within 1s ` +
            "\\(last state: provisioning\\); raise compute:waitTimeoutSeconds .*; the next `pulumi up` continues from here$",
        ),
      );
      expect(err.message).not.toContain(ROOT_PASS);
      expect(err.properties).toMatchObject({
        label: "slow",
        status: "provisioning",
        booted: true,
        __provider: "code",
      });

      await t.control.clock({ advance_ms: 3_600_000 });
      const { outs } = await provider.update!(err.id as string, err.properties as never, inputs);
      expect(outs).toMatchObject({ status: "running" });
      expect(await instances()).toHaveLength(1);
    } finally {
      t.emulator.jobs.timings.set("instance.create", 4000);
    }
  });
});

describe("a create whose answer is lost", () => {
  it("adopts the instance by its label", async () => {
    await t.control.injectFault({ status: 502, lost: true, method: "POST", path: "/compute/instances" });
    const { id } = await create({ ...base, label: "web-1" });
    expect((await instances()).map((i) => String(i.id))).toEqual([id]);
    expect(await status(t, Number(id))).toBe("running");
  });

  it("without a label, adopts the one new instance the create made", async () => {
    await t.client.api.createInstance({ body: { region: "us-iad", type: "g6-standard-1" } });
    await t.control.injectFault({ status: 0, lost: true, method: "POST", path: "/compute/instances" });
    const { id } = await create(base);
    expect(await instances()).toHaveLength(2);
    expect(await status(t, Number(id))).toBe("running");
  });

  it("without a label, creates again when the API did not act", async () => {
    await t.control.injectFault({ status: 503, method: "POST", path: "/compute/instances" });
    const { id } = await create(base);
    expect((await instances()).map((i) => String(i.id))).toEqual([id]);
  });
});

describe("update", () => {
  it("sends only the changed fields of the PUT", async () => {
    const { id, outs, inputs } = await create({ ...base, label: "web-1", tags: ["web"] });
    await t.control.clearRequests();
    const news = { ...inputs, group: "front" };
    const updated = await provider.update!(id, outs, news);
    expect(updated.outs).toMatchObject({ ...news, status: "running" });
    expect((await t.control.requests()).filter((r) => r.method === "PUT")).toHaveLength(1);
    expect(await writes()).toEqual([`PUT /compute/instances/${id}`]);
  });

  it("shuts down and boots again for booted, waiting each time", async () => {
    const { id, outs, inputs } = await create(base);
    const off = await provider.update!(id, outs, { ...inputs, booted: false });
    expect(off.outs).toMatchObject({ status: "offline", booted: false });
    const on = await provider.update!(id, off.outs, inputs);
    expect(on.outs).toMatchObject({ status: "running", booted: true });
    expect(await writes()).toEqual([
      "POST /compute/instances",
      `POST /compute/instances/${id}/shutdown`,
      `POST /compute/instances/${id}/boot`,
    ]);
  });

  it("resets the root password in place: shut down, reset, boot back", async () => {
    const { id, outs, inputs } = await create(base);
    await t.control.clearRequests();
    const { outs: after } = await provider.update!(id, outs, { ...inputs, rootPass: "An0ther-secret" });
    expect(after).toMatchObject({ status: "running", rootPass: "An0ther-secret" });
    expect(await writes()).toEqual([
      `POST /compute/instances/${id}/shutdown`,
      `POST /compute/instances/${id}/password`,
      `POST /compute/instances/${id}/boot`,
    ]);
    expect(await t.control.events({ action: "password_reset" })).toHaveLength(1);
    expect(logged).toEqual([
      `Instance ${id} (compute${id}): shutting down`,
      `Instance ${id} (compute${id}): resetting the root password`,
      `Instance ${id} (compute${id}): booting`,
    ]);
  });

  it("leaves a shut-down instance offline after a password reset", async () => {
    const { id, outs, inputs } = await create({ ...base, booted: false });
    await t.control.clearRequests();
    await provider.update!(id, outs, { ...inputs, rootPass: "An0ther-secret" });
    expect(await writes()).toEqual([`POST /compute/instances/${id}/password`]);
    expect(await status(t, Number(id))).toBe("offline");
  });

  it("resizes in place and waits until the instance runs again", async () => {
    const { id, outs, inputs } = await create(base);
    const { outs: after } = await provider.update!(id, outs, { ...inputs, type: "g6-standard-2" });
    expect(after).toMatchObject({ type: "g6-standard-2", status: "running", specs: { vcpus: 2 } });
  });

  it("does not resize again when an earlier resize finished after its wait failed", async () => {
    const { id, outs, inputs } = await create(base);
    await t.client.api.resizeInstance({ params: { computeId: Number(id) }, body: { type: "g6-standard-2" } });
    await t.control.clearRequests();
    const { outs: after } = await provider.update!(id, outs, { ...inputs, type: "g6-standard-2" });
    expect(after).toMatchObject({ type: "g6-standard-2", status: "running" });
    expect(await writes()).toEqual([]);
  });

  it("enables and cancels backups", async () => {
    const { id, outs, inputs } = await create(base);
    const on = await provider.update!(id, outs, { ...inputs, backupsEnabled: true });
    expect(on.outs).toMatchObject({ backupsEnabled: true, backups: { enabled: true } });
    const off = await provider.update!(id, on.outs, inputs);
    expect(off.outs).toMatchObject({ backupsEnabled: false });
  });
});

describe("read and delete", () => {
  it("shows a power change made out of band as drift of booted", async () => {
    const { id, outs } = await create(base);
    await t.client.api.shutdownInstance({ params: { computeId: Number(id) }, body: {} });
    await t.control.clock({ advance_ms: 60_000 });
    expect((await provider.read!(id, outs)).inputs).toMatchObject({ booted: false });
  });

  it("delete waits until the instance is gone, and a gone instance deletes fine", async () => {
    const { id, outs } = await create(base);
    await provider.delete!(id, outs);
    expect(await instances()).toEqual([]);
    await expect(provider.delete!(id, outs)).resolves.toBeUndefined();
    await expect(provider.read!(id, outs)).resolves.toEqual({ id: "" });
  });
});
