/** The label filters every list function takes (`../labels.ts`: a glob, a regular expression). */
import { z } from "zod";

export const LabelArgs = z.object({ label: z.string().optional(), labelRegex: z.string().optional() });
