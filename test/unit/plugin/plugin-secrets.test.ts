import * as grpc from "@grpc/grpc-js";
import { PartialFailure } from "../../../src/provider/core/errors";
import { ErrorResourceInitFailed } from "@pulumi/pulumi/proto/provider_pb";
import { Status } from "@pulumi/pulumi/proto/status_pb";
import { grpcError } from "../../../src/plugin/errors";
import { containsSecrets, markByKey, RequestSecrets } from "../../../src/plugin/secrets";
import { secret, toStruct } from "../../../src/plugin/values";

it("marks by key as the engine does: objects key by key, any other value whole", () => {
  const ins = {
    description: secret("topsecret"),
    ipv4: { vpc: secret("10.0.1.5"), nat: "any" },
    tags: ["a", secret("b")],
    label: "web",
  };
  const outs = {
    description: "topsecret",
    ipv4: { vpc: "10.0.1.5", nat: "1.2.3.4" },
    tags: ["a", "b"],
    label: "web",
    created: "2026",
  };
  expect(markByKey(outs, ins)).toEqual({
    description: secret("topsecret"),
    ipv4: { vpc: secret("10.0.1.5"), nat: "1.2.3.4" },
    tags: secret(["a", "b"]),
    label: "web",
    created: "2026",
  });
  // A secret object in the inputs makes the output object secret whole; a value already secret stays as it is.
  expect(markByKey({ p: { a: 1 }, q: secret("x") }, { p: secret({ a: 1 }), q: secret("x") })).toEqual({
    p: secret({ a: 1 }),
    q: secret("x"),
  });
  expect(containsSecrets({ a: [{ b: secret(1) }] })).toBe(true);
  expect(containsSecrets({ a: [{ b: 1 }] })).toBe(false);
});

it("marks an output that carries a secret string under another key, and redacts the strings from text", () => {
  const secrets = new RequestSecrets([{ label: secret("topsecret-web"), region: "us-iad" }]);
  expect(secrets.any).toBe(true);
  const marked = secrets.mark(
    {
      label: "topsecret-web",
      hostname: "topsecret-web.example",
      details: [{ name: "topsecret-web" }],
      region: "us-iad",
    },
    { label: secret("topsecret-web") },
  );
  expect(marked).toEqual({
    label: secret("topsecret-web"),
    hostname: secret("topsecret-web.example"),
    details: [{ name: secret("topsecret-web") }],
    region: "us-iad",
  });
  expect(secrets.redact("label topsecret-web is taken in us-iad")).toBe("label [secret] is taken in us-iad");
  const none = new RequestSecrets([{ label: "web" }]);
  expect(none.any).toBe(false);
  expect(none.mark({ label: "web" }, { label: "web" })).toEqual({ label: "web" });
});

it("a Struct keeps what is wrapped already and wraps the kind's secret fields once", () => {
  const struct = toStruct({ rootPass: secret("hunter22"), label: secret("web"), gone: secret(undefined) }, [
    "rootPass",
  ]);
  expect(struct.toJavaScript()).toEqual({ rootPass: secret("hunter22"), label: secret("web") });
});

it("an error keeps the request's secrets out of its message and marks them in a partial failure's properties", () => {
  const secrets = new RequestSecrets([{ label: secret("topsecret-db") }]);
  const failure = new PartialFailure("Instance create: label topsecret-db: boot failed", "42", {
    label: "topsecret-db",
    status: "offline",
  });
  const answered = grpcError(failure, secrets, { secrets: [] });
  expect(answered.details).toBe("Instance create: label [secret]: boot failed");
  const bin = (answered.metadata as grpc.Metadata).get("grpc-status-details-bin")[0] as Buffer;
  const detail = ErrorResourceInitFailed.deserializeBinary(
    Status.deserializeBinary(bin).getDetailsList()[0]!.getValue_asU8(),
  );
  expect(detail.getProperties()!.toJavaScript()).toEqual({
    label: secret("topsecret-db"),
    status: "offline",
  });
  expect(detail.getReasonsList()).toEqual(["Instance create: label [secret]: boot failed"]);
});
