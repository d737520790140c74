/** Provider methods called directly against the test emulator: settings pointed at it, typed results. */
import type * as pulumi from "@pulumi/pulumi";
import { configure } from "../../src/provider/settings";
import type { EmulatorFixture } from "./emulator";

/** Points the provider settings at the fixture's emulator (before each test). */
export function useProviderSettings(t: EmulatorFixture, extra: Record<string, string> = {}) {
  beforeEach(() => {
    const values: Record<string, string> = {
      "compute:apiUrl": t.emulator.url,
      "compute:token": t.emulator.token,
      ...extra,
    };
    configure({ get: (key) => values[key] });
  });
}

export type Provider = pulumi.dynamic.ResourceProvider;

/** What a provider method threw. */
export async function thrown(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  return err as Error & Record<string, unknown>;
}
