/**
 * DiffConfig: what a change of the provider's settings does to the resources it manages. The
 * resources' IDs are the objects of one account on one API, so an `apiUrl` that reaches another
 * account replaces the provider, and with it every resource it manages (the engine creates them with
 * the new provider, then deletes the old objects with the old one). The same account at another
 * address (a new host name, a proxy: the profile both answer with the same `uid` and `username`) is
 * the same objects: an update, as a change of the token or of a wait timeout is. When either API
 * does not answer, nothing proves another account: an update (the old address is gone, or the move
 * is the user's own), which docs/configuration.md says; so is a URL not yet known at preview (another
 * resource's output), which is asked nothing.
 */
import { DiffResponse } from "@pulumi/pulumi/proto/provider_pb";
import { ComputeClient } from "../client/compute-client";
import { SETTINGS, UNKNOWN, type Props } from "../provider/core-interface";

/** The account an API URL and token act on, or undefined when the API does not tell it. */
export type AccountOf = (apiUrl: string, token: string | undefined) => Promise<string | undefined>;

/** The profile's `uid` and `username` (GET /profile), one try of at most 5 s. */
export const profileAccount: AccountOf = async (apiUrl, token) => {
  if (!token) return undefined;
  try {
    const client = new ComputeClient({ baseUrl: apiUrl, token, retry: { retries: 0 }, timeoutMs: 5_000 });
    const profile = await client.api.getProfile();
    return `${profile.uid}/${profile.username}`;
  } catch {
    return undefined;
  }
};

const sameUrl = (a: unknown, b: unknown) =>
  typeof a === "string" && typeof b === "string" && a.replace(/\/+$/, "") === b.replace(/\/+$/, "");

/**
 * The engine's DiffResponse for the provider's old and new settings (`olds`: its old inputs, else
 * its old outputs). A setting taken from the environment (`COMPUTE_TOKEN`) is not among them: the
 * environment's value stands for both.
 */
export async function diffConfig(
  olds: Props,
  news: Props,
  accountOf: AccountOf = profileAccount,
): Promise<DiffResponse> {
  const response = new DiffResponse();
  const changed = Object.keys(SETTINGS).filter(
    (key) => olds[key] !== news[key] && !(key === "apiUrl" && sameUrl(olds[key], news[key])),
  );
  let replaces: string[] = [];
  const [before, after] = [olds.apiUrl, news.apiUrl];
  const asked = (url: unknown): url is string => typeof url === "string" && url !== UNKNOWN;
  if (changed.includes("apiUrl") && asked(before) && asked(after)) {
    const token = (props: Props) =>
      typeof props.token === "string" ? props.token : process.env.COMPUTE_TOKEN;
    const [was, now] = await Promise.all([accountOf(before, token(olds)), accountOf(after, token(news))]);
    if (was !== undefined && now !== undefined && was !== now) replaces = ["apiUrl"];
  }
  response.setChanges(
    changed.length > 0 ? DiffResponse.DiffChanges.DIFF_SOME : DiffResponse.DiffChanges.DIFF_NONE,
  );
  response.setDiffsList(changed);
  response.setReplacesList(replaces);
  // The objects of the old account are deleted once their replacements exist on the new one.
  response.setDeletebeforereplace(false);
  return response;
}
