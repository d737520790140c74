/** The list envelope over an array, with the paging parameters already validated by the contract. */
import type { ListEnvelope, PageQuery } from "../contract";

export function paginate<T>(items: T[], { page, page_size }: PageQuery): ListEnvelope<T> {
  const pages = Math.max(1, Math.ceil(items.length / page_size));
  const start = (page - 1) * page_size;
  return { data: items.slice(start, start + page_size), page, pages, results: items.length };
}
