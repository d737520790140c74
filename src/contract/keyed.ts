/** A record with one entry per key of a list, typed by its keys (what `Object.fromEntries` cannot say). */
export function keyed<K extends string, V>(keys: readonly K[], value: (key: K) => V): Record<K, V> {
  // Empty here; the loop below gives it every key of `keys`.
  const record = {} as Record<K, V>;
  for (const key of keys) record[key] = value(key);
  return record;
}
