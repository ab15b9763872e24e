import { describe, expect, it } from 'vitest';
import { readahead } from '../../src/lib/readahead.ts';

// The reader a recipe page gets its whole record through: pages rendered together
// share one query, pages in the build's order are read ahead, and pages far apart (an edit's few)
// fetch only themselves.

const KEYS = Array.from({ length: 1000 }, (_, i) => i * 3 + 1);
const record = (key: number) => `record ${key}`;

/** A reader over KEYS whose source logs every batch it is asked for. */
function reader(maxAhead?: number) {
  const batches: number[][] = [];
  const source = readahead<number, string>({
    order: () => KEYS,
    fetch: async (keys) => {
      batches.push(keys);
      // A key the source has no record of (here: 1 + 3·999 is the last; 5 is none of them).
      return new Map(keys.filter((k) => KEYS.includes(k)).map((k) => [k, record(k)]));
    },
    maxAhead,
  });
  return { source, batches };
}

/** Reads `keys` as a build does: `concurrency` at a time, each starting when one finishes. */
async function readAll(read: (key: number) => Promise<string | undefined>, keys: number[], concurrency = 8) {
  const out = new Map<number, string | undefined>();
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      out.set(key, await read(key));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return out;
}

describe('readahead', () => {
  it.each([
    // [what, keys read, concurrency, most batches, most records fetched]
    ['every key in order, eight at a time', KEYS, 8, 22, KEYS.length],
    ['every key in order, one at a time', KEYS, 1, 24, KEYS.length],
    ['every other key in order', KEYS.filter((_, i) => i % 2 === 0), 8, 500, 520],
    ['a few keys far apart', [KEYS[10]!, KEYS[400]!, KEYS[800]!], 1, 3, 3],
    ['keys in reverse order', [...KEYS].reverse().slice(0, 50), 1, 50, 50],
    [
      'a later run, then an earlier one, each in order',
      [...KEYS.slice(500, 600), ...KEYS.slice(0, 300)],
      1,
      14,
      472,
    ],
  ])('%s', async (_, keys, concurrency, maxBatches, maxFetched) => {
    const { source, batches } = reader();
    const got = await readAll((k) => source.read(k), keys, concurrency);
    for (const key of keys) expect(got.get(key)).toBe(record(key));
    expect(batches.length).toBeLessThanOrEqual(maxBatches);
    expect(batches.flat().length).toBeLessThanOrEqual(maxFetched);
    expect(source.stats()).toMatchObject({ batches: batches.length, fetched: batches.flat().length });
  });

  it('asks for the keys read in the same turn in one batch, and reads ahead only up to maxAhead', async () => {
    const { source, batches } = reader(16);
    await Promise.all(KEYS.slice(0, 5).map((k) => source.read(k)));
    expect(batches).toEqual([KEYS.slice(0, 5 + 8)]);
    await readAll((k) => source.read(k), KEYS.slice(5, 200), 1);
    expect(Math.max(...batches.map((b) => b.length))).toBe(1 + 16);
  });

  it('hands each record out once, and fetches it again when asked again', async () => {
    const { source, batches } = reader();
    await readAll((k) => source.read(k), KEYS.slice(0, 40), 8);
    const before = batches.length;
    expect(await source.read(KEYS[3]!)).toBe(record(KEYS[3]!));
    expect(batches.length).toBe(before + 1);
  });

  it('answers undefined for a key the source has no record of, in the order or not', async () => {
    const { source } = reader();
    expect(await source.read(5)).toBeUndefined();
    expect(await Promise.all([source.read(KEYS[0]!), source.read(2)])).toEqual([record(KEYS[0]!), undefined]);
  });

  it('fails the reads of a failed batch, and the next reads try again', async () => {
    let fail = true;
    const source = readahead<number, string>({
      order: () => KEYS,
      fetch: async (keys) => {
        if (fail) throw new Error('database gone');
        return new Map(keys.map((k) => [k, record(k)]));
      },
    });
    await expect(Promise.all([source.read(KEYS[0]!), source.read(KEYS[1]!)])).rejects.toThrow(
      'database gone',
    );
    fail = false;
    expect(await source.read(KEYS[0]!)).toBe(record(KEYS[0]!));
  });

  it('keeps a bounded number of records read ahead that nobody asks for', async () => {
    const { source, batches } = reader(8);
    // Runs of three in order, then a jump: each run reads ahead records the jump leaves unread.
    for (let start = 0; start < 900; start += 30)
      await readAll((k) => source.read(k), KEYS.slice(start, start + 3), 1);
    expect(batches.flat().length).toBeGreaterThan(90);
    expect(source.stats().held).toBeLessThanOrEqual(2 * 8);
    // Still correct afterwards, read ahead or not.
    expect(await source.read(KEYS[31]!)).toBe(record(KEYS[31]!));
  });
});
