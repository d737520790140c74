/**
 * A failure as the engine receives it: one line (the provider's errors already are), and, for a
 * failure after the object was made (a partial failure), its ID and properties, so the engine keeps
 * the object in the state (`ErrorResourceInitFailed` in the status details, as Pulumi's own hosts send).
 */
import * as grpc from "@grpc/grpc-js";
import { Any } from "google-protobuf/google/protobuf/any_pb";
import { ErrorResourceInitFailed } from "@pulumi/pulumi/proto/provider_pb";
import { Status } from "@pulumi/pulumi/proto/status_pb";
import { PartialFailure } from "../provider/core-interface";
import type { RequestSecrets } from "./secrets";
import { toStruct } from "./values";

/** `secrets`: the request's, kept out of the message and marked in the properties; `outputs`: the
 * secret outputs of the resource's kind, and its outputs as the engine takes them. */
export function grpcError(
  err: unknown,
  secrets: Pick<RequestSecrets, "redact" | "mark">,
  outputs: {
    secrets: readonly string[];
    carries?: Readonly<Record<string, string>>;
    toEngine?(props: Record<string, unknown>): Record<string, unknown>;
  } = {
    secrets: [],
  },
): Partial<grpc.StatusObject> {
  const message = secrets.redact((err instanceof Error ? err.message : String(err)).split("\n")[0]!);
  const metadata = new grpc.Metadata();
  if (err instanceof PartialFailure && err.id !== "") {
    const detail = new ErrorResourceInitFailed();
    detail.setId(err.id);
    const engineProps = outputs.toEngine?.(err.properties) ?? err.properties;
    detail.setProperties(toStruct(secrets.mark(engineProps, undefined, outputs.carries), outputs.secrets));
    detail.setReasonsList(err.reasons.map((reason) => secrets.redact(reason)));
    const any = new Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, metadata };
}
