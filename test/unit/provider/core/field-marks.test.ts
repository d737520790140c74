/**
 * Marks in a field the kind lets a PUT change (`stack-marks.ts`): a Subnet's, an SSH key's label
 * (the short mark appended), a StackScript's description (the mark appended). Any machine adopts
 * what an interrupted create of the resource made by the mark; the declared value is put back once
 * the create returns, and the outputs never show the mark.
 */
import { makeProvider } from "../../../../src/provider/core/make-provider";
import { labelMarked, markOf } from "../../../../src/provider/core/stack-marks";
import { imageSpec } from "../../../../src/provider/kinds/image";
import { sshKeySpec } from "../../../../src/provider/kinds/ssh-key";
import { stackScriptSpec } from "../../../../src/provider/kinds/stack-script";
import { subnetSpec } from "../../../../src/provider/kinds/subnet";
import { tokenSpec } from "../../../../src/provider/kinds/token";
import { publicKeyLine } from "../../../support/ssh-keys";
import { empty } from "../../../support/compute";
import { useEmulator } from "../../../support/emulator";
import { useJournalDir } from "../../../support/journal";
import { useProviderSettings } from "../../../support/provider";

const t = useEmulator();
const KEY = "0123456789abcdef0123456789abcdef";
useProviderSettings(t, { "compute:recoveryKey": KEY });
useJournalDir();

const resource = (kind: string, name: string) => ({ journalKey: `proj/stack/${kind}/${name}` });
const mark = (r: { journalKey: string }) => markOf(KEY, r.journalKey);
const requests = async (method: string) => (await t.control.requests()).filter((r) => r.method === method);

/** The spec with its create's answer (the object as its POST made it) kept in `made`. */
function keepingAnswer<S extends { create(...args: never[]): Promise<unknown> }>(spec: S) {
  const made: unknown[] = [];
  const create = async (...args: Parameters<S["create"]>) => {
    const record = await spec.create(...args);
    made.push(record);
    return record;
  };
  return { spec: { ...spec, create } as S, made };
}

describe("a Subnet", () => {
  const app = resource("Subnet", "app");
  let vpcId: number;
  beforeEach(async () => {
    vpcId = (await t.client.api.createVpc({ body: { region: "us-iad", label: `net-${Date.now()}` } })).id;
  });
  const inputs = () => ({ vpcId, label: "app", ipv4: "10.0.1.0/24" });
  const subnets = async () => (await t.client.api.listSubnets({ params: { vpcId } })).data;

  it("is posted with the short mark in its label, which is put back once the create returns", async () => {
    const { spec, made } = keepingAnswer(subnetSpec);
    const { outs } = await makeProvider(spec).create(inputs(), app);
    expect(made).toEqual([expect.objectContaining({ label: labelMarked("app", mark(app)) })]);
    expect(labelMarked("app", mark(app))).toMatch(/^app-[0-9a-f]{12}$/);
    expect(outs.label).toBe("app");
    expect((await subnets()).map((s) => s.label)).toEqual(["app"]);
  });

  it("carrying its mark, is adopted on a machine with no journal: no overlap, no clash, no POST", async () => {
    const body = { label: labelMarked("app", mark(app)), ipv4: "10.0.1.0/24" };
    const made = await t.client.api.createSubnet({ params: { vpcId }, body });
    const { failures } = await makeProvider(subnetSpec).check({}, inputs(), app);
    expect(failures).toEqual([]);
    await t.control.clearRequests();
    const { id, outs } = await makeProvider(subnetSpec).create(inputs(), app);
    expect(id).toBe(String(made.id));
    expect(outs.label).toBe("app");
    expect(await requests("POST")).toEqual([]);
    expect((await subnets()).map((s) => [s.id, s.label])).toEqual([[made.id, "app"]]);
  });

  it("holding the declared label without the mark, fails the check naming it", async () => {
    const made = await t.client.api.createSubnet({
      params: { vpcId },
      body: { label: "app", ipv4: "10.0.2.0/24" },
    });
    const { failures } = await makeProvider(subnetSpec).check({}, inputs(), app);
    expect((failures ?? []).map((f) => f.reason)).toContainEqual(
      expect.stringContaining(`already exists (${made.id}) and is not this stack's`),
    );
  });

  it("with another resource's mark in the label, is not adopted", async () => {
    const other = resource("Subnet", "other");
    const body = { label: labelMarked("app", mark(other)), ipv4: "10.0.3.0/24" };
    const made = await t.client.api.createSubnet({ params: { vpcId }, body });
    const { id } = await makeProvider(subnetSpec).create(inputs(), app);
    expect(id).not.toBe(String(made.id));
  });
});

it("an SSH key carrying its mark is adopted by the listing; one with the declared label alone is not", async () => {
  const deploy = resource("SshKey", "deploy");
  const sshKey = publicKeyLine("ed25519");
  const person = await t.client.api.createProfileSshKey({ body: { label: "deploy", ssh_key: sshKey } });
  const body = { label: labelMarked("deploy", mark(deploy)), ssh_key: sshKey };
  const made = await t.client.api.createProfileSshKey({ body });
  await t.control.clearRequests();
  const { id, outs } = await makeProvider(sshKeySpec).create({ label: "deploy", sshKey }, deploy);
  expect(id).toBe(String(made.id));
  expect(outs.label).toBe("deploy");
  expect(await requests("POST")).toEqual([]);
  const keys = (await t.client.api.listProfileSshKeys()).data.map((k) => [k.id, k.label]);
  expect(keys).toEqual([
    [person.id, "deploy"],
    [made.id, "deploy"],
  ]);
});

it("a StackScript's description carries the mark until its create returns", async () => {
  const setup = resource("StackScript", "setup");
  const inputs = {
    label: "setup",
    script: "#!/bin/bash\ntrue",
    images: ["compute/debian12"],
    description: "boot",
  };
  const { spec, made } = keepingAnswer(stackScriptSpec);
  const { id, outs } = await makeProvider(spec).create(inputs, setup);
  expect(made).toEqual([expect.objectContaining({ description: `boot ${mark(setup)}` })]);
  expect(outs.description).toBe("boot");
  expect((await t.client.api.getStackScript({ params: { stackscriptId: Number(id) } })).description).toBe(
    "boot",
  );
  // Made and marked by an interrupted create: adopted by a second create of the same resource.
  const again = { ...inputs, label: "setup-2" };
  const second = resource("StackScript", "second");
  const interrupted = await t.client.api.createStackScript({
    body: { ...again, description: `boot ${mark(second)}`, rev_note: "", is_public: false },
  });
  const adopted = await makeProvider(stackScriptSpec).create(again, second);
  expect(adopted.id).toBe(String(interrupted.id));
  expect(adopted.outs.description).toBe("boot");
});

it("a token carrying its mark (its value lost with the killed run) is revoked on any machine, and a new one made", async () => {
  const ci = resource("Token", "ci");
  const orphan = await t.client.api.createProfileToken({
    body: { label: labelMarked("ci", mark(ci)), scopes: "*" },
  });
  const someone = await t.client.api.createProfileToken({ body: { label: "ci", scopes: "*" } });
  const { id, outs } = await makeProvider(tokenSpec).create({ label: "ci", scopes: "*" }, ci);
  const tokens = (await t.client.api.listProfileTokens()).data.map((k) => [k.id, k.label]);
  expect(tokens).toEqual(
    expect.arrayContaining([
      [someone.id, "ci"],
      [Number(id), "ci"],
    ]),
  );
  expect(tokens.map(([tokenId]) => tokenId)).not.toContain(orphan.id);
  expect(outs.label).toBe("ci");
  // The value the create's answer held, not the shortened one a PUT answers.
  expect(outs.token).toEqual(expect.any(String));
  expect((outs.token as string).length).toBeGreaterThan(16);
});

it("an Image a capture made carrying its mark is adopted, its declared description put back", async () => {
  const instance = await empty(t);
  const disk = await t.client.api.createDisk({
    params: { computeId: instance.id },
    body: { label: "data", size: 100 },
  });
  await t.control.clock({ advance_ms: 60_000 });
  const golden = resource("Image", "golden");
  const interrupted = await t.client.api.createImage({
    body: { disk_id: disk.id, label: "golden", description: `base ${mark(golden)}` },
  });
  await t.control.clock({ advance_ms: 60_000 });
  await t.control.clearRequests();
  const { id, outs } = await makeProvider(imageSpec).create(
    { diskId: disk.id, label: "golden", description: "base" },
    golden,
  );
  expect(id).toBe(interrupted.id);
  expect(outs.description).toBe("base");
  expect(await requests("POST")).toEqual([]);
  expect((await t.client.api.getImage({ params: { imageId: interrupted.id } })).description).toBe("base");
});
