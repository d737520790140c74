/**
 * The writes the emulator logged (every request but a GET), for tests that assert what an operation
 * sent, or that it sent nothing: as log entries, or as `METHOD /path` lines; and the reads, for tests
 * that assert how many requests a read cost.
 */
import type { ControlClient } from "../../src/client";

export const writes = async (control: ControlClient) =>
  (await control.requests()).filter((r) => r.method !== "GET");

export const writeLines = async (control: ControlClient) =>
  (await writes(control)).map((r) => `${r.method} ${r.path}`);

/** The reads the emulator logged, as `/path status` lines (`/vpcs 200`, `/vpcs/7 404`). */
export const readLines = async (control: ControlClient) =>
  (await control.requests()).filter((r) => r.method === "GET").map((r) => `${r.path} ${r.status}`);
