/** List envelope and paging parameters (Conventions 1, Limits table). */
import { z } from "zod";

export const PAGE_SIZE = { min: 25, max: 500, default: 100 } as const;

export const PageQuery = z.object({
  page: z.coerce
    .number({ error: "page must be an integer" })
    .int("page must be an integer")
    .min(1, "page must be at least 1")
    .default(1),
  page_size: z.coerce
    .number({ error: "page_size must be an integer" })
    .int("page_size must be an integer")
    .min(PAGE_SIZE.min, `page_size must be ${PAGE_SIZE.min}..${PAGE_SIZE.max}`)
    .max(PAGE_SIZE.max, `page_size must be ${PAGE_SIZE.min}..${PAGE_SIZE.max}`)
    .default(PAGE_SIZE.default),
});
export type PageQuery = z.infer<typeof PageQuery>;

export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    page: z.number().int(),
    pages: z.number().int(),
    results: z.number().int(),
  });
}
export type ListEnvelope<T> = { data: T[]; page: number; pages: number; results: number };
