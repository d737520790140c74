/**
 * What each data function takes and gives, declared once with the contract's fields: a number is an
 * int or a real as the contract's field says (`InstanceType.shape.memory`), an enum has the
 * contract's values, `| null` and nesting are the contract's, and an ID is marked (`idOutput()` in a
 * result, `idFrom` in the arguments). The package schema, the SDKs and `docs/functions.md` type the
 * functions from here (`src/schema/function-facts.ts`, with the interfaces' names and TSDoc), and the
 * plugin's invokes send the marked IDs as strings (`src/plugin/invoke.ts`). The TypeScript interfaces
 * of `src/functions/<noun>.ts` are the public types a program compiles against (no zod there) and are
 * held to these by `test/types/functions-as-declared.ts`. A function missing here fails to compile.
 */
import type { z } from "zod";
import { grantsFunctions } from "./grants";
import { imageFunctions } from "./image";
import { instanceFunctions } from "./instance";
import { instanceTypeFunctions } from "./instance-type";
import { kernelFunctions } from "./kernel";
import { profileFunctions } from "./profile";
import { regionFunctions } from "./region";
import { regionAvailabilityFunctions } from "./region-availability";
import { sshKeyFunctions } from "./ssh-key";
import { stackScriptFunctions } from "./stack-script";
import { subnetFunctions } from "./subnet";
import { tagFunctions } from "./tag";
import { vpcFunctions } from "./vpc";

/** A function's declared types: its arguments (none for a function that takes options alone) and its result. */
export interface FunctionSchema {
  args?: z.ZodObject;
  result: z.ZodObject;
}

type Functions = typeof import("..");

/** The data functions' names: `getVpc`, not its Output form. */
export type FunctionName = Exclude<Extract<keyof Functions, `get${string}`>, `${string}Output`>;

export const FUNCTION_SCHEMAS = {
  ...regionFunctions,
  ...regionAvailabilityFunctions,
  ...kernelFunctions,
  ...imageFunctions,
  ...instanceTypeFunctions,
  ...profileFunctions,
  ...grantsFunctions,
  ...stackScriptFunctions,
  ...vpcFunctions,
  ...subnetFunctions,
  ...instanceFunctions,
  ...sshKeyFunctions,
  ...tagFunctions,
} satisfies Record<FunctionName, FunctionSchema>;

/** A function's declared types by its name, or undefined for a name that is no data function. */
export function schemaOf(name: string): FunctionSchema | undefined {
  const byName: Readonly<Record<string, FunctionSchema>> = FUNCTION_SCHEMAS;
  return Object.hasOwn(byName, name) ? byName[name] : undefined;
}
