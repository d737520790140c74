/**
 * SshKey: check names sshKey and label, diff updates the label and replaces on the key, outputs
 * round-trip, a lost create is adopted (never a duplicate). (A create refused before the API acted
 * and delete: shared-stories.test.ts.)
 */
import { collect } from "../../../../src/client";
import { profileSshKeyEndpoints } from "../../../../src/contract";
import { checkInputs } from "../../../../src/provider/core/check";
import { diffInputs } from "../../../../src/provider/core/diff";
import { makeProvider } from "../../../../src/provider/core/make-provider";
import { sshKeySpec } from "../../../../src/provider/kinds/ssh-key";
import { useEmulator } from "../../../support/emulator";
import { expectOutputsRoundTrip, useProviderSettings } from "../../../support/provider";
import { publicKeyLine } from "../../../support/ssh-keys";

const t = useEmulator();
useProviderSettings(t);

const KEY = publicKeyLine("ed25519");
const OTHER = publicKeyLine("ecdsa");
const keys = () => collect(t.client.each(profileSshKeyEndpoints.listProfileSshKeys));

describe("check", () => {
  it("names the failing property with the contract's reason", () => {
    const { failures } = checkInputs(sshKeySpec.inputs, {
      label: "l".repeat(65),
      sshKey: "ssh-ed25519 not-a-key",
    });
    expect(failures).toEqual([
      { property: "label", reason: "label must be at most 64 characters" },
      {
        property: "sshKey",
        reason:
          "sshKey must be an SSH public key: ssh-rsa, ssh-ed25519 or ecdsa-sha2-nistp* followed by the base64 key",
      },
    ]);
  });

  it("accepts every key type the API does, without the surrounding spaces of a key file", () => {
    for (const type of ["ed25519", "ecdsa", "rsa"] as const) {
      const line = publicKeyLine(type);
      expect(checkInputs(sshKeySpec.inputs, { label: "k", sshKey: `  ${line}\n` })).toEqual({
        inputs: { label: "k", sshKey: line },
        failures: [],
      });
    }
  });

  it("refuses a key whose blob does not hold its type", () => {
    const [, blob] = OTHER.split(" ");
    const { failures } = checkInputs(sshKeySpec.inputs, { label: "k", sshKey: `ssh-ed25519 ${blob}` });
    expect(failures.map((f) => f.property)).toEqual(["sshKey"]);
  });
});

describe("diff", () => {
  const olds = { label: "a", sshKey: KEY, created: "x", schemaVersion: 1, __provider: "p" };

  it("reports no change for the same inputs, a key file's newline included", () => {
    const { inputs } = checkInputs(sshKeySpec.inputs, { label: "a", sshKey: `${KEY}\n` });
    expect(diffInputs(sshKeySpec, olds, inputs)).toMatchObject({ changes: false });
  });

  it("updates the label in place and replaces on the key", () => {
    expect(diffInputs(sshKeySpec, olds, { label: "b", sshKey: KEY })).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      changed: ["label"],
    });
    expect(diffInputs(sshKeySpec, olds, { label: "a", sshKey: OTHER })).toMatchObject({
      replaces: ["sshKey"],
      deleteBeforeReplace: false,
    });
  });
});

describe("outputs", () => {
  it("are exactly the inputs and the computed fields, the same from create and read", async () => {
    await expectOutputsRoundTrip(sshKeySpec, { label: "deploy", sshKey: KEY });
  });

  it("update changes the label and keeps the key", async () => {
    const { id, outs, provider } = await expectOutputsRoundTrip(sshKeySpec, { label: "a", sshKey: KEY });
    const { outs: updated } = await provider.update!(id, outs, { label: "b", sshKey: KEY });
    expect(updated).toMatchObject({ label: "b", sshKey: KEY, created: outs.created });
    expect((await keys()).map((k) => [k.id, k.label])).toEqual([[Number(id), "b"]]);
  });
});

describe("a create whose answer is lost", () => {
  it("adopts the key the API made, not an identical key that was there before", async () => {
    const before = await t.client.api.createProfileSshKey({ body: { label: "deploy", ssh_key: KEY } });
    await t.control.injectFault({ status: 502, lost: true, method: "POST", path: "/profile/sshkeys" });
    const { id } = await makeProvider(sshKeySpec).create({ label: "deploy", sshKey: KEY });
    const all = await keys();
    expect(all).toHaveLength(2);
    expect(Number(id)).not.toBe(before.id);
    expect(all.map((k) => k.id)).toContain(Number(id));
  });
});
