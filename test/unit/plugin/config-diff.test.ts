/** DiffConfig: an apiUrl that reaches another account replaces; the same account elsewhere, a token or a timeout updates. */
import { DiffResponse } from "@pulumi/pulumi/proto/provider_pb";
import { diffConfig, type AccountOf } from "../../../src/plugin/config-diff";

const accounts: Record<string, string | undefined> = {
  "https://a.example/v4": "1/owner",
  "https://a-proxy.example/v4": "1/owner",
  "https://b.example/v4": "7/other",
  "https://down.example/v4": undefined,
};
const asked: string[] = [];
const accountOf: AccountOf = async (apiUrl, token) => {
  asked.push(`${apiUrl} ${token}`);
  return accounts[apiUrl];
};
const old = { apiUrl: "https://a.example/v4", token: "t1", version: "0.1.0" };
const answer = async (news: Record<string, unknown>) => {
  const r = await diffConfig(old, { ...old, ...news }, accountOf);
  return { changes: r.getChanges(), diffs: r.getDiffsList(), replaces: r.getReplacesList() };
};
const { DIFF_NONE, DIFF_SOME } = DiffResponse.DiffChanges;

beforeEach(() => (asked.length = 0));

test("the same settings: no change, and no API asked", async () => {
  expect(await answer({})).toEqual({ changes: DIFF_NONE, diffs: [], replaces: [] });
  expect(await answer({ apiUrl: "https://a.example/v4/" })).toEqual({
    changes: DIFF_NONE,
    diffs: [],
    replaces: [],
  });
  expect(asked).toEqual([]);
});

test("another account replaces; each API is asked with its own token", async () => {
  expect(await answer({ apiUrl: "https://b.example/v4", token: "t2" })).toEqual({
    changes: DIFF_SOME,
    diffs: ["apiUrl", "token"],
    replaces: ["apiUrl"],
  });
  expect(asked.sort()).toEqual(["https://a.example/v4 t1", "https://b.example/v4 t2"]);
});

test("the same account at another address, an API that does not answer, a token or a timeout: an update", async () => {
  expect(await answer({ apiUrl: "https://a-proxy.example/v4" })).toMatchObject({
    changes: DIFF_SOME,
    replaces: [],
  });
  expect(await answer({ apiUrl: "https://down.example/v4" })).toMatchObject({
    changes: DIFF_SOME,
    replaces: [],
  });
  expect(await answer({ token: "t3", createTimeoutSeconds: 60 })).toEqual({
    changes: DIFF_SOME,
    diffs: ["token", "createTimeoutSeconds"],
    replaces: [],
  });
});

test("an apiUrl not yet known (a preview of another resource's output) updates, and no API is asked", async () => {
  expect(await answer({ apiUrl: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" })).toEqual({
    changes: DIFF_SOME,
    diffs: ["apiUrl"],
    replaces: [],
  });
  expect(asked).toEqual([]);
});
