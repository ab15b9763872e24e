import fs from 'node:fs';

// The memory part of `npm run bench`: a mixed load against a running server —
// static pages in every encoding, public API reads (search with varied words, recipes by slug
// and category), signed-in reads and writes (saved recipes, shopping list, calorie log) and
// refused requests — while the server's RSS is sampled. Reports RSS after start, at the peak,
// at the end of the load and after a quiet period, so growth that is never released shows.

export interface MemoryLoadOptions {
  base: string;
  pid: number;
  /** Credentials of a user to sign in as (the admin of a bench database will do). */
  login: { username: string; password: string };
  loadMs: number;
  settleMs: number;
  concurrency?: number;
  /** Called every ~10 s with a line of progress. */
  progress?: (line: string) => void;
}

export interface MemoryLoadResult {
  rssMbAfterStart: number;
  rssMbPeak: number;
  rssMbEndOfLoad: number;
  rssMbAfterSettle: number;
  loadSeconds: number;
  settleSeconds: number;
  requests: number;
  byStatus: Record<string, number>;
  /** RSS every 10 s from the start of the load: [seconds, MB]. */
  samples: [number, number][];
}

/** Resident set size of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

const WORDS = [
  'chicken',
  'chiken',
  'pasta',
  'soup',
  'lemon',
  'curry',
  'cake',
  'chocolate',
  'salad',
  'rice',
  'noodles',
  'spicy',
  'vegetarian',
  'beef',
  'pork',
  'garlic',
  'tomato',
  'bread',
  'quick',
  'easy',
];
const ENCODINGS = ['br, gzip', 'gzip', 'identity', 'br;q=0, gzip'];

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

export async function memoryUnderLoad(options: MemoryLoadOptions): Promise<MemoryLoadResult> {
  const { base, pid, loadMs, settleMs, concurrency = 8 } = options;
  const log = options.progress ?? (() => {});
  const recipes = (await (await fetch(`${base}/api/recipes?limit=100`)).json()) as {
    id: number;
    slug: string;
    category: string;
  }[];
  const categories = [...new Set(recipes.map((r) => r.category))];
  const pages = [
    '/',
    '/recipes',
    '/categories',
    '/blog',
    '/search',
    '/kitchen-helper',
    '/saved-recipes',
    '/no/such/page',
    ...recipes.flatMap((r) => [`/recipe/${r.slug}`, `/recipe/${r.slug}/cook`, `/recipe-id/${r.id}`]),
    ...categories.map((c) => `/category/${c}`),
  ];
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify(options.login),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!login.ok || !cookie) throw new Error(`memory bench: login failed (${login.status})`);
  const signedIn = { Cookie: cookie, Origin: base, 'Content-Type': 'application/json' };

  const requests: (() => Promise<Response>)[] = [
    // Static pages (40 %).
    ...Array<() => Promise<Response>>(8).fill(() =>
      fetch(`${base}${pick(pages)}`, { headers: { 'Accept-Encoding': pick(ENCODINGS) } }),
    ),
    // Public API reads (35 %).
    ...Array<() => Promise<Response>>(3).fill(() =>
      fetch(`${base}/api/recipes/search?q=${encodeURIComponent(`${pick(WORDS)} ${pick(WORDS)}`)}`),
    ),
    () => fetch(`${base}/api/recipes/slug/${pick(recipes).slug}`),
    () =>
      fetch(`${base}/api/recipes/category/${pick(categories)}?limit=${1 + Math.floor(Math.random() * 24)}`),
    () => fetch(`${base}/api/recipes/${pick(recipes).id}/reviews`),
    () => fetch(`${base}/api/recipes/related/${pick(recipes).id}`),
    // Signed in (20 %): saves, shopping list, calorie log.
    () => fetch(`${base}/api/recipes/${pick(recipes).id}/save`, { method: 'POST', headers: signedIn }),
    () => fetch(`${base}/api/recipes/${pick(recipes).id}/save`, { method: 'DELETE', headers: signedIn }),
    () => fetch(`${base}/api/user/saved-recipes`, { headers: signedIn }),
    () =>
      Math.random() < 0.05
        ? fetch(`${base}/api/shopping-list`, { method: 'DELETE', headers: signedIn })
        : fetch(`${base}/api/shopping-list/items`, {
            method: 'POST',
            headers: signedIn,
            body: JSON.stringify({
              items: [{ ingredient: `${pick(WORDS)} ${Date.now() % 1000}`, amount: 2, unit: 'g' }],
            }),
          }),
    () =>
      fetch(`${base}/api/calorie-tracking`, {
        method: 'POST',
        headers: signedIn,
        body: JSON.stringify({
          date: new Date().toISOString().slice(0, 10),
          recipeId: pick(recipes).id,
          mealType: pick(['breakfast', 'lunch', 'dinner', 'snack']),
        }),
      }),
    // Refused (5 %): unknown endpoints and broken bodies.
    () =>
      fetch(`${base}/api/shopping-list/items`, { method: 'POST', headers: signedIn, body: '{"items": [' }),
  ];

  const samples: [number, number][] = [];
  const byStatus: Record<string, number> = {};
  const rssMbAfterStart = rssMb(pid);
  let peak = rssMbAfterStart;
  let count = 0;
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) / 1000);
  const sampler = setInterval(() => {
    const now = rssMb(pid);
    peak = Math.max(peak, now);
    if (elapsed() % 10 === 0) {
      samples.push([elapsed(), now]);
      log(`${elapsed()} s: RSS ${now} MB, ${count} requests`);
    }
  }, 1000);
  try {
    const until = started + loadMs;
    const worker = async () => {
      while (performance.now() < until) {
        const res = await pick(requests)().catch(() => undefined);
        const key = res ? String(res.status) : 'network error';
        byStatus[key] = (byStatus[key] ?? 0) + 1;
        count++;
        await res?.arrayBuffer().catch(() => undefined);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const rssMbEndOfLoad = rssMb(pid);
    const loadSeconds = elapsed();
    await new Promise((r) => setTimeout(r, settleMs));
    const rssMbAfterSettle = rssMb(pid);
    return {
      rssMbAfterStart,
      rssMbPeak: Math.max(peak, rssMbEndOfLoad),
      rssMbEndOfLoad,
      rssMbAfterSettle,
      loadSeconds,
      settleSeconds: Math.round(settleMs / 1000),
      requests: count,
      byStatus,
      samples,
    };
  } finally {
    clearInterval(sampler);
  }
}
