#!/usr/bin/env node
/** `compute-emulator [--port N] [--host H] [--token T] [--data FILE]`: runs the emulator until stopped. */
import { parseArgs } from "node:util";
import { startEmulator } from "./server";

const USAGE = `Usage: compute-emulator [--port N] [--host HOST] [--token TOKEN] [--data FILE] [--speed X]
  --port   port to listen on; 0 picks a free one (default 0)
  --host   address to bind (default 127.0.0.1)
  --token  the account's full-access token (generated and printed when omitted)
  --data   keep state in FILE across restarts (durable mode)
  --speed  emulated time per real time (default 1; 20 runs lifecycles twenty times faster)`;

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "0" },
      host: { type: "string", default: "127.0.0.1" },
      token: { type: "string" },
      data: { type: "string" },
      speed: { type: "string" },
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
  });
  // The first line is the base URL, for scripts to read.
  console.log(`Compute emulator listening on ${emulator.url}`);
  if (!values.token) console.log(`Full-access token (generated): ${emulator.token}`);
  console.log(`Control API: ${emulator.controlUrl}`);
  const stop = () => void emulator.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err: Error) => {
  console.error(`compute-emulator: ${err.message}`);
  process.exit(2);
});
