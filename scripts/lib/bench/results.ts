import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SizeResult } from './figures.ts';
import { root } from './options.ts';

// The bench's summary table and its results file.

/** The figures of every size as a table, then the concurrent searches, the meal plan's week and the rebuild memory. */
export function printSummary(results: SizeResult[]): void {
  console.log(
    '\nrecipes | pages | /recipe | output MB | build s (CPU s) | RSS MB | load | search p95 words/typo/category ms | by-slug p95 ms | edit→live s',
  );
  for (const r of results) {
    const edit = r.editToLive && 'seconds' in r.editToLive ? String(r.editToLive.seconds) : 'n/a';
    console.log(
      [
        String(r.recipes).padStart(7),
        String(r.pages).padStart(5),
        String(r.pagesPerRecipe).padStart(7),
        String(r.outputMb).padStart(9),
        `${r.buildSeconds.toFixed(1)} (${r.build?.cpuSeconds ?? '?'})`.padStart(15),
        `${r.build?.maxRssMb ?? '?'}${(r.build?.workers ?? 1) > 1 ? ` ×${r.build?.workers}` : ''}`.padStart(
          6,
        ),
        r.loadAverage.join('/').padStart(4),
        `${r.searchMs.p95} / ${r.searchTypoMs.p95} / ${r.searchCategoryMs.p95}`.padStart(33),
        String(r.bySlugMs.p95).padStart(14),
        edit.padStart(11),
      ].join(' | '),
    );
  }
  for (const r of results) {
    const f = r.searchFilteredMs;
    if (f)
      console.log(`${r.recipes} recipes, filtered search (sequential): p50 ${f.p50} ms, p95 ${f.p95} ms`);
  }
  for (const r of results) {
    const c = r.searchConcurrent;
    if (c)
      console.log(
        `${r.recipes} recipes, ${c.clients} clients searching: p50 ${c.p50} ms, p95 ${c.p95} ms, ${c.perSecond} searches/s (load ${c.load})`,
      );
  }
  for (const r of results) {
    const p = r.planWeekMs;
    if (p)
      console.log(
        `${r.recipes} recipes, a week of a year's meal plan (sequential): p50 ${p.p50} ms, p95 ${p.p95} ms (≤ 20 ms)`,
      );
  }
  const rebuilt = results.find((r) => r.rssMbAfterRebuilds);
  if (rebuilt?.rssMbAfterRebuilds) {
    const x = rebuilt.rssMbAfterRebuilds;
    console.log(
      `\nServer RSS after ${x.rebuilds} rebuilds of ${rebuilt.recipes} recipes: ${x.rssMb} MB (after start: ${rebuilt.rssMbAfterStart} MB), ${x.secondsPerRebuild} s per rebuild`,
    );
  }
}

/**
 * Writes the figures, with the date and the machine, to bench/<file>. What an earlier run wrote
 * and this one did not measure stays: the catalogue sizes not run this time (each keeps the date
 * it was measured, `measuredAt`) and the other parts (memory under load, Lighthouse, notes), so
 * `--sizes=50000` alone does not erase the 1k and 10k figures.
 */
export async function writeResults(
  file: string,
  figures: Record<string, unknown> & { sizes: SizeResult[] },
): Promise<void> {
  const date = new Date().toISOString();
  const target = path.join(root, 'bench', file);
  let earlier: Record<string, unknown> & { sizes?: SizeResult[] } = {};
  try {
    earlier = JSON.parse(fs.readFileSync(target, 'utf8')) as typeof earlier;
  } catch {
    // No earlier figures (or unreadable ones): this run's alone.
  }
  const measured = new Set(figures.sizes.map((s) => s.recipes));
  const sizes = [
    ...figures.sizes.map((s) => ({ measuredAt: date, ...s })),
    ...(earlier.sizes ?? [])
      .filter((s) => !measured.has(s.recipes))
      .map((s) => ({ measuredAt: (s.measuredAt as string | undefined) ?? earlier.date, ...s })),
  ].sort((a, b) => a.recipes - b.recipes);
  const out = {
    ...earlier,
    date,
    machine: { cpus: os.cpus().length, node: process.version },
    ...figures,
    sizes,
  };
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // Formatted as the lint's Prettier check wants it (it folds short arrays onto one line).
  const { format } = await import('prettier');
  fs.writeFileSync(target, await format(JSON.stringify(out, null, 2), { parser: 'json' }));
  console.log(`\nWrote bench/${file}`);
}
