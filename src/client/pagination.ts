/** Walks every page of a list endpoint. */
import type { ListEnvelope } from "../contract";

export async function* eachItem<T>(fetchPage: (page: number) => Promise<ListEnvelope<T>>): AsyncGenerator<T> {
  let page = 1;
  for (;;) {
    const envelope = await fetchPage(page);
    yield* envelope.data;
    if (page >= envelope.pages || envelope.data.length === 0) return;
    page += 1;
  }
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
