// Lighthouse mobile scores for pages of a running site, with the system Chromium started here
// (chrome-launcher's own discovery is not used). `npm run bench` imports lighthouseScores; by hand:
//   npx node scripts/lighthouse.ts [--runs=3] http://localhost:8888 / /recipe/beef-bourguignon /category/desserts
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, chromiumPath } from './lib/chromium.ts';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

interface RunningChromium {
  port: number;
  stop: () => Promise<void>;
}

/** Starts Chromium with a fresh profile and a DevTools port chosen by Chromium itself. */
async function startChromium(): Promise<RunningChromium> {
  const executable = chromiumPath;
  if (!executable) throw new Error('No Chromium found (apt-get install -y chromium, or set CHROMIUM_PATH).');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'forkful-lighthouse-'));
  const child: ChildProcess = spawn(
    executable,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`Chromium did not open a DevTools port:\n${output}`)),
      20_000,
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}):\n${output}`));
    });
  });
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Mobile (Lighthouse's default form factor and simulated throttling) scores, 0-100, for each
 * path. With `runs` > 1 each score is the median of the runs, as Lighthouse advises for a busy machine.
 */
export async function lighthouseScores(
  baseUrl: string,
  paths: string[],
  options: { runs?: number } = {},
): Promise<Record<string, LighthouseScores>> {
  const runs = Math.max(1, options.runs ?? 1);
  const chromium = await startChromium();
  const results: Record<string, LighthouseScores> = {};
  try {
    for (const urlPath of paths) {
      const samples: LighthouseScores[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(new URL(urlPath, baseUrl).toString(), {
          port: chromium.port,
          output: 'json',
          logLevel: 'error',
          formFactor: 'mobile',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${urlPath}`);
        const { categories } = result.lhr;
        samples.push({
          performance: score(categories.performance?.score),
          accessibility: score(categories.accessibility?.score),
          bestPractices: score(categories['best-practices']?.score),
          seo: score(categories.seo?.score),
        });
      }
      results[urlPath] = {
        performance: median(samples.map((s) => s.performance)),
        accessibility: median(samples.map((s) => s.accessibility)),
        bestPractices: median(samples.map((s) => s.bestPractices)),
        seo: median(samples.map((s) => s.seo)),
      };
    }
  } finally {
    await chromium.stop();
  }
  return results;
}

/** The scores as an aligned text table. */
export function scoresTable(scores: Record<string, LighthouseScores>): string {
  const rows = Object.entries(scores).map(([p, s]) => [
    p,
    String(s.performance),
    String(s.accessibility),
    String(s.bestPractices),
    String(s.seo),
  ]);
  const header = ['page', 'performance', 'accessibility', 'best practices', 'SEO'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 1);
  const [baseUrl, ...paths] = args.filter((a) => !a.startsWith('--'));
  if (!baseUrl) {
    console.error(
      'Usage: npx node scripts/lighthouse.ts [--runs=3] http://localhost:8888 / /recipe/{slug} /category/{slug}',
    );
    process.exit(2);
  }
  const scores = await lighthouseScores(baseUrl, paths.length ? paths : ['/'], { runs });
  console.log(scoresTable(scores));
}
