/** `check`: validates each input with the contract's field schema, naming the property; unknown values pass. */
import type { z } from "zod";
import { containsUnknown } from "./unknown";
import type { Props } from "./props";

export interface CheckFailure {
  property: string;
  reason: string;
}

/** Whether check looks at a resource not yet in the state: the engine passes no old inputs for it. */
export const isNewResource = (olds: Props | undefined): boolean => Object.keys(olds ?? {}).length === 0;

export function checkInputs(
  schema: z.ZodObject,
  news: Props,
  defaults: Props = {},
): { inputs: Props; failures: CheckFailure[] } {
  const inputs: Props = {};
  const failures: CheckFailure[] = [];
  for (const [property, fieldSchema] of Object.entries(schema.shape)) {
    const value = news[property] ?? defaults[property];
    if (containsUnknown(value)) {
      inputs[property] = value;
      continue;
    }
    const result = (fieldSchema as z.ZodType).safeParse(value);
    if (result.success) {
      if (result.data !== undefined) inputs[property] = result.data;
    } else {
      for (const issue of result.error.issues) failures.push({ property, reason: issue.message });
    }
  }
  return { inputs, failures };
}
