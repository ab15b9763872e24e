// Only the named fields of a record: what a page serialises into an island's props, so the page
// carries no more of a recipe than the island reads.

/** A copy of `record` with only `keys` (those it has). */
export function pick<T extends object, K extends keyof T>(record: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) if (key in record) out[key] = record[key];
  return out;
}
