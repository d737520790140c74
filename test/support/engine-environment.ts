/**
 * The engine tests' environment: Node's, plus one thing. A program run inline (Automation API) may
 * leave rejections behind when its preview or update fails: the Pulumi runtime's last RPCs (the
 * stack's outputs) are answered UNAVAILABLE or CANCELLED by an engine that has already stopped. The
 * runtime names them "Resource monitor is terminating" and means them to be ignored, but re-raises
 * them as unhandled; its inline server's handler for them sits on the test's copy of `process`, which
 * never hears them. Here, on the real process and after Jest's own handlers, only those rejections
 * are marked handled (Jest then forgets them); any other one still fails the test that raised it.
 */
import { status } from "@grpc/grpc-js";
import { TestEnvironment } from "jest-environment-node";

/** A gRPC answer saying the engine's resource monitor is gone (the runtime's own test, `isGrpcError`). */
export function isEngineShutdown(reason: unknown): boolean {
  const code = (reason as { code?: unknown } | null)?.code;
  return code === status.UNAVAILABLE || code === status.CANCELLED;
}

function markHandled(reason: unknown, promise: Promise<unknown>): void {
  if (isEngineShutdown(reason)) promise.catch(() => undefined);
}

export default class EngineEnvironment extends TestEnvironment {
  handleTestEvent(event: { name: string }): void {
    // Jest puts its handlers on the process at `run_start`, taking off any found there before.
    if (event.name === "run_start") process.on("unhandledRejection", markHandled);
    if (event.name === "run_finish") process.off("unhandledRejection", markHandled);
  }
}
