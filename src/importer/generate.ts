/** compute-import's work: the account's objects, those selected, their inputs as the provider reads them, the program. */
import type { ComputeClient } from "../client/compute-client";
import { readAccount } from "./account";
import { readInputs, type Declared } from "./inputs";
import { renderIn, type Language } from "./languages";
import { select, type Selection } from "./select";

export async function declareAccount(client: ComputeClient, selection: Selection = {}): Promise<Declared[]> {
  const declared: Declared[] = [];
  for (const found of select(await readAccount(client), selection)) {
    declared.push(await readInputs(client, found));
  }
  return declared;
}

export async function generateProgram(
  client: ComputeClient,
  selection: Selection = {},
  language: Language = "typescript",
): Promise<string> {
  return renderIn(language, await declareAccount(client, selection), selection);
}
