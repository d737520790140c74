#!/usr/bin/env node
/** `compute-emulator [--port N] [--host H] [--token T] [--data FILE]`: runs the emulator until stopped. */
import { parseArgs } from "node:util";
import { parseFaultsFlag, parseRateLimitsFlag } from "./cli-flags";
import { startEmulator } from "./server";

const USAGE = `Usage: compute-emulator [--port N] [--host HOST] [--token TOKEN] [--data FILE] [--speed X]
                        [--faults JSON] [--rate-limits on|off|JSON] [--real-shapes]
  --port   port to listen on; 0 picks a free one (default 0)
  --host   address to bind (default 127.0.0.1); beyond loopback (e.g. 0.0.0.0) the control API
           answers 401 unless called with the token (Authorization: Bearer TOKEN)
  --token  the account's full-access token (generated and printed when omitted)
  --data   keep state in FILE across restarts (durable mode)
  --speed  emulated time per real time (default 1; 20 runs lifecycles twenty times faster)
  --faults JSON
           a standing fault profile, e.g. '{"error_rate":0.05,"latency_ms":20,"latency_jitter_ms":30,
           "drop_rate":0.01,"seed":7,"method":"GET","path":"/vpcs"}': adds latency, then (first that
           applies) drops connections at drop_rate; answers 429 with Retry-After throttle_retry_after
           (default 1 s) at throttle_rate; answers error_statuses (default 503 or 500) at error_rate;
           at lost_rate carries the request out, then loses its answer: lost_statuses (default 502,
           504 or 0 = connection dropped after the work). Draws are seeded; method/path filter.
           Change it at run time: POST/GET/DELETE /_emulator/faults/profile
  --rate-limits on|off|JSON
           off (default): no limits, no X-RateLimit-* headers, so fast test suites never wait.
           on: the real API's limits per token (per IP without one): 800 per 2 min in general,
           400/min per command, 200/min per paginated GET, instance create and clone 10 per 30 s,
           image and StackScript lists 20/min, stats 50/min; over a limit: 429 with Retry-After.
           JSON changes numbers and turns limits on, e.g. '{"command":{"limit":5,"window_ms":60000}}'.
           Windows run on the emulator clock; Retry-After and X-RateLimit-Reset are real time.
           Change at run time: POST/GET/DELETE /_emulator/rate-limits
  --real-shapes
           answer the real API's record shapes where they differ from the spec's: subnet computes
           as [{id, interfaces: [{id, active}]}] instead of instance IDs (default: the spec's shapes)
  OpenAPI document of the emulated API: GET /_emulator/openapi.json`;

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "0" },
      host: { type: "string", default: "127.0.0.1" },
      token: { type: "string" },
      data: { type: "string" },
      speed: { type: "string" },
      faults: { type: "string" },
      "rate-limits": { type: "string" },
      "real-shapes": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) return void console.log(USAGE);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0..65535, got ${values.port}`);
  const speed = values.speed === undefined ? undefined : Number(values.speed);
  if (speed !== undefined && !(speed > 0))
    throw new Error(`--speed must be a positive number, got ${values.speed}`);
  const emulator = await startEmulator({
    port,
    host: values.host,
    token: values.token,
    dataFile: values.data,
    speed,
    faults: values.faults === undefined ? undefined : parseFaultsFlag(values.faults),
    rateLimits: values["rate-limits"] === undefined ? undefined : parseRateLimitsFlag(values["rate-limits"]),
    realShapes: values["real-shapes"],
  });
  // The first line is the base URL, for scripts to read.
  console.log(`Compute emulator listening on ${emulator.url}`);
  if (!values.token) console.log(`Full-access token (generated): ${emulator.token}`);
  const needsToken = emulator.controlOpen ? "" : " (beyond loopback: send Authorization: Bearer <token>)";
  console.log(`Control API: ${emulator.controlUrl}${needsToken}`);
  const stop = () => void emulator.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err: Error) => {
  console.error(`compute-emulator: ${err.message}`);
  process.exit(2);
});
