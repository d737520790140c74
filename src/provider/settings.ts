/**
 * Where the providers find the API URL and token: stack config (`compute:apiUrl`, and
 * `compute:token` set with `--secret`), else the environment (`COMPUTE_API_URL`, `COMPUTE_TOKEN`).
 * Read at run time inside the provider process, never captured into the serialized provider.
 */
import { ComputeClient } from "../client";

export interface ConfigSource {
  get(key: string): string | undefined;
}

let stackConfig: { apiUrl?: string; token?: string; timeoutSeconds?: string } = {};
let cached: { key: string; client: ComputeClient } | undefined;

export function configure(config: ConfigSource): void {
  stackConfig = {
    apiUrl: config.get("compute:apiUrl"),
    token: config.get("compute:token"),
    timeoutSeconds: config.get("compute:timeoutSeconds"),
  };
}

export class MissingCredentialsError extends Error {}

export function clientFromConfig(): ComputeClient {
  const apiUrl = stackConfig.apiUrl ?? process.env.COMPUTE_API_URL;
  const token = stackConfig.token ?? process.env.COMPUTE_TOKEN;
  if (!apiUrl) {
    throw new MissingCredentialsError(
      "No API URL: run `pulumi config set compute:apiUrl <url ending in /v4>` or set COMPUTE_API_URL",
    );
  }
  if (!token) {
    throw new MissingCredentialsError(
      "No API token: run `pulumi config set --secret compute:token <token>` or set COMPUTE_TOKEN",
    );
  }
  const key = `${apiUrl}\n${token}`;
  if (cached?.key !== key) cached = { key, client: new ComputeClient({ baseUrl: apiUrl, token }) };
  return cached.client;
}
