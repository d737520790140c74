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

it("marks by path only: an output holding a secret's text under another key is not secret", () => {
  const secrets = new RequestSecrets([{ label: secret("topsecret-web"), region: "us-iad" }]);
  expect(secrets.any).toBe(true);
  expect(secrets.inputs).toEqual(["label"]);
  const outs = { label: "topsecret-web", hostname: "topsecret-web.example", region: "us-iad" };
  expect(secrets.mark(outs)).toEqual({ ...outs, label: secret("topsecret-web") });
  // A short secret marks nothing that merely contains it (a label, a date).
  const short = new RequestSecrets([{ description: secret("net"), swapSize: secret(2) }]);
  const marked = short.mark({ description: "net", swapSize: 2, label: "mynet-x", created: "2026-12-02" });
  expect(marked).toEqual({
    description: secret("net"),
    swapSize: secret(2),
    label: "mynet-x",
    created: "2026-12-02",
  });
  const none = new RequestSecrets([{ label: "web" }]);
  expect(none.any).toBe(false);
  expect(none.mark({ label: "web" }, { label: "web" })).toEqual({ label: "web" });
});

it("marks an output the kind says carries a secret input's value, nested or not", () => {
  const secrets = new RequestSecrets([{ ipv4: { vpc: secret("10.0.1.5") }, purpose: "vpc" }]);
  const carries = { vpcAddress: "ipv4.vpc", purposeShown: "purpose" };
  expect(secrets.mark({ vpcAddress: "10.0.1.5", purposeShown: "vpc" }, undefined, carries)).toEqual({
    vpcAddress: secret("10.0.1.5"),
    purposeShown: "vpc",
  });
});

it("redacts each of the request's secret values where it stands whole, of any type", () => {
  const secrets = new RequestSecrets([
    {
      label: secret("topsecret-web"),
      alerts: { cpu: secret(-57) },
      ok: secret(true),
      image: "compute/debian12",
    },
  ]);
  expect(secrets.redact("label topsecret-web is taken")).toBe("label [secret] is taken");
  expect(secrets.redact("alerts.cpu: must be at least 0 (got -57)")).toBe(
    "alerts.cpu: must be at least 0 (got [secret])",
  );
  // A value inside a longer word or number stays.
  const two = new RequestSecrets([{ swapSize: secret(2), description: secret("net") }]);
  expect(two.redact("Image compute/debian12 not found in mynet-x")).toBe(
    "Image compute/debian12 not found in mynet-x",
  );
  expect(two.redact("swapSize 2 is too small")).toBe("swapSize [secret] is too small");
  // Nothing of another request's secrets.
  expect(new RequestSecrets([{ label: "web" }]).redact("label topsecret-web")).toBe("label topsecret-web");
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
