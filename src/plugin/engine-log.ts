/**
 * A resource's progress lines (a long wait's "waiting for ...") sent to the engine's log against the
 * resource's URN, so the CLI shows them on the resource's line and under its diagnostics, not the
 * stack's (where a plugin's stdout goes). The engine's address is the plugin's argument, or the
 * current run's Attach (runs.ts).
 */
import * as grpc from "@grpc/grpc-js";
import { EngineClient } from "@pulumi/pulumi/proto/engine_grpc_pb";
import { LogRequest, LogSeverity } from "@pulumi/pulumi/proto/engine_pb";
import { engineAddress } from "../provider/core-interface";

/** The client of the engine last logged to, and its address. */
let engine: { target: string; client: EngineClient } | undefined;

/** The log of the resource with this URN; undefined when the engine's address is unknown. */
export function engineLog(urn: string): ((line: string) => void) | undefined {
  const address = engineAddress();
  if (!address) return undefined;
  const host = address.host.includes(":") ? `[${address.host}]` : address.host;
  const target = `${host}:${address.port}`;
  if (engine?.target !== target) {
    // A plugin started by hand serves one run after another, each engine at its own address.
    engine?.client.close();
    engine = { target, client: new EngineClient(target, grpc.credentials.createInsecure()) };
  }
  const { client } = engine;
  return (line) => {
    const request = new LogRequest();
    request.setSeverity(LogSeverity.INFO);
    request.setMessage(line);
    request.setUrn(urn);
    // A line that cannot be delivered (the engine is going away) is dropped.
    client.log(request, () => {});
  };
}
