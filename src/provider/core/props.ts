/** Inputs, outputs and state as the engine passes them to a provider: plain property bags. */
export type Props = Record<string, unknown>;

/** A property that holds a boolean, or undefined (absent, or not a boolean): read without a cast. */
export const booleanIn = (value: unknown): boolean | undefined =>
  typeof value === "boolean" ? value : undefined;
