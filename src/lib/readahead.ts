// Reads records one key at a time from a source that is cheap per batch and dear per call (the
// build's database is over IPC, or Neon over HTTP): calls made in the same turn go out as one
// batch, and when the keys come in the order the caller announced, the reader fetches the keys
// that come next too, in windows that double up to `maxAhead` — as an operating system reads
// ahead in a file read from start to end. A full build renders every recipe page in order, so it
// makes ~N/64 queries; an edit renders a few pages far apart, so nothing is fetched in vain.

export interface ReadaheadOptions<K, V> {
  /** The order keys are expected in (asked once, on the first read). */
  order: () => Promise<readonly K[]> | readonly K[];
  /** The records of `keys`; a key without a record is absent from the map. */
  fetch: (keys: K[]) => Promise<Map<K, V>>;
  /** The largest window read ahead (default 64). */
  maxAhead?: number | undefined;
}

export interface ReadaheadStats {
  batches: number;
  fetched: number;
  /** Records read ahead and not asked for yet. */
  held: number;
}

export interface Readahead<K, V> {
  /** The record of `key`, or undefined when the source has none. Each record is handed out once. */
  read(key: K): Promise<V | undefined>;
  stats(): ReadaheadStats;
}

interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

export function readahead<K, V>({ order, fetch, maxAhead = 64 }: ReadaheadOptions<K, V>): Readahead<K, V> {
  let sequence: Promise<{ keys: readonly K[]; position: Map<K, number> }> | undefined;
  /** Read ahead (or being read) and not asked for yet: each is handed out once, then forgotten. */
  const ahead = new Map<K, Promise<V | undefined>>();
  const waiting = new Map<K, Waiter<V>[]>();
  let flushScheduled = false;
  /** Position (in `order`) of the last key fetched, and the size of the last read-ahead window. */
  let lastFetched = -1;
  let window = 0;
  const stats = { batches: 0, fetched: 0 };

  const positions = () =>
    (sequence ??= Promise.resolve(order()).then((keys) => ({
      keys,
      position: new Map(keys.map((key, i) => [key, i])),
    })));

  async function flush() {
    flushScheduled = false;
    const batch = new Map(waiting);
    waiting.clear();
    try {
      const { keys, position } = await positions();
      const asked = [...batch.keys()];
      const at = asked.map((key) => position.get(key) ?? -1).filter((p) => p >= 0);
      const first = Math.min(...at);
      const last = Math.max(...at);
      // Read ahead only while the keys asked for follow on from the previous batch.
      const inOrder = at.length > 0 && first === lastFetched + 1;
      window = inOrder ? Math.min(maxAhead, Math.max(8, window * 2)) : 0;
      const extra: K[] = [];
      let end = last;
      for (let p = last + 1; p < keys.length && extra.length < window; p++) {
        const key = keys[p] as K;
        if (batch.has(key) || ahead.has(key)) continue;
        extra.push(key);
        end = p;
      }
      if (at.length > 0) lastFetched = end;
      const answer = fetch([...asked, ...extra]);
      stats.batches++;
      stats.fetched += asked.length + extra.length;
      for (const key of extra) {
        const record = answer.then((found) => found.get(key));
        record.catch(() => {}); // a failed batch fails the read that asks for it, if any
        ahead.set(key, record);
      }
      // Records read ahead for a run that then stopped following the order: keep a bounded few.
      for (const key of ahead.keys()) {
        if (ahead.size <= maxAhead * 2) break;
        ahead.delete(key);
      }
      const found = await answer;
      for (const [key, waiters] of batch) for (const w of waiters) w.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
    }
  }

  return {
    read(key) {
      const early = ahead.get(key);
      if (early) {
        ahead.delete(key);
        return early;
      }
      return new Promise((resolve, reject) => {
        const list = waiting.get(key);
        if (list) list.push({ resolve, reject });
        else waiting.set(key, [{ resolve, reject }]);
        if (!flushScheduled) {
          flushScheduled = true;
          setImmediate(() => void flush());
        }
      });
    },
    stats: () => ({ ...stats, held: ahead.size }),
  };
}
