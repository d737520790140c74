/** What every data function shares: where credentials come from, one-line errors, label globs and regexes. */
import * as pulumi from "@pulumi/pulumi";
import { DataFunctionError, getProfile, getRegions, getVpcs } from "../../../src/functions";
import { labelCondition, labelTest } from "../../../src/functions/labels";
import { useEmulator } from "../../support/emulator";

const t = useEmulator();

/** Runs `body` with these environment variables (undefined: unset), then restores them. */
async function withEnv<T>(env: Record<string, string | undefined>, body: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(env);
  try {
    return await body();
  } finally {
    apply(saved);
  }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (err: unknown) => err as Error,
  );

describe("credentials", () => {
  it("come from COMPUTE_API_URL and COMPUTE_TOKEN when the stack config has none", async () => {
    const profile = await withEnv({ COMPUTE_API_URL: t.emulator.url, COMPUTE_TOKEN: t.emulator.token }, () =>
      getProfile(),
    );
    expect(profile.username).toBeTruthy();
  });

  it("come from the stack config first (the secret token read as its plain value)", async () => {
    pulumi.runtime.setAllConfig({ "compute:apiUrl": t.emulator.url, "compute:token": t.emulator.token }, [
      "compute:token",
    ]);
    try {
      await withEnv({ COMPUTE_API_URL: "http://127.0.0.1:1/v4", COMPUTE_TOKEN: "wrong" }, async () => {
        expect((await getProfile()).username).toBeTruthy();
      });
    } finally {
      pulumi.runtime.setAllConfig({}, []);
    }
  });

  it("explicit options win over both", async () => {
    await withEnv({ COMPUTE_API_URL: "http://127.0.0.1:1/v4", COMPUTE_TOKEN: "wrong" }, async () => {
      const vpcs = await getVpcs({}, { apiUrl: t.emulator.url, token: t.emulator.token });
      expect(vpcs).toEqual({ vpcs: [] });
    });
  });

  it("a missing URL or token is one line saying how to set it; public reads need no token", async () => {
    await withEnv({ COMPUTE_API_URL: undefined, COMPUTE_TOKEN: undefined }, async () => {
      const noUrl = await failure(getProfile());
      expect(noUrl).toBeInstanceOf(DataFunctionError);
      expect(noUrl.message).toMatch(/^No API URL: run `pulumi config set compute:apiUrl/);
      const noToken = await failure(getProfile({ apiUrl: t.emulator.url }));
      expect(noToken.message).toMatch(/^No API token: run `pulumi config set --secret compute:token/);
      expect((await getRegions({}, { apiUrl: t.emulator.url })).regions.length).toBeGreaterThan(0);
    });
  });

  it("an API failure is one line naming the function, without the token", async () => {
    const err = await failure(getVpcs({}, { apiUrl: t.emulator.url, token: "not-a-valid-token" }));
    expect(err).toBeInstanceOf(pulumi.RunError);
    expect(err.message).toMatch(/^getVpcs: \[401\] .*\(GET \/vpcs\)$/);
    expect(err.message).not.toContain("not-a-valid-token");
  });
});

describe("labels", () => {
  it("a glob matches the whole label, case-sensitively, with * and ?", () => {
    const glob = (label: string) => labelTest({ label });
    expect(glob("Debian *")("Debian 12")).toBe(true);
    expect(glob("Debian *")("debian 12")).toBe(false);
    expect(glob("Debian *")("Old Debian 12")).toBe(false);
    expect(glob("Ubuntu 2?.04*")("Ubuntu 24.04 LTS")).toBe(true);
    expect(glob("a.b")("axb")).toBe(false);
    expect(glob("(x)[1]+")("(x)[1]+")).toBe(true);
  });

  it("a regex needs a match anywhere; with a glob, both must hold; a bad one is named", () => {
    expect(labelTest({ labelRegex: "^Debian \\d+$" })("Debian 12")).toBe(true);
    expect(labelTest({ labelRegex: "bian" })("Debian 12")).toBe(true);
    expect(labelTest({ label: "Debian *", labelRegex: "11" })("Debian 12")).toBe(false);
    expect(() => labelTest({ labelRegex: "(" })).toThrow(
      /^labelRegex "\(" is not a valid regular expression/,
    );
    // An argument error: the plugin's invoke answers it as a failure naming the argument.
    expect(() => labelTest({ labelRegex: "(" })).toThrow(
      expect.objectContaining({
        argument: "labelRegex",
        withoutValue: "labelRegex is not a valid regular expression",
      }) as Error,
    );
  });

  it("the API gets the exact label, or +contains of the glob's longest literal run", () => {
    expect(labelCondition(undefined)).toBeUndefined();
    expect(labelCondition("web-1")).toBe("web-1");
    expect(labelCondition("Ubuntu 2?.04*")).toEqual({ "+contains": "Ubuntu 2" });
    expect(labelCondition("*")).toBeUndefined();
  });
});
