/**
 * Token: scopes compared as a set, expiry and scopes replace, a past expiry and scopes beyond the
 * provider's token refused at check, the value kept through read and update, a lost create's
 * orphan revoked (never adopted: its value is lost).
 */
import { collect } from "../../../../src/client";
import { profileTokenEndpoints } from "../../../../src/contract";
import { checkInputs } from "../../../../src/provider/core/check";
import { journalFile, readEntry, writeEntry } from "../../../../src/provider/core/create-journal";
import { diffInputs } from "../../../../src/provider/core/diff";
import * as engineWatch from "../../../../src/provider/core/engine-watch";
import { makeProvider } from "../../../../src/provider/core/make-provider";
import { configure } from "../../../../src/provider/core/settings";
import { canonicalScopes, tokenSpec } from "../../../../src/provider/kinds/token";
import { useEmulator } from "../../../support/emulator";
import { useJournalDir } from "../../../support/journal";
import { expectOutputsRoundTrip, useProviderSettings } from "../../../support/provider";

const t = useEmulator();
useProviderSettings(t);

const FUTURE = "2099-01-01T00:00:00";
const PAST = "2001-01-01T00:00:00";
const tokens = () => collect(t.client.each(profileTokenEndpoints.listProfileTokens));
const labelled = async (label: string) => (await tokens()).filter((tok) => tok.label === label);
/** Acts as `token`: the provider's settings, not just a client. */
const actAs = (token: string) =>
  configure({ get: (key) => ({ "compute:apiUrl": t.emulator.url, "compute:token": token })[key] });

describe("check", () => {
  const check = (news: Record<string, unknown>, olds: Record<string, unknown> = {}) =>
    makeProvider(tokenSpec).check!(olds, news);

  it("names the failing property with the contract's reason", () => {
    const { failures } = checkInputs(tokenSpec.inputs, {
      label: "",
      scopes: "vpc:admin",
      expiry: "tomorrow",
    });
    expect(failures.map((f) => f.property)).toEqual(["label", "scopes", "expiry"]);
    expect(failures[1]!.reason).toMatch(/^scopes must be \* or a space-separated list/);
  });

  it("writes scopes in one order and spacing, and no expiry as null", () => {
    expect(
      checkInputs(
        tokenSpec.inputs,
        { label: "ci", scopes: " vpc:read_only   account:read_write vpc:read_only " },
        tokenSpec.defaults,
      ),
    ).toEqual({
      inputs: { label: "ci", scopes: "account:read_write vpc:read_only", expiry: null },
      failures: [],
    });
    expect(canonicalScopes(" * ")).toBe("*");
  });

  it("refuses a past expiry when it is new, not once the token exists with it", async () => {
    expect((await check({ label: "ci", expiry: PAST })).failures).toEqual([
      { property: "expiry", reason: expect.stringMatching(/^expiry: must be in the future/) },
    ]);
    expect((await check({ label: "ci", expiry: PAST }, { label: "ci", expiry: PAST })).failures).toEqual([]);
    expect((await check({ label: "ci", expiry: FUTURE })).failures).toEqual([]);
  });

  it("refuses scopes beyond the provider's own token, found among the profile's tokens", async () => {
    const { token } = await t.control.seedUser({
      username: "ci",
      scopes: "account:read_write vpc:read_only",
    });
    actAs(token);
    expect((await check({ label: "ci", scopes: "vpc:read_only account:read_only" })).failures).toEqual([]);
    expect((await check({ label: "ci", scopes: "vpc:read_write computes:read_only" })).failures).toEqual([
      {
        property: "scopes",
        reason:
          "scopes: scopes may not exceed those of the provider's own token (computes:read_only vpc:read_write not held; " +
          "it has account:read_write vpc:read_only)",
      },
    ]);
    expect((await check({ label: "ci", scopes: "*" })).failures).toHaveLength(1);
    // Unchanged scopes are not looked up again.
    const unchanged = { label: "ci", scopes: "computes:read_only" };
    expect((await check(unchanged, unchanged)).failures).toEqual([]);
  });

  it("leaves the scopes to the API when the provider's token cannot list tokens", async () => {
    const { token } = await t.control.seedUser({ username: "vpc", scopes: "vpc:read_write" });
    actAs(token);
    expect((await check({ label: "ci", scopes: "computes:read_write" })).failures).toEqual([]);
  });
});

describe("diff", () => {
  const olds = {
    label: "ci",
    scopes: "account:read_only vpc:read_write",
    expiry: FUTURE,
    token: "secret",
    created: "x",
    schemaVersion: 1,
    __provider: "p",
  };
  const inputs = (news: Record<string, unknown>) =>
    checkInputs(tokenSpec.inputs, { ...olds, ...news }, tokenSpec.defaults).inputs;

  it("sees no change in the order or spacing of the scopes", () => {
    expect(
      diffInputs(tokenSpec, olds, inputs({ scopes: "vpc:read_write  account:read_only" })),
    ).toMatchObject({
      changes: false,
    });
  });

  it("sees no change in scopes left to the API", () => {
    expect(diffInputs(tokenSpec, olds, inputs({ scopes: undefined }))).toMatchObject({ changes: false });
  });

  it("updates the label in place, and replaces on other scopes or another expiry", () => {
    expect(diffInputs(tokenSpec, olds, inputs({ label: "ci-2" }))).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
      changed: ["label"],
    });
    expect(diffInputs(tokenSpec, olds, inputs({ scopes: "vpc:read_write" }))).toMatchObject({
      replaces: ["scopes"],
      deleteBeforeReplace: false,
    });
    expect(diffInputs(tokenSpec, olds, inputs({ expiry: undefined }))).toMatchObject({
      replaces: ["expiry"],
    });
  });
});

describe("outputs", () => {
  it("are the inputs and the computed fields; read and update keep the full value", async () => {
    const { id, outs, provider } = await expectOutputsRoundTrip(tokenSpec, {
      label: "ci",
      scopes: "account:read_only vpc:read_write",
      expiry: FUTURE,
    });
    const value = outs.token as string;
    expect(value.length).toBeGreaterThan(16);
    const [listed] = await tokens().then((all) => all.filter((tok) => String(tok.id) === id));
    expect(listed!.token).toBe(value.slice(0, 16));
    const { outs: updated } = await provider.update!(id, outs, {
      label: "ci-2",
      scopes: outs.scopes,
      expiry: FUTURE,
    });
    expect(updated).toMatchObject({ label: "ci-2", token: value });
    // The value works.
    expect((await t.clientFor(value).api.listVpcs()).data).toEqual([]);
  });

  it("holds the scopes as a set, however the API orders them", async () => {
    const { outs } = await makeProvider(tokenSpec).create({
      label: "ci",
      scopes: "vpc:read_write account:read_only",
      expiry: null,
    });
    expect(outs).toMatchObject({ scopes: "account:read_only vpc:read_write", expiry: null });
  });
});

describe("a create whose answer is lost", () => {
  it("revokes the token it made (its value is lost) and creates another", async () => {
    const other = await t.client.api.createProfileToken({ body: { label: "ci" } });
    await t.control.injectFault({ status: 502, lost: true, method: "POST", path: "/profile/tokens" });
    const { id, outs } = await makeProvider(tokenSpec).create({ label: "ci", expiry: null });
    const left = await labelled("ci");
    expect(left.map((tok) => tok.id).sort()).toEqual([other.id, Number(id)].sort());
    expect(left.find((tok) => String(tok.id) === id)!.token).toBe((outs.token as string).slice(0, 16));
    const events = await t.control.events({ action: "token_delete" });
    expect(events).toHaveLength(1);
  });

  it("gives up after a bounded number of attempts, leaving no token behind", async () => {
    await t.control.injectFault({
      status: 502,
      lost: true,
      count: 3,
      method: "POST",
      path: "/profile/tokens",
    });
    await expect(makeProvider(tokenSpec).create({ label: "ci", expiry: null })).rejects.toThrow(
      /^Token create: Token ci: no answer after 3 attempts/,
    );
    expect(await labelled("ci")).toEqual([]);
  });
});

describe("a create interrupted with an earlier run", () => {
  useJournalDir();

  it("revokes the token it made (its value only its answer held) and creates another", async () => {
    const other = await t.client.api.createProfileToken({ body: { label: "ci", scopes: "vpc:read_only" } });
    const journal = journalFile(t.emulator.url, "p/s/Token/ci");
    await writeEntry(journal, { kind: "Token", before: [other.id] });
    const orphan = await t.client.api.createProfileToken({ body: { label: "ci" } });
    const { id } = await makeProvider(tokenSpec).create(
      { label: "ci", expiry: null },
      { journalKey: "p/s/Token/ci" },
    );
    const left = (await labelled("ci")).map((tok) => tok.id).sort();
    expect(left).toEqual([other.id, Number(id)].sort());
    expect(left).not.toContain(orphan.id);
    expect(await readEntry(journal)).toBeUndefined();
  });

  it("keeps the listing, never the ID, when the engine is gone as the create returns: the next create revokes it", async () => {
    const journalKey = "p/s/Token/gone";
    const alive = jest.spyOn(engineWatch, "engineAlive").mockResolvedValue(false);
    try {
      const first = await makeProvider(tokenSpec).create({ label: "gone", expiry: null }, { journalKey });
      expect(await readEntry(journalFile(t.emulator.url, journalKey))).toMatchObject({ before: [] });
      alive.mockResolvedValue(true);
      const { id } = await makeProvider(tokenSpec).create({ label: "gone", expiry: null }, { journalKey });
      expect((await labelled("gone")).map((tok) => String(tok.id))).toEqual([id]);
      expect(id).not.toBe(first.id);
    } finally {
      alive.mockRestore();
    }
  });
});
