#!/usr/bin/env node
/** `compute-import [--api-url URL] [--token TOKEN] [--out FILE] [--kinds ...] [--ids ...]`: see command.ts. */
import { runCommand } from "./command";

void runCommand(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (line) => process.stderr.write(`${line}\n`),
}).then((code) => {
  process.exitCode = code;
});
