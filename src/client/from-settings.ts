/**
 * From settings to a client, for the provider (in the provider process) and the data functions
 * (in the program process) alike: what is missing, as the one line naming the stack config key and
 * the environment variable to set; and one client per API URL, token and use in the process, with
 * the HTTP stack loaded on first use (a preview or an unchanged `up` never needs it).
 */
import type { ComputeClient } from "./compute-client";
import type { RetryPolicy } from "./retry";

export const NO_API_URL =
  "No API URL: run `pulumi config set compute:apiUrl <url ending in /v4>` or set COMPUTE_API_URL";
export const NO_TOKEN =
  "No API token: run `pulumi config set --secret compute:token <token>` or set COMPUTE_TOKEN";

export interface Credentials {
  apiUrl?: string;
  token?: string;
}

/** The line telling what to set, or undefined when nothing is missing (`tokenNeeded`: false for
 * the public endpoints). */
export function missingSetting({ apiUrl, token }: Credentials, tokenNeeded = true): string | undefined {
  if (!apiUrl) return NO_API_URL;
  if (!token && tokenNeeded) return NO_TOKEN;
  return undefined;
}

const clients = new Map<string, ComputeClient>();

/** The process's client for an API URL and token; `use` names a retry policy of its own (e.g. the
 * brief retries of preview-time reads). */
export function clientOf(
  apiUrl: string,
  token: string | undefined,
  use?: { name: string; retry: Partial<RetryPolicy>; timeoutMs?: number },
): ComputeClient {
  const key = `${apiUrl}\n${token ?? ""}\n${use?.name ?? ""}`;
  let client = clients.get(key);
  if (!client) {
    const { ComputeClient: Client }: typeof import("./compute-client") = require("./compute-client");
    client = new Client({ baseUrl: apiUrl, token, retry: use?.retry, timeoutMs: use?.timeoutMs });
    clients.set(key, client);
  }
  return client;
}
