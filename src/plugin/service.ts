/**
 * The plugin's gRPC `ResourceProvider` service. Pulumi's own Node server (`@pulumi/pulumi/provider`)
 * drops Configure's config, crashes reading an import, passes no `timeout` and sends no detailed
 * diff, hence this one. GetPluginInfo, GetSchema and Configure answer at once; the providers
 * (`providers.ts`: the specs, zod, the client) are loaded on the first request that needs them,
 * or just after Configure's answer.
 */
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import type { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { PluginAttach, PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import * as proto from "@pulumi/pulumi/proto/provider_pb";
import type { ConfigSource } from "../provider/core-interface";
import { settingFailures } from "./check-config";
import { argumentFailure, checkFailures, engineFailure } from "./check-failures";
import { configSource } from "./config";
import { shimTextOf } from "./dynamic-resources";
import { grpcError } from "./errors";
import { packageFile, pluginVersion } from "./package-files";
import { programInputs } from "./program-inputs";
import { withRecoveryNonce } from "./recovery-nonce";
import { attach, cancelRun, configuredBy } from "./runs";
import { RequestSecrets } from "./secrets";
import { fromStruct, rawOf, secret, toStruct } from "./values";
import { noteCovered } from "../bundle-code-cache";

type Providers = typeof import("./providers");

let config: ConfigSource | undefined;
let loaded: Providers | undefined;

/** The providers' side, loaded on first use with the settings Configure gave. */
function providers(): Providers {
  if (!loaded) {
    loaded = require("./providers") as Providers;
    if (config) loaded.configure(config);
  }
  return loaded;
}

const served: Providers["served"] = (request, secrets, operation) =>
  providers().served(request, secrets, operation);

/** Each value of a result wrapped as a secret. */
const wrappedEach = (result: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(result).map(([key, value]) => [key, secret(value)]));

/** `peer`: the client's connection (`127.0.0.1:50312`), the same for each of its calls. */
type Handler<Req, Res> = (request: Req, secrets: RequestSecrets, peer: string) => Promise<Res>;

/** A request's property bags, the one its answer's properties come from first (`secrets.mark`'s default). */
type Bags<Req> = (request: Req) => (Struct | undefined)[];

/** What a call ran, for the packed plugin's code cache (`bundle-code-cache.ts`): the method, the
 * resource's type or the function's token, and for a check whether the resource is new. */
function ranKey(method: string, request: unknown): string {
  const r = request as { getUrn?(): string; getTok?(): string };
  const what = r.getUrn?.().split("::")[2] ?? r.getTok?.() ?? "";
  if (!(request instanceof proto.CheckRequest)) return `${method}:${what}`;
  return `${method}:${what}.${request.getOlds()?.getFieldsMap().getLength() ? "stored" : "new"}`;
}

/**
 * A unary call: the answer, or the error as one line (with a partial failure's ID and properties),
 * the secrets of the request's `bags` (`secrets.ts`) kept out of the error and marked in what it carries.
 */
function unary<Req, Res>(
  method: string,
  handle: Handler<Req, Res>,
  bags: Bags<Req> = () => [],
): grpc.handleUnaryCall<Req, Res> {
  return (call, callback) => {
    const note = () => noteCovered(ranKey(method, call.request));
    const secrets = new RequestSecrets(bags(call.request).map(rawOf));
    const answered = handle(call.request, secrets, call.getPeer());
    answered.then(note, note);
    answered.then(
      (response) => callback(null, response),
      (err: unknown) => {
        const urn = (call.request as { getUrn?(): string | undefined }).getUrn?.();
        callback(grpcError(err, secrets, urn && loaded ? loaded.outputsOfUrn(urn) : undefined));
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

export function resourceProviderService(): grpc.UntypedServiceImplementation {
  return {
    getPluginInfo: unary("getPluginInfo", async () => {
      const info = new PluginInfo();
      info.setVersion(pluginVersion());
      return info;
    }),
    getSchema: unary("getSchema", async () => {
      const response = new proto.GetSchemaResponse();
      response.setSchema(packageFile("schema.json"));
      return response;
    }),
    handshake: unimplemented("Handshake"),
    parameterize: unimplemented("Parameterize"),
    checkConfig: unary("checkConfig", async (request: proto.CheckRequest, _secrets, peer) => {
      configuredBy(peer);
      // The default provider (`default`, `default_0_1_0`) takes the stack's config; another, its arguments.
      const stackConfig = /^default(_|$)/.test(request.getUrn().split("::").at(-1) ?? "");
      const response = new proto.CheckResponse();
      // The default provider keeps the stack's secret for marks in its inputs (recovery-nonce.ts).
      response.setInputs(
        stackConfig
          ? toStruct(withRecoveryNonce(rawOf(request.getNews()), rawOf(request.getOlds())))
          : request.getNews(),
      );
      response.setFailuresList(checkFailures(settingFailures(fromStruct(request.getNews()), stackConfig)));
      return response;
    }),
    // A change of settings: an apiUrl that reaches another account replaces the provider (config-diff.ts).
    diffConfig: unary(
      "diffConfig",
      async (request: proto.DiffRequest) => {
        const inputs = fromStruct(request.getOldInputs());
        const olds = Object.keys(inputs).length > 0 ? inputs : fromStruct(request.getOlds());
        return providers().diffConfig(olds, fromStruct(request.getNews()));
      },
      (request) => [request.getNews(), request.getOlds(), request.getOldInputs()],
    ),
    // The engine does not call it while a setting is unknown (a preview of another resource's
    // output): it answers the provider's resources' checks and previews itself, without the plugin.
    configure: unary("configure", async (request: proto.ConfigureRequest, _secrets, peer) => {
      configuredBy(peer);
      const variables = new Map(request.getVariablesMap().entries());
      config = configSource(variables, fromStruct(request.getArgs()));
      loaded?.configure(config);
      // The providers are loaded next, while the engine reads this answer.
      setImmediate(() => {
        try {
          providers();
        } catch {
          // The request that needs them loads them again and reports the failure.
        }
      });
      const response = new proto.ConfigureResponse();
      response.setAcceptsecrets(true); // and marks them again: secrets.ts
      // Create and Update answer a preview themselves, with what is known of the outputs.
      response.setSupportspreview(true);
      return response;
    }),
    invoke: unary(
      "invoke",
      async (request: proto.InvokeRequest, secrets) => {
        const answer = await providers().invoke(request.getTok(), fromStruct(request.getArgs()));
        const response = new proto.InvokeResponse();
        if (answer.failures) {
          response.setFailuresList(checkFailures(answer.failures.map((f) => argumentFailure(f, secrets))));
          return response;
        }
        // A secret argument makes the whole result secret, as the engine makes it for a provider
        // that does not accept secrets.
        response.setReturn(toStruct(secrets.any ? wrappedEach(answer.result) : answer.result));
        return response;
      },
      (request) => [request.getArgs()],
    ),
    call: unimplemented("Call"),
    construct: unimplemented("Construct"),
    check: unary(
      "check",
      async (request: proto.CheckRequest, secrets) => {
        const shim = shimTextOf(fromStruct(request.getNews()), fromStruct(request.getOlds()));
        const { spec, provider, secretFields, ids, importStep, dynamic, shimmed } = served(
          request,
          secrets,
          undefined,
          shim,
        );
        const news = await programInputs(spec.kind, ids.toProvider(fromStruct(request.getNews())));
        // An import step's olds are what its Read returned: the resource is new, the object to import.
        const olds = importStep ? {} : ids.toProvider(fromStruct(request.getOlds()));
        const result = await provider.check(olds, news);
        const inputs = secrets.mark(shimmed(ids.toEngine(result.inputs ?? {})));
        // A class's arguments are typed and it adds keys of its own (`parentKey`): no names are checked.
        const failures = [
          ...(dynamic ? [] : providers().unknownInputs(spec.kind, spec.inputs, news)),
          ...(result.failures ?? []),
        ];
        const response = new proto.CheckResponse();
        response.setInputs(toStruct(inputs, secretFields));
        response.setFailuresList(checkFailures(failures.map((f) => engineFailure(f, secrets))));
        return response;
      },
      (request) => [request.getNews(), request.getOlds()],
    ),
    diff: unary(
      "diff",
      async (request: proto.DiffRequest, secrets) => {
        const shim = shimTextOf(fromStruct(request.getNews()), fromStruct(request.getOlds()));
        const { spec, provider, ids } = served(request, secrets, undefined, shim);
        const { olds, news } = providers().diffRequestProps(
          spec,
          ids.toProvider(fromStruct(request.getOlds())),
          ids.toProvider(fromStruct(request.getOldInputs())),
          ids.toProvider(fromStruct(request.getNews())),
          request.getIgnorechangesList(),
        );
        const result = await provider.diff(request.getId(), olds, news);
        providers().endImportStep(request.getUrn());
        return providers().diffResponse(spec, olds, news, result);
      },
      (request) => [request.getNews(), request.getOlds(), request.getOldInputs()],
    ),
    create: unary(
      "create",
      async (request: proto.CreateRequest, secrets) => {
        // A preview: the checked inputs are what is known of the outputs (the rest is unknown).
        if (request.getPreview()) {
          const preview = new proto.CreateResponse();
          preview.setProperties(request.getProperties());
          return preview;
        }
        const properties = fromStruct(request.getProperties());
        const shim = shimTextOf(properties);
        const { provider, secretFields, ids, marked, noteCreated, shimmed } = served(
          request,
          secrets,
          "create",
          shim,
        );
        const result = await provider.create(ids.toProvider(properties));
        noteCreated(result.id);
        const outs = marked(shimmed(ids.toEngine(result.outs ?? {})));
        const response = new proto.CreateResponse();
        response.setId(result.id);
        response.setProperties(toStruct(outs, secretFields));
        return response;
      },
      (request) => [request.getProperties()],
    ),
    read: unary(
      "read",
      async (request: proto.ReadRequest, secrets) => {
        const shim = shimTextOf(fromStruct(request.getProperties()), fromStruct(request.getInputs()));
        const { spec, provider, secretFields, ids, marked, shimmed } = served(
          request,
          secrets,
          undefined,
          shim,
        );
        let id = request.getId();
        let props = fromStruct(request.getProperties());
        // An import (the option, or `pulumi import`) sends the ID alone, and the import step's Check
        // and Diff follow; a `get`, the state the program gives; a refresh, the state, where what the API
        // never returns is the stored inputs' (an imported object's outputs never held it). The
        // parents' IDs come from the ID where the properties lack them.
        const importStep = Object.keys(props).length === 0;
        if (importStep) providers().noteImportRead(request.getUrn(), id);
        else props = providers().withStoredInputs(spec, props, fromStruct(request.getInputs()));
        ({ id, props } = providers().readTarget(spec, id, props));
        const result = await provider.read(id, ids.toProvider(props));
        const response = new proto.ReadResponse();
        response.setId(result.id ?? "");
        if (result.id) {
          const { importedInputs } = providers();
          const outputs = result.props ?? {};
          const state = shimmed(ids.toEngine(importStep ? providers().markedImported(outputs) : outputs));
          // An import's program gets the inputs a user would write, not every value the API holds.
          const read = importStep ? importedInputs(spec, result.props ?? {}) : (result.inputs ?? {});
          const inputs = shimmed(ids.toEngine(read));
          response.setProperties(toStruct(marked(state), secretFields));
          response.setInputs(toStruct(secrets.mark(inputs, secrets.bags[1]), secretFields));
        }
        return response;
      },
      (request) => [request.getProperties(), request.getInputs()],
    ),
    update: unary(
      "update",
      async (request: proto.UpdateRequest, secrets) => {
        const shim = shimTextOf(fromStruct(request.getNews()), fromStruct(request.getOlds()));
        const { spec, provider, secretFields, ids, marked, shimmed } = served(
          request,
          secrets,
          "update",
          shim,
        );
        if (request.getPreview()) {
          const olds = ids.toProvider(fromStruct(request.getOlds()));
          const news = ids.toProvider(fromStruct(request.getNews()));
          const expected = shimmed(ids.toEngine(providers().previewUpdateOutputs(spec, olds, news)));
          const preview = new proto.UpdateResponse();
          preview.setProperties(toStruct(marked(expected), secretFields));
          return preview;
        }
        const { olds, news } = providers().diffRequestProps(
          spec,
          ids.toProvider(fromStruct(request.getOlds())),
          ids.toProvider(fromStruct(request.getOldInputs())),
          ids.toProvider(fromStruct(request.getNews())),
          [],
        );
        const result = await provider.update(request.getId(), olds, news);
        const outs = marked(shimmed(ids.toEngine(result.outs ?? {})));
        const response = new proto.UpdateResponse();
        response.setProperties(toStruct(outs, secretFields));
        return response;
      },
      (request) => [request.getNews(), request.getOlds(), request.getOldInputs()],
    ),
    delete: unary(
      "delete",
      async (request: proto.DeleteRequest, secrets) => {
        const shim = shimTextOf(fromStruct(request.getProperties()));
        const { spec, provider, ids } = served(request, secrets, "delete", shim);
        // An imported object's outputs hold defaults for what no object holds: the program's inputs say.
        const props = providers().withProgramOnly(
          spec,
          fromStruct(request.getProperties()),
          fromStruct(request.getOldInputs()),
        );
        await provider.delete(request.getId(), ids.toProvider(props));
        return new Empty();
      },
      (request) => [request.getProperties(), request.getOldInputs()],
    ),
    cancel: unary("cancel", async () => {
      cancelRun();
      return new Empty();
    }),
    // A plugin started by hand, which the engine dials (`PULUMI_DEBUG_PROVIDERS`): runs.ts.
    attach: unary("attach", async (request: PluginAttach, _secrets, peer) => {
      attach(request.getAddress(), peer);
      return new Empty();
    }),
    getMapping: unary("getMapping", async () => new proto.GetMappingResponse()),
    getMappings: unary("getMappings", async () => new proto.GetMappingsResponse()),
    list: (call: grpc.ServerWritableStream<unknown, unknown>) =>
      call.emit("error", {
        code: grpc.status.UNIMPLEMENTED,
        details: "List is not implemented by the compute plugin",
      }),
  };
}
