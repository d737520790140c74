/**
 * The engine tests' environment marks handled only the rejections a stopped engine leaves behind
 * (gRPC UNAVAILABLE or CANCELLED, "Resource monitor is terminating"): such a rejection, left
 * unhandled here, does not fail this file, and any other reason is not taken for one.
 */
import { status } from "@grpc/grpc-js";
import { isEngineShutdown } from "../support/engine-environment";

const terminating = (code: number) => Object.assign(new Error("Resource monitor is terminating"), { code });

test("a rejection the stopped engine leaves behind, left unhandled, fails no test", async () => {
  void Promise.reject(terminating(status.UNAVAILABLE));
  void Promise.reject(terminating(status.CANCELLED));
  // Node reports unhandled rejections once the microtasks have run: let it, twice over.
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
});

test("only the engine's UNAVAILABLE and CANCELLED answers count as its shutdown", () => {
  expect(isEngineShutdown(terminating(status.UNAVAILABLE))).toBe(true);
  expect(isEngineShutdown(terminating(status.CANCELLED))).toBe(true);
  expect(isEngineShutdown(terminating(status.INVALID_ARGUMENT))).toBe(false);
  expect(isEngineShutdown(new Error("Resource monitor is terminating"))).toBe(false);
  expect(isEngineShutdown(undefined)).toBe(false);
  expect(isEngineShutdown("UNAVAILABLE")).toBe(false);
});
