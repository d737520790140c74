/** Provider methods called directly against the test emulator: settings pointed at it, typed results. */
import type * as pulumi from "@pulumi/pulumi";
import { forgetAccess } from "../../src/provider/access-check";
import { forgetCatalogues } from "../../src/provider/catalogues";
import { forgetHeldObjects } from "../../src/provider/held-objects";
import { forgetClaims } from "../../src/provider/label-claims";
import { DECLARED } from "../../src/provider/declared";
import { makeProvider } from "../../src/provider/make-provider";
import type { AnySpec } from "../../src/provider/resource-spec";
import { configure } from "../../src/provider/settings";
import { forgetChildren } from "../../src/provider/siblings";
import type { EmulatorFixture } from "./emulator";

/** Points the provider settings at the fixture's emulator (before each test). */
export function useProviderSettings(t: EmulatorFixture, extra: Record<string, string> = {}) {
  beforeEach(() => pointSettingsAt(t, extra));
}

/** Points the provider settings at the fixture's emulator now, with `extra` (e.g. a short timeout). */
export function pointSettingsAt(t: EmulatorFixture, extra: Record<string, string> = {}) {
  const values: Record<string, string> = {
    "compute:apiUrl": t.emulator.url,
    "compute:token": t.emulator.token,
    ...extra,
  };
  configure({ get: (key) => values[key] });
  // A label a check of an earlier test found free proves nothing in this one, nor the catalogues
  // and children its checks noted.
  forgetClaims();
  forgetCatalogues();
  forgetChildren();
  forgetHeldObjects();
  forgetAccess();
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

/**
 * Creates with `inputs` and checks the outputs are exactly the inputs and the spec's computed
 * fields, and that a read returns the same outputs and the inputs back (no diff on an untouched
 * resource). Returns the created ID and outputs.
 */
export async function expectOutputsRoundTrip(
  spec: AnySpec,
  inputs: Record<string, unknown>,
  /** Inputs these `inputs` cannot hold (e.g. a vlan-only field of a vpc interface). */
  absent: string[] = [],
) {
  const provider = makeProvider(spec);
  const { id, outs } = await provider.create(inputs);
  expect(Object.keys(outs).sort()).toEqual(
    [...Object.keys(spec.inputs.shape), ...spec.computed, "schemaVersion", DECLARED]
      .filter((key) => !absent.includes(key))
      .sort(),
  );
  expect(outs).toMatchObject(inputs);
  const read = await provider.read!(id, outs);
  expect(read.props).toEqual(outs);
  expect(read.inputs).toEqual(inputs);
  return { id, outs, provider };
}

/** The lines the provider prints (progress, adoptions), captured per test instead of printed. */
export function useLogLines(): string[] {
  const lines: string[] = [];
  beforeEach(() => {
    lines.length = 0;
    jest.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
  });
  afterEach(() => jest.restoreAllMocks());
  return lines;
}
