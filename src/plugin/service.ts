/**
 * The plugin's gRPC `ResourceProvider` service: each `compute:index:<Kind>` resource is served by
 * the kind's provider from the runtime (`provider(kind, context)`), the one the TypeScript classes use.
 * Pulumi's own Node server (`@pulumi/pulumi/provider`) drops Configure's config, crashes reading an
 * import, passes no `timeout` and sends no detailed diff, hence this one.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import type * as pulumi from "@pulumi/pulumi";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import { withoutContext, type ResourceContext } from "../provider/core/resource-context";
import { byKind, type AnySpec } from "../provider/core/resource-spec";
import { provider as kindProvider } from "../provider/runtime";
import { configure } from "../provider/core/settings";
import { SPECS } from "../provider/specs";
import { secretOutputs } from "../schema/secrets";
import { configSource } from "./config";
import { diffResponse } from "./detailed-diff";
import { engineLog } from "./engine-log";
import { grpcError } from "./errors";
import { invoke } from "./invoke";
import { journalKeyOf, parseUrn } from "./urn";
import { fromStruct, toStruct } from "./values";

const ROOT = path.resolve(__dirname, "../..");
const specOf = byKind(SPECS);
/** Aborted by the engine's Cancel (Ctrl-C, or the end of a run): every wait in this process ends. */
const cancelled = new AbortController();

interface Request {
  getUrn(): string;
  getTimeout?(): number;
}

/** The resource a request is about: its kind's spec and its provider. */
function served(request: Request, operation?: "create" | "update" | "delete") {
  const resource = parseUrn(request.getUrn());
  const spec = specOf(resource.kind);
  if (!spec) throw new Error(`${resource.type} is not a resource type of this version of the compute plugin`);
  const timeout = request.getTimeout?.() ?? 0;
  const log = engineLog(request.getUrn());
  const context: ResourceContext = {
    journalKey: journalKeyOf(resource),
    ...(log && { log }),
    signal: cancelled.signal,
    ...(operation && timeout > 0 && { timeouts: { [operation]: timeout } }),
  };
  return { spec, provider: bound(kindProvider(spec.kind, context)), secrets: secretOutputs(spec) };
}

/** Every method of the kind's provider (the generic provider has them all). */
function bound(found: pulumi.dynamic.ResourceProvider): Required<pulumi.dynamic.ResourceProvider> {
  const missing = () => Promise.reject(new Error("not implemented by this kind's provider"));
  return {
    configure: async () => {},
    check: found.check ?? missing,
    diff: found.diff ?? missing,
    create: found.create,
    read: found.read ?? missing,
    update: found.update ?? missing,
    delete: found.delete ?? missing,
  };
}

type Handler<Req, Res> = (request: Req) => Promise<Res>;

/** A unary call: the answer, or the error as one line (with a partial failure's ID and properties). */
function unary<Req, Res>(handle: Handler<Req, Res>): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    handle(call.request).then(
      (response) => callback(null, response),
      (err: unknown) => {
        let secrets: string[] = [];
        try {
          const urn = (call.request as { getUrn?(): string | undefined }).getUrn?.();
          if (urn) secrets = secretOutputs(specOf(parseUrn(urn).kind) as AnySpec);
        } catch {
          // No kind: no secrets to mark.
        }
        callback(grpcError(err, secrets));
      },
    );
  };
}

const unimplemented =
  (what: string): grpc.handleUnaryCall<unknown, unknown> =>
  (_call, callback) =>
    callback({
      code: grpc.status.UNIMPLEMENTED,
      details: `${what} is not implemented by the compute plugin`,
    });

/** The parents' IDs an import ID names before the object's own (`<vpcId>/<subnetId>`). */
function importProps(spec: AnySpec, id: string): { id: string; props: Record<string, unknown> } {
  const parents: string[] = spec.parents ?? [];
  const parts = id.split("/");
  if (parents.length === 0) return { id, props: {} };
  if (parts.length !== parents.length + 1 || parts.some((part) => part === "")) {
    throw new Error(
      `${spec.kind} import ID must be ${[...parents, `${spec.kind[0]!.toLowerCase()}${spec.kind.slice(1)}Id`].join("/")}, not ${id}`,
    );
  }
  return { id: parts.at(-1)!, props: Object.fromEntries(parents.map((key, i) => [key, parts[i]])) };
}

const version = (): string =>
  (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

export function resourceProviderService(): grpc.UntypedServiceImplementation {
  return {
    getPluginInfo: unary(async () => {
      const info = new PluginInfo();
      info.setVersion(version());
      return info;
    }),
    getSchema: unary(async () => {
      const response = new proto.GetSchemaResponse();
      response.setSchema(readFileSync(path.join(ROOT, "schema.json"), "utf8"));
      return response;
    }),
    handshake: unimplemented("Handshake"),
    parameterize: unimplemented("Parameterize"),
    checkConfig: unimplemented("CheckConfig"),
    diffConfig: unimplemented("DiffConfig"),
    configure: unary(async (request: proto.ConfigureRequest) => {
      const variables = new Map(request.getVariablesMap().entries());
      configure(configSource(variables, fromStruct(request.getArgs())));
      const response = new proto.ConfigureResponse();
      response.setAcceptsecrets(true);
      response.setSupportspreview(false);
      return response;
    }),
    invoke: unary(async (request: proto.InvokeRequest) => {
      const response = new proto.InvokeResponse();
      response.setReturn(toStruct(await invoke(request.getTok(), fromStruct(request.getArgs()))));
      return response;
    }),
    call: unimplemented("Call"),
    construct: unimplemented("Construct"),
    check: unary(async (request: proto.CheckRequest) => {
      const { provider, secrets } = served(request);
      const result = await provider.check(fromStruct(request.getOlds()), fromStruct(request.getNews()));
      const response = new proto.CheckResponse();
      response.setInputs(toStruct(result.inputs ?? {}, secrets));
      response.setFailuresList(
        (result.failures ?? []).map((f) => {
          const failure = new proto.CheckFailure();
          failure.setProperty(f.property);
          failure.setReason(f.reason);
          return failure;
        }),
      );
      return response;
    }),
    diff: unary(async (request: proto.DiffRequest) => {
      const { spec, provider } = served(request);
      const olds = fromStruct(request.getOlds());
      const news = fromStruct(request.getNews());
      return diffResponse(spec, olds, news, await provider.diff(request.getId(), olds, news));
    }),
    create: unary(async (request: proto.CreateRequest) => {
      const { provider, secrets } = served(request, "create");
      const result = await provider.create(fromStruct(request.getProperties()));
      const response = new proto.CreateResponse();
      response.setId(result.id);
      response.setProperties(toStruct(result.outs ?? {}, secrets));
      return response;
    }),
    read: unary(async (request: proto.ReadRequest) => {
      const { spec, provider, secrets } = served(request);
      let id = request.getId();
      let props = fromStruct(request.getProperties());
      // `pulumi import` sends the ID alone: the parents' IDs come from it.
      if (Object.keys(props).length === 0) ({ id, props } = importProps(spec, id));
      const result = await provider.read(id, props);
      const response = new proto.ReadResponse();
      response.setId(result.id ?? "");
      if (result.id) {
        response.setProperties(toStruct(withoutContext(result.props ?? {}), secrets));
        response.setInputs(toStruct(withoutContext(result.inputs ?? {}), secrets));
      }
      return response;
    }),
    update: unary(async (request: proto.UpdateRequest) => {
      const { provider, secrets } = served(request, "update");
      const result = await provider.update(
        request.getId(),
        fromStruct(request.getOlds()),
        fromStruct(request.getNews()),
      );
      const response = new proto.UpdateResponse();
      response.setProperties(toStruct(result.outs ?? {}, secrets));
      return response;
    }),
    delete: unary(async (request: proto.DeleteRequest) => {
      const { provider } = served(request, "delete");
      await provider.delete(request.getId(), fromStruct(request.getProperties()));
      return new Empty();
    }),
    cancel: unary(async () => {
      cancelled.abort();
      return new Empty();
    }),
    attach: unimplemented("Attach"),
    getMapping: unary(async () => new proto.GetMappingResponse()),
    getMappings: unary(async () => new proto.GetMappingsResponse()),
    list: (call: grpc.ServerWritableStream<unknown, unknown>) =>
      call.emit("error", {
        code: grpc.status.UNIMPLEMENTED,
        details: "List is not implemented by the compute plugin",
      }),
  };
}
