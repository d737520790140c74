/** Token. API area: profile-tokens. A personal access token: the label updates in place; scopes
 * (compared as a set) and expiry replace it.
 *
 * The API shows the token's value once, in the create's answer; reads show its first 16 characters.
 * The outputs keep the value the create returned (the resource class marks it secret), and a read
 * or an update never replaces it with the shortened one.
 *
 * A create whose answer is lost cannot be adopted: the value is only in that answer. The create
 * lists the profile's tokens with its label before the POST; when the answer is lost, the one new
 * token that matches is revoked (an orphan nobody can use) and the create is sent again. Its POST
 * sends the label with the stack's short mark appended (`labelMarked`, `stack-marks.ts`) when it
 * fits, the declared label put back once the create returns: the tokens an interrupted create of
 * this resource made are then revoked on any machine, however long ago.
 */
import { z } from "zod";
import type { ComputeClient } from "../../client/compute-client";
import { isOutcomeUnknown } from "../../client/errors";
import { collect } from "../../client/pagination";
import { scopeGrants } from "../../contract/endpoint";
import {
  parseScopes,
  profileTokenEndpoints,
  ScopeList,
  TOKEN_LIMITS,
  TokenCreateRequest,
  TokenLabel,
  TokenParams,
  PersonalAccessToken,
} from "../../contract/profile-tokens";
import type { CheckFailure } from "../core/check";
import { removeEntry, writeEntry } from "../core/create-journal";
import { MAX_CREATE_ATTEMPTS } from "../core/create-or-adopt";
import { messageOf, ProviderError } from "../core/errors";
import { removeInterrupted } from "../core/interrupted-orphans";
import { defineSpec, type OperationContext, type Props } from "../core/resource-spec";
import { apiToken, clientFromConfig } from "../core/settings";
import { TOKEN_COMPUTED, TOKEN_SECRETS } from "../field-lists";
import { dropLabelMark, labelAsPosted, markInLabel } from "../core/stack-marks";

/** `*`, or the distinct scopes sorted and separated by one space: order and spacing never make a diff. */
export function canonicalScopes(value: string): string {
  const scopes = parseScopes(value);
  if (scopes === undefined) return value;
  return scopes === "*" ? "*" : [...scopes].sort().join(" ");
}

export const TokenInputs = z.object({
  label: TokenLabel,
  scopes: ScopeList.transform(canonicalScopes).optional(),
  expiry: TokenCreateRequest.shape.expiry,
});
export type TokenInputs = z.infer<typeof TokenInputs>;

const utcNow = () => new Date().toISOString().slice(0, 19);

/**
 * The scopes of the token the provider acts with, found among the profile's tokens by its first
 * 16 characters; undefined when that cannot be known (no `account:read_only`, another user's
 * token, an API that does not answer): the API then decides at create.
 */
async function providerScopes(): Promise<string | undefined> {
  try {
    const own = apiToken();
    if (!own) return undefined;
    const prefix = own.slice(0, TOKEN_LIMITS.shownPrefix);
    const client = clientFromConfig();
    const mine = (await collect(client.each(profileTokenEndpoints.listProfileTokens))).filter(
      (t) => t.token === prefix,
    );
    return mine.length === 1 ? mine[0]!.scopes : undefined;
  } catch {
    return undefined;
  }
}

/** Rules for new values only: an unchanged token passes even once its expiry has gone by. */
async function validate(inputs: TokenInputs, olds: Props): Promise<CheckFailure[]> {
  const failures: CheckFailure[] = [];
  const { expiry, scopes } = inputs;
  if (expiry != null && expiry !== olds.expiry && expiry <= utcNow()) {
    failures.push({ property: "expiry", reason: `expiry must be in the future (it is ${utcNow()} UTC now)` });
  }
  if (scopes !== undefined && scopes !== olds.scopes) {
    const held = await providerScopes();
    if (held !== undefined) {
      const asked = parseScopes(scopes);
      const beyond =
        asked === "*"
          ? parseScopes(held) === "*"
            ? []
            : ["*"]
          : (asked ?? []).filter((s) => !scopeGrants(held, s));
      if (beyond.length > 0) {
        failures.push({
          property: "scopes",
          reason: `scopes may not exceed those of the provider's own token (${beyond.join(" ")} not held; it has ${held})`,
        });
      }
    }
  }
  return failures;
}

const listLabelled = (client: ComputeClient, label: string) =>
  collect(client.each(profileTokenEndpoints.listProfileTokens, { filter: { label } }));

/** Whether a token the API lists is one a create with these inputs (as posted) makes. */
const made = (t: PersonalAccessToken, { label, scopes, expiry }: TokenInputs) =>
  t.label === label &&
  (scopes === undefined || canonicalScopes(t.scopes) === scopes) &&
  t.expiry === (expiry ?? null);

/** The tokens these inputs would make that are not in a listing taken before a create. */
const madeSince = async (client: ComputeClient, inputs: TokenInputs, before: Set<number>) =>
  (await listLabelled(client, inputs.label)).filter((t) => !before.has(t.id) && made(t, inputs));

/** A create of this resource interrupted with an earlier run may have made a token whose value only
 * its answer held: those carrying its mark (any machine), else the matching new tokens since its
 * listing (this machine's journal), are revoked. `inputs`: as posted. */
async function revokeInterrupted(client: ComputeClient, inputs: TokenInputs, ctx: OperationContext) {
  if (ctx.mark !== undefined) {
    for (const orphan of (await listLabelled(client, inputs.label)).filter((t) => made(t, inputs))) {
      await client.api.deleteProfileToken({ params: { tokenId: orphan.id } });
      ctx.log(
        `Token ${dropLabelMark(inputs.label, ctx.mark)}: an interrupted \`pulumi up\` had made token ` +
          `${orphan.id} (carrying this resource's mark), whose value only its answer held; revoked`,
      );
    }
    return;
  }
  await removeInterrupted(
    {
      what: `Token ${inputs.label}`,
      why: "whose value only its answer held",
      list: async () => (await listLabelled(client, inputs.label)).filter((t) => made(t, inputs)),
      key: (t) => t.id,
      name: (t) => `token ${t.id}`,
      remove: async (t) => {
        await client.api.deleteProfileToken({ params: { tokenId: t.id } });
      },
    },
    ctx,
  );
}

async function createToken(
  client: ComputeClient,
  declared: TokenInputs,
  ctx: OperationContext,
): Promise<PersonalAccessToken> {
  const inputs = { ...declared, label: labelAsPosted(declared.label, ctx.mark) };
  const { label, scopes, expiry } = inputs;
  await revokeInterrupted(client, inputs, ctx);
  for (let attempt = 1; ; attempt++) {
    const before = new Set((await listLabelled(client, label)).map((t) => t.id));
    await writeEntry(ctx.journal, { kind: "Token", before: [...before] });
    try {
      return await client.api.createProfileToken({ body: { label, scopes, expiry } });
    } catch (err) {
      if (!isOutcomeUnknown(err)) {
        await removeEntry(ctx.journal);
        throw err;
      }
      const orphans = await madeSince(client, inputs, before);
      if (orphans.length > 1) {
        throw new ProviderError(
          `Token create: Token ${declared.label}: the create's answer was lost, and ${orphans.length} new tokens match ` +
            `(${orphans.map((t) => t.id).join(", ")}); revoke the ones not in use and run \`pulumi up\` again`,
        );
      }
      for (const orphan of orphans) {
        await client.api.deleteProfileToken({ params: { tokenId: orphan.id } });
        ctx.log(
          `Token ${declared.label}: the create's answer was lost with the token's value in it; ` +
            `revoked the token it made (${orphan.id})`,
        );
      }
      if (attempt >= MAX_CREATE_ATTEMPTS) {
        throw new ProviderError(
          `Token create: Token ${declared.label}: no answer after ${attempt} attempts: ${messageOf(err)}`,
        );
      }
      ctx.log(`Token ${declared.label}: the create's answer was lost; creating again`);
    }
  }
}

export const tokenSpec = defineSpec({
  kind: "Token",
  inputs: TokenInputs,
  computed: TOKEN_COMPUTED,
  outputs: z.object({ token: PersonalAccessToken.shape.token, created: PersonalAccessToken.shape.created }),
  secretOutputs: TOKEN_SECRETS,
  keptByUpdate: { token: [] },
  defaults: { expiry: null },
  // Left out, the token gets the provider token's scopes.
  apiChosen: ["scopes"],
  validate,
  replaceOn: ["scopes", "expiry"],
  create: createToken,
  marked: {
    ...markInLabel<PersonalAccessToken>(TOKEN_LIMITS.label.max),
    // The value is in the create's answer only: kept.
    takeOff: async (client, token, { label }) => ({
      ...(await client.api.updateProfileToken({
        params: TokenParams.parse({ tokenId: token.id }),
        body: { label },
      })),
      token: token.token,
    }),
  },
  // Its value is only in the create's answer: an interrupted create's token is revoked, not adopted.
  answerOnlyOnce: true,
  read: (client, id) => client.api.getProfileToken({ params: TokenParams.parse({ tokenId: id }) }),
  readListed: (client, id) => client.listedItem(profileTokenEndpoints.listProfileTokens, id),
  update: async (client, id, olds, { label }) => {
    const token = await client.api.updateProfileToken({
      params: TokenParams.parse({ tokenId: id }),
      body: { label },
    });
    return { ...token, token: typeof olds.token === "string" ? olds.token : token.token };
  },
  delete: async (client, id) => {
    await client.api.deleteProfileToken({ params: TokenParams.parse({ tokenId: id }) });
  },
  idOf: (token) => String(token.id),
  toOutputs: (token: PersonalAccessToken, props: Props) => ({
    label: token.label,
    scopes: canonicalScopes(token.scopes),
    expiry: token.expiry,
    // The value from the create's answer: what the state holds wins over a read's 16 characters.
    token: typeof props.token === "string" ? props.token : token.token,
    created: token.created,
  }),
});
