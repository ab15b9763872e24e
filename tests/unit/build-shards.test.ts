import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inThisShard, parseShard } from '../../src/data/build-shard.ts';
import { buildShards, combineReports, mergeBuildInto } from '../../scripts/lib/build-shards.ts';
import type { WorkerReport } from '../../scripts/build-worker.ts';
import { itMaps } from '../helpers/table.ts';

// A large site is built by several workers side by side: which pages each renders,
// how many workers a build gets, and how their folders and reports come together.

describe('parseShard', () => {
  itMaps(
    parseShard,
    [
      ['0/2', { index: 0, count: 2 }],
      ['1/2', { index: 1, count: 2 }],
      [' 3/4 ', { index: 3, count: 4 }],
      ['0/1', undefined],
      ['2/2', undefined],
      ['1/0', undefined],
      ['-1/2', undefined],
      ['a/b', undefined],
      ['', undefined],
      [undefined, undefined],
    ],
    '%j → %j',
  );
});

describe('inThisShard', () => {
  it('gives every item to exactly one of the shards', () => {
    for (const count of [2, 3, 4]) {
      for (let n = 0; n < 50; n++) {
        const owners = Array.from({ length: count }, (_, index) => index).filter((index) =>
          inThisShard(n, { index, count }),
        );
        expect(owners).toHaveLength(1);
      }
    }
  });

  it('keeps every item in a build that is not split', () => {
    expect([0, 1, 2, 99].every((n) => inThisShard(n, undefined))).toBe(true);
  });
});

describe('buildShards', () => {
  const cores = Math.min(os.availableParallelism(), 4);
  it.each([
    { recipes: 100, env: {}, expected: 1 },
    { recipes: 1999, env: {}, expected: 1 },
    { recipes: 2000, env: {}, expected: cores },
    { recipes: 10_000, env: {}, expected: cores },
    { recipes: 10_000, env: { FORKFUL_BUILD_WORKERS: '1' }, expected: 1 },
    { recipes: 100, env: { FORKFUL_BUILD_WORKERS: '2' }, expected: 2 },
    { recipes: 100, env: { FORKFUL_BUILD_WORKERS: '9' }, expected: 4 },
    { recipes: 100, env: { FORKFUL_BUILD_WORKERS: '0' }, expected: 1 },
    { recipes: 100, env: { FORKFUL_BUILD_WORKERS: 'many' }, expected: 1 },
  ])('$recipes recipes, $env → $expected', ({ recipes, env, expected }) => {
    expect(buildShards(recipes, env)).toBe(expected);
  });
});

describe('mergeBuildInto', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  function write(root: string, files: Record<string, string>): void {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    }
  }
  function read(root: string): Record<string, string> {
    const out: Record<string, string> = {};
    for (const e of fs.readdirSync(root, { withFileTypes: true, recursive: true }))
      if (e.isFile())
        out[path.relative(root, path.join(e.parentPath, e.name))] = fs.readFileSync(
          path.join(e.parentPath, e.name),
          'utf8',
        );
    return out;
  }

  it("moves the shard's own pages across and keeps the first shard's copy of shared ones", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forkful-shards-'));
    const first = path.join(dir, 'build');
    const second = path.join(dir, 'build.shard-2');
    write(first, {
      'index.html': 'home (first)',
      'recipe/a/index.html': 'a',
      'recipe/a/cook/index.html': 'a cook',
      '_astro/app.js': 'js',
    });
    write(second, {
      'index.html': 'home (second)',
      'recipe/b/index.html': 'b',
      'recipe/b/cook/index.html': 'b cook',
      'category/x/page/3/index.html': 'x3',
      '_astro/app.js': 'js',
    });
    mergeBuildInto(second, first);
    expect(read(first)).toEqual({
      'index.html': 'home (first)',
      'recipe/a/index.html': 'a',
      'recipe/a/cook/index.html': 'a cook',
      'recipe/b/index.html': 'b',
      'recipe/b/cook/index.html': 'b cook',
      'category/x/page/3/index.html': 'x3',
      '_astro/app.js': 'js',
    });
  });
});

describe('combineReports', () => {
  const report = (over: Partial<WorkerReport>): WorkerReport => ({
    type: 'built',
    seconds: 10,
    cpuSeconds: 12,
    timings: {},
    counts: {},
    maxRssMb: 500,
    memoryByPhase: {},
    ...over,
  });

  it('passes one report through unchanged', () => {
    const one = report({});
    expect(combineReports([one])).toBe(one);
  });

  it('takes the slowest time and largest peak, and adds up CPU, counts and memory', () => {
    const combined = combineReports([
      report({
        seconds: 90,
        cpuSeconds: 80.25,
        timings: { 'phase: bundling (vite)': 5000, 'writing files': 100 },
        counts: { 'files written': 10 },
        maxRssMb: 880,
        memoryByPhase: { 'bundling (vite)': { rssMb: 850, heapUsedMb: 400, externalMb: 60 } },
      }),
      report({
        seconds: 95,
        cpuSeconds: 81.5,
        timings: { 'phase: bundling (vite)': 4000 },
        counts: { 'files written': 12 },
        maxRssMb: 900,
        memoryByPhase: { 'bundling (vite)': { rssMb: 840, heapUsedMb: 420, externalMb: 55 } },
      }),
    ]);
    expect(combined).toEqual({
      type: 'built',
      seconds: 95,
      cpuSeconds: 161.8,
      timings: { 'phase: bundling (vite)': 5000, 'writing files': 100 },
      counts: { 'files written': 22 },
      maxRssMb: 900,
      memoryByPhase: { 'bundling (vite)': { rssMb: 850, heapUsedMb: 420, externalMb: 60 } },
      workers: 2,
      totalMaxRssMb: 1780,
    });
  });
});
