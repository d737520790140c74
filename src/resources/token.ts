import * as pulumi from "@pulumi/pulumi";
import { placeholders } from "../provider/core/resource-spec";
import { TOKEN_COMPUTED, TOKEN_SECRETS } from "../provider/field-lists";
import { computeResourceArgs, lookUpArgs, pausePromiseStacks } from "./compute-resource";

export interface TokenArgs {
  /** 1..100 characters. Updated in place. */
  label: pulumi.Input<string>;
  /**
   * `*` or a space-separated list of `<resource>:read_only|read_write` (e.g. `"vpc:read_only
   * computes:read_write"`), within the provider's own token's scopes (checked at preview when the
   * provider's token may list the profile's tokens). Compared as a set: order and spacing never
   * make a diff. Left out: the provider's token's scopes. Changing them replaces the token.
   */
  scopes?: pulumi.Input<string>;
  /**
   * When the token expires, UTC, `YYYY-MM-DDTHH:MM:SS`; in the future when set or changed. Left out:
   * valid until revoked. Changing it replaces the token.
   */
  expiry?: pulumi.Input<string>;
}

/**
 * A personal access token of the profile the provider's token belongs to. Its value (`token`) is
 * returned by the API once, at create: it is a secret output, kept encrypted in the state, and a
 * refresh never replaces it (the API shows only its first 16 characters afterwards).
 *
 * ```ts
 * const ci = new compute.Token("ci", { label: "ci", scopes: "computes:read_write vpc:read_only", expiry: "2030-01-01T00:00:00" });
 * export const ciToken = ci.token; // a secret
 * ```
 */
export class Token extends pulumi.CustomResource {
  declare readonly label: pulumi.Output<string>;
  /** The scopes the token holds, canonical (`*`, or sorted and separated by one space). */
  declare readonly scopes: pulumi.Output<string>;
  declare readonly expiry: pulumi.Output<string | null>;
  /** The token's value; a secret. */
  declare readonly token: pulumi.Output<string>;
  declare readonly created: pulumi.Output<string>;

  /**
   * Reads a token the stack does not manage: the engine reads it from the API, writing nothing, and
   * `destroy` leaves it. `id` is its ID. Its `token` output is the 16 characters the API shows of the
   * value, kept secret.
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: Partial<TokenArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): Token {
    return new Token(name, ...lookUpArgs<TokenArgs>("Token", id, state, opts));
  }

  constructor(name: string, args: TokenArgs, opts?: pulumi.CustomResourceOptions) {
    const restoreStacks = pausePromiseStacks();
    try {
      super(
        ...computeResourceArgs(
          "Token",
          name,
          { ...placeholders(TOKEN_COMPUTED), ...args },
          pulumi.mergeOptions(opts, { additionalSecretOutputs: [...TOKEN_SECRETS] }),
        ),
      );
    } finally {
      restoreStacks();
    }
  }
}
