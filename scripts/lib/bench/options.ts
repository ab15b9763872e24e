import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The bench's command line and fixed figures (see scripts/bench.ts).

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const full = process.argv.includes('--full');
export const argValue = (name: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
/** --sizes=1000,10000 picks the catalogue sizes; --prepare-only=DIR only seeds the first into DIR. */
export const sizes = argValue('sizes')
  ? argValue('sizes')!.split(',').map(Number)
  : full
    ? [1000, 10000, 50000]
    : [100, 1000];
export const engine = argValue('engine') === 'postgres' ? 'postgres' : 'pglite';
export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REBUILDS = Number(process.env.BENCH_REBUILDS ?? 20);
export const REQUESTS = 300;
/** Clients searching at once for the concurrent search figure (p95 ≤ 500 ms at 50). */
export const CONCURRENT_CLIENTS = 50;
