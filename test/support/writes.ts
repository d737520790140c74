/**
 * The writes the emulator logged (every request but a GET), for tests that assert what an operation
 * sent, or that it sent nothing: as log entries, or as `METHOD /path` lines.
 */
import type { ControlClient } from "../../src/client";

export const writes = async (control: ControlClient) =>
  (await control.requests()).filter((r) => r.method !== "GET");

export const writeLines = async (control: ControlClient) =>
  (await writes(control)).map((r) => `${r.method} ${r.path}`);
