// Deterministic randomness for the illustrations' layout.
// Deterministic randomness: FNV-1a hash of a key seeds a small PRNG (mulberry32).

export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export type Rng = {
  next: () => number;
  range: (min: number, max: number) => number;
  pick: <T>(items: readonly [T, ...T[]]) => T;
};

export function createRng(key: string): Rng {
  let state = hashString(key);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    pick: (items) => items[Math.floor(next() * items.length)] ?? items[0],
  };
}
