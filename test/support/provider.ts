/** Provider methods called directly against the test emulator: settings pointed at it, typed results. */
import type * as pulumi from "@pulumi/pulumi";
import { checkInputs } from "../../src/provider/core/check";
import { DECLARED } from "../../src/provider/core/declared";
import { makeProvider } from "../../src/provider/core/make-provider";
import { processMemory } from "../../src/provider/core/process-memory";
import type { AnySpec, Props } from "../../src/provider/core/resource-spec";
import { configure } from "../../src/provider/core/settings";
import type { EmulatorFixture } from "./emulator";
import { forgetListingReads } from "../../src/client/listing-reads";

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
  // and children its checks noted: the provider starts as a new process would.
  processMemory.forget();
  forgetListingReads();
}

export type Provider = pulumi.dynamic.ResourceProvider;

/** `news` as check's first steps leave them: each field by the contract's schema, then the spec's defaults (no lookups). */
export function checked(spec: AnySpec, news: Props) {
  return checkInputs(spec.inputs, news, spec.defaults);
}

/** `checked`, failing the test on a failure: the inputs. */
export function checkedInputs(spec: AnySpec, news: Props): Props {
  const { inputs, failures } = checked(spec, news);
  expect(failures).toEqual([]);
  return inputs;
}

/**
 * A kind's provider, and what its tests call: `checked(news)`, and `create(news)`, which checks
 * `news` as the engine would before a create (by `checked`; by the provider's whole check, lookups
 * included, with `check: "provider"`), fails the test on a failure, and creates.
 */
export function providerFor(spec: AnySpec, { check = "fields" }: { check?: "fields" | "provider" } = {}) {
  const provider = makeProvider(spec);
  const create = async (news: Props) => {
    const { inputs, failures } = check === "provider" ? await provider.check!({}, news) : checked(spec, news);
    expect(failures).toEqual([]);
    const { id, outs } = await provider.create(inputs);
    return { id, outs, inputs };
  };
  return { provider, checked: (news: Props) => checked(spec, news), create };
}

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
    [...Object.keys(spec.inputs.shape), ...spec.computed, "__schemaVersion", DECLARED]
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
