/** Token: a personal access token for a CI job, shaped by the caller (the engine tests run it with changed shapes). */
import * as compute from "pulumi-compute";

export interface TokenShape {
  /** The resource's name in the program. */
  name: string;
  label: string;
  /** E.g. `"computes:read_write vpc:read_only"`; left out: the provider's token's scopes. */
  scopes?: string;
  /** UTC, `YYYY-MM-DDTHH:MM:SS`; left out: valid until revoked. */
  expiry?: string;
}

export function tokenProgram(shape: TokenShape) {
  const { name, ...args } = shape;
  const token = new compute.Token(name, args);
  // `token.token` is a secret output: exported, it stays encrypted in the state.
  return { token, value: token.token };
}
