/** Jest helpers: one emulator per test file (reset before each test), clients for it, error assertions. */
import { ComputeApiError, ComputeClient, ControlClient } from "../../src/client";
import { startEmulator, type Emulator, type EmulatorOptions } from "../../src/emulator";
import { recordAnswers } from "./declared-statuses";

export interface EmulatorFixture {
  emulator: Emulator;
  /** The account owner's client (full access), without retries (a 429 fails at once). */
  client: ComputeClient;
  /** A client with no token, for the public endpoints. */
  anonymous: ComputeClient;
  control: ControlClient;
  /** A client for another token, without retries (a 429 fails at once). */
  clientFor(token: string): ComputeClient;
  /** The owner's client retrying `retries` times with near-zero backoff, so tests count attempts, not time
   * (a 429 is retried until the default deadline). */
  retrying(retries?: number): ComputeClient;
}

/** No retries of any kind. */
export const NO_RETRIES = { retries: 0, throttleTimeoutMs: 0 };

export function useEmulator(options: EmulatorOptions = {}): EmulatorFixture {
  const fixture = {} as EmulatorFixture;
  let undeclaredAnswers: (() => string[]) | undefined;
  beforeAll(async () => {
    const emulator = await startEmulator(options);
    undeclaredAnswers = recordAnswers(emulator);
    const clientFor = (token?: string) =>
      new ComputeClient({ baseUrl: emulator.url, token, retry: NO_RETRIES });
    Object.assign(fixture, {
      emulator,
      client: clientFor(emulator.token),
      anonymous: clientFor(),
      control: new ControlClient(emulator.controlUrl, emulator.token),
      clientFor,
      retrying: (retries = 3) =>
        new ComputeClient({
          baseUrl: emulator.url,
          token: emulator.token,
          retry: { retries, baseDelayMs: 1, maxDelayMs: 5 },
        }),
    });
  });
  beforeEach(() => fixture.emulator.reset());
  afterAll(async () => {
    await fixture.emulator?.close();
    // Every status the API answered in this file's tests is one the OpenAPI document declares.
    const undeclared = undeclaredAnswers?.() ?? [];
    if (undeclared.length) {
      throw new Error(`statuses the OpenAPI document does not declare:\n${undeclared.join("\n")}`);
    }
  });
  return fixture;
}

/** Awaits a failure and returns it as a ComputeApiError with the expected status. */
export async function apiError(promise: Promise<unknown>, status: number): Promise<ComputeApiError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ComputeApiError);
  expect((err as ComputeApiError).status).toBe(status);
  return err as ComputeApiError;
}

/** Awaits a 400 and checks that one of its errors names `field` (and matches `reason`, if given). */
export async function badRequest(promise: Promise<unknown>, field: string | undefined, reason?: RegExp) {
  const err = await apiError(promise, 400);
  const items = err.errors.filter((e) => e.field === field);
  expect(items).not.toHaveLength(0);
  if (reason) expect(items.map((e) => e.reason).join("\n")).toMatch(reason);
  return err;
}
