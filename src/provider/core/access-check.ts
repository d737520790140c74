/**
 * A preview fails on what would make every write of the `up` fail: a token the API refuses (401,
 * 403) fails it naming `compute:token`, an API that refuses the connection or does not answer
 * within `REACH_MS` names `compute:apiUrl` and the URL; never the token's value. Asked once per
 * process, API URL and token, and only when the run would write: by the check of a new resource
 * or of changed inputs and the diff that finds a change, so a preview with nothing to do sends nothing. A transient
 * answer (5xx, 429 after the brief retries) proves nothing either way: one line says the check was
 * skipped, and the `up` finds out.
 */
import type { ComputeClient } from "../../client/compute-client";
import { ComputeApiError } from "../../client/errors";
import { clientOf } from "../../client/from-settings";
import { ProviderError } from "./errors";
import { requireSettings } from "./settings";
import { processMemory } from "./process-memory";

/** How long the API may take to answer, retries included, before the preview says it is unreachable. */
export const REACH_MS = 5_000;

const PROBE = {
  name: "access",
  timeoutMs: 2_000,
  retry: { retries: 1, baseDelayMs: 200, maxDelayMs: 500, throttleTimeoutMs: 2_000 },
};

const asked = processMemory.map<string, Promise<void>>("access: asked");

/** Whether an error is the API refusing the token: 401 always, 403 on a read any token may make. */
export const refusesToken = (err: unknown): err is ComputeApiError =>
  err instanceof ComputeApiError && (err.status === 401 || err.status === 403);

/** The one line for a refused token, naming the setting and never its value. */
export function tokenRefused(apiUrl: string, err: ComputeApiError): ProviderError {
  return new ProviderError(
    `compute:token is refused by ${apiUrl}: ${err.message}; set a valid one with ` +
      "`pulumi config set --secret compute:token <token>` (or COMPUTE_TOKEN)",
  );
}

/** Network failures before any answer: the API URL is wrong, or the API is down. */
function unreachable(apiUrl: string, err: unknown): ProviderError | undefined {
  if (err instanceof ComputeApiError && err.status === 0) {
    return new ProviderError(
      `compute:apiUrl ${apiUrl} cannot be reached (${err.code ?? "no answer"}): check the URL, or that the API is up`,
    );
  }
  return undefined;
}

async function probe(client: ComputeClient, apiUrl: string, log: (line: string) => void): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ComputeApiError(0, [{ reason: "no answer" }], "GET", "/profile", "ETIMEDOUT")),
      REACH_MS,
    );
  });
  try {
    await Promise.race([client.api.getProfile({}), late]);
  } catch (err) {
    if (refusesToken(err)) throw tokenRefused(apiUrl, err);
    const down = unreachable(apiUrl, err);
    if (down) throw down;
    log(
      `compute: the API could not confirm the token at preview (${err instanceof Error ? err.message : String(err)}); the checks that needed it were skipped`,
    );
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves once the API accepted the settings' token (or could not say); rejects with one line otherwise.
 * `log`: where the line saying it could not say goes (the resource's log, the plugin's engine log),
 * else stdout. */
export function verifyAccess(log: (line: string) => void = (line) => console.log(line)): Promise<void> {
  const { apiUrl, token } = requireSettings();
  const key = `${apiUrl}\n${token}`;
  let answer = asked.get(key);
  if (!answer) {
    answer = probe(clientOf(apiUrl, token, PROBE), apiUrl, log);
    asked.set(key, answer);
  }
  return answer;
}
