/**
 * The list envelope over an array, with the paging parameters already validated by the contract.
 * The request's `X-Filter` (attached to its query by the router) applies first, so `results`,
 * `pages` and the page's items are those of the filtered, ordered list.
 */
import type { ListEnvelope, PageQuery } from "../contract";
import { applyFilter, filterOf } from "./filter";

export function paginate<T>(all: T[], query: PageQuery): ListEnvelope<T> {
  const items = applyFilter(all, filterOf(query));
  const { page, page_size } = query;
  const pages = Math.max(1, Math.ceil(items.length / page_size));
  const start = (page - 1) * page_size;
  return { data: items.slice(start, start + page_size), page, pages, results: items.length };
}
