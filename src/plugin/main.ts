/**
 * `pulumi-resource-compute`: the engine starts it with its own RPC address as an argument and reads
 * the port of the `ResourceProvider` service from its first line of output. Started by hand with no
 * argument (to debug it: docs/development.md), it prints its port and serves each run of `pulumi`
 * that `PULUMI_DEBUG_PROVIDERS=compute:PORT` points at it, the run's engine giving its address by
 * Attach (runs.ts).
 */
// First: Node's compile cache for every module loaded after it (in the packed plugin, `main.js` has
// turned it on already, for the bundle).
import { flushCompileCache } from "../compile-cache";
import * as grpc from "@grpc/grpc-js";
import { ResourceProviderService } from "@pulumi/pulumi/proto/provider_grpc_pb";
import { exitWhenEngineGone, markPluginProcess } from "../provider/core-interface";
import { resourceProviderService } from "./service";

async function main(): Promise<void> {
  // Whatever this file is called (the installed bundle's is `main.js`), the engine's address is in
  // the arguments: the watch, the engine's log and the check before a create's answer use it.
  markPluginProcess();
  // From the start, not only once the providers are loaded: a plugin the CLI left behind exits (one
  // started by hand has no engine in its arguments, and is not watched).
  exitWhenEngineGone();
  const server = new grpc.Server({
    "grpc.max_receive_message_length": 400 * 1024 * 1024,
    "grpc.max_send_message_length": 400 * 1024 * 1024,
  });
  server.addService(ResourceProviderService, resourceProviderService());
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, bound) =>
      err ? reject(err) : resolve(bound),
    ),
  );
  console.log(String(port));
  flushCompileCache();
}

main().catch((err: unknown) => {
  console.error(`pulumi-resource-compute: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
