/**
 * A resource's progress lines (a long wait's "waiting for ...") sent to the engine's log against the
 * resource's URN, so the CLI shows them on the resource's line and under its diagnostics, not the
 * stack's (where a plugin's stdout goes). The engine's address is the plugin's argument.
 */
import * as grpc from "@grpc/grpc-js";
import { EngineClient } from "@pulumi/pulumi/proto/engine_grpc_pb";
import { LogRequest, LogSeverity } from "@pulumi/pulumi/proto/engine_pb";
import { engineAddress } from "../provider/core/engine-watch";

let engine: EngineClient | undefined;

/** The log of the resource with this URN; undefined when the engine's address is unknown. */
export function engineLog(urn: string): ((line: string) => void) | undefined {
  const address = engineAddress();
  if (!address) return undefined;
  const host = address.host.includes(":") ? `[${address.host}]` : address.host;
  engine ??= new EngineClient(`${host}:${address.port}`, grpc.credentials.createInsecure());
  const client = engine;
  return (line) => {
    const request = new LogRequest();
    request.setSeverity(LogSeverity.INFO);
    request.setMessage(line);
    request.setUrn(urn);
    // A line that cannot be delivered (the engine is going away) is dropped.
    client.log(request, () => {});
  };
}
