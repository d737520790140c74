/** What `getTags` takes and gives (`../tag.ts` declares the same types). */
import { z } from "zod";
import { LabelArgs } from "./labels";

export const tagFunctions = {
  getTags: { args: LabelArgs, result: z.object({ tags: z.array(z.string()) }) },
};
