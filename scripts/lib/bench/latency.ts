import { load1, type ConcurrentLatency, type Latency } from './figures.ts';
import { CONCURRENT_CLIENTS } from './options.ts';

// API latency: timed GETs (sequential or a few in flight) and many clients searching at once.

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * CONCURRENT_CLIENTS clients searching at once (words, typos, a category, a cuisine), each
 * search new to the response cache: latency percentiles and searches per second.
 */
export async function measureConcurrentSearch(base: string): Promise<ConcurrentLatency> {
  const queries = [
    'q=chicken',
    'q=chocolate%20cake',
    'q=soup',
    'q=lemon',
    'q=chiken',
    'q=spagetti',
    'q=pasta&category=main-course',
    'q=chicken&cuisine=italian',
  ];
  const total = CONCURRENT_CLIENTS * 10;
  const times: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < total) {
      const i = next++;
      const url = `${base}/api/recipes/search?${queries[i % queries.length]!}&bench=c${i}`;
      const t = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} → ${res.status}`);
      times.push(performance.now() - t);
    }
  };
  // Each client first opens its connection with one untimed search (not a measured query): fifty
  // connections opened at once, by a client process whose fetch code is still cold and shares the
  // two cores with the server, took up to 2.5 s for the first wave alone; the figure is meant to
  // be the server answering fifty searchers, not the bench starting up.
  await Promise.all(
    Array.from({ length: CONCURRENT_CLIENTS }, async (_, i) => {
      const res = await fetch(`${base}/api/recipes/search?q=soup&bench=warm${i}`);
      await res.arrayBuffer();
    }),
  );
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENT_CLIENTS }, client));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    clients: CONCURRENT_CLIENTS,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times.at(-1) ?? 0),
    requests: times.length,
    perSecond: round(times.length / seconds),
    load: load1(),
  };
}

/** The filtered searches the filtered-search figure cycles through: each filter, alone and with words. */
export const FILTERED_SEARCHES = [
  'q=chicken&time=45&diet=dairy-free',
  'diet=vegetarian&exclude=mushrooms',
  'have=eggs,rice,spinach',
  'q=pasta&exclude=cream',
  'time=15',
  'diet=vegan',
  'q=salad&have=eggs,feta',
  'q=soup&time=30&diet=gluten-free&exclude=onion',
];

/**
 * Filtered search (time, diets, an ingredient left out, "cook with what I have", with and without
 * words), one request at a time and each new to the response cache: the database answers all.
 */
export function measureFilteredSearch(base: string, count: number): Promise<Latency> {
  const urls = FILTERED_SEARCHES.map((query) => `${base}/api/recipes/search?${query}&limit=48`);
  return measure(urls, count, { sequential: true, uncached: true });
}

/**
 * Times `count` GETs, 4 in flight at a time (a few concurrent visitors), or one at a time
 * (`sequential`, as the API figures are taken), with `headers` (a session cookie) on each.
 */
export async function measure(
  urls: string[],
  count: number,
  {
    sequential = false,
    uncached = false,
    headers = {},
  }: { sequential?: boolean; uncached?: boolean; headers?: Record<string, string> } = {},
): Promise<Latency> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      // `uncached`: a parameter the API ignores makes each address new to the response cache.
      const url = uncached ? `${urls[i % urls.length]!}&bench=${i}` : urls[i % urls.length]!;
      const t = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} → ${res.status}`);
      times.push(performance.now() - t);
    }
  };
  await Promise.all(sequential ? [worker()] : [worker(), worker(), worker(), worker()]);
  times.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times.at(-1) ?? 0),
    requests: times.length,
  };
}
