/**
 * Lists filtered on one field, many values in one request: lookups of the same list (`what`: an
 * endpoint and its parent) on the same field that are asked within a few milliseconds of each other,
 * in one process and account, share one request whose `X-Filter` is `{"+or": [{label: "a"}, {label:
 * "b"}, ...]}` (up to 25 values a request; pages as needed). Each caller gets the records whose field
 * equals its value. A fleet's label lookups (one per resource at check, each a paginated GET, which
 * the API limits to 200 a minute) become a few requests.
 */
import type { ListFilter } from "../contract/filter";

/** How long a lookup waits for others to join it, in ms. */
const GATHER_MS = 10;
/** The most values one request asks for (keeps the `X-Filter` header short). */
const MAX_VALUES = 25;

interface Asker<T> {
  value: string;
  resolve(records: T[]): void;
  reject(err: unknown): void;
}

interface Gathering<T> {
  askers: Asker<T>[];
  list: (filter: ListFilter) => Promise<T[]>;
}

const gathering = new Map<string, Gathering<never>>();

/**
 * The records of the list whose `field` equals `value` (compared as strings, after the API's own
 * filter). `what` names the list (`Instance`, `Subnet of 12`) and `account` the API account, which
 * together say which lookups may share a request; `list` sends one request with the filter given.
 */
export function lookUpBy<T extends object>(
  account: string,
  what: string,
  field: keyof T & string,
  value: string,
  list: (filter: ListFilter) => Promise<T[]>,
): Promise<T[]> {
  const key = `${account}\n${what}\n${field}`;
  return new Promise<T[]>((resolve, reject) => {
    let group = gathering.get(key) as Gathering<T> | undefined;
    if (!group) {
      group = { askers: [], list };
      gathering.set(key, group as Gathering<never>);
      setTimeout(() => {
        gathering.delete(key);
        void send(field, group!);
      }, GATHER_MS);
    }
    group.askers.push({ value, resolve, reject });
  });
}

async function send<T extends object>(field: keyof T & string, group: Gathering<T>): Promise<void> {
  const values = [...new Set(group.askers.map((a) => a.value))];
  const chunks: string[][] = [];
  for (let i = 0; i < values.length; i += MAX_VALUES) chunks.push(values.slice(i, i + MAX_VALUES));
  await Promise.all(
    chunks.map(async (chunk) => {
      const askers = group.askers.filter((a) => chunk.includes(a.value));
      try {
        const filter: ListFilter =
          chunk.length === 1 ? { [field]: chunk[0] } : { "+or": chunk.map((v) => ({ [field]: v })) };
        const records = await group.list(filter);
        for (const asker of askers) asker.resolve(records.filter((r) => String(r[field]) === asker.value));
      } catch (err) {
        for (const asker of askers) asker.reject(err);
      }
    }),
  );
}
