/** Inputs, outputs and state as the engine passes them to a provider: plain property bags. */
export type Props = Record<string, unknown>;
