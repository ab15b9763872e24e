import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { zipFunctions, type FunctionResult } from '@netlify/zip-it-and-ship-it';
// zip-it-and-ship-it's own reader of a function's in-source config (what Netlify's build sees).
import { parseFile } from '@netlify/zip-it-and-ship-it/dist/runtimes/node/in_source_config/index.js';
import { loadApiRouter } from '../../scripts/lib/api-router.ts';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROOT } from '../helpers/paths.ts';
import { extractZip } from '../helpers/zip-reader.ts';

// Functions bundle as Netlify bundles them: zip-it-and-ship-it, with netlify.toml's
// [functions] settings, over functions/. Every function must bundle, its zip must hold no
// embedded database (production talks to Neon) and stay small (cold starts), and the bundled
// code, extracted away from the project's node_modules, must import and answer a request.

const MiB = 1024 * 1024;
/** Zip budgets: database functions are kysely + Neon + valibot; image functions add sharp. */
const BUDGET = { default: 2 * MiB, sharp: 12 * MiB };

interface FunctionsConfig {
  node_bundler?: string;
  included_files?: string[];
  external_node_modules?: string[];
}

function netlifyFunctionsConfig() {
  const toml = parseToml(fs.readFileSync(path.join(ROOT, 'netlify.toml'), 'utf8')) as {
    build?: { functions?: string };
    functions?: FunctionsConfig;
  };
  const f = toml.functions ?? {};
  return {
    dir: toml.build?.functions ?? 'netlify/functions',
    config: {
      '*': {
        ...(f.node_bundler ? { nodeBundler: f.node_bundler as 'esbuild' } : {}),
        ...(f.included_files ? { includedFiles: f.included_files } : {}),
        ...(f.external_node_modules ? { externalNodeModules: f.external_node_modules } : {}),
      },
    },
  };
}

/** Functions Netlify runs on its deploy events (named after the event, no path of their own). */
const DEPLOY_EVENTS = ['deploy-succeeded', 'deploy-failed'];

const functionFiles = fs
  .readdirSync(path.join(ROOT, 'functions'))
  .filter((f) => /\.(m?[jt]s)$/.test(f) && !f.startsWith('_'))
  .map((f) => f.replace(/\.m?[jt]s$/, ''))
  .sort();

let workDir = '';
let results: FunctionResult[] = [];

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forkful-bundles-'));
  const { dir, config } = netlifyFunctionsConfig();
  results = await zipFunctions([path.join(ROOT, dir)], path.join(workDir, 'zips'), {
    basePath: ROOT,
    repositoryRoot: ROOT,
    config,
  });
  const sizes = results.map((r) => `${r.name} ${(fs.statSync(r.path).size / MiB).toFixed(2)} MiB`).join(', ');
  console.log(`function zips: ${sizes}`);
}, 600_000);

afterAll(() => {
  vi.unstubAllEnvs();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

describe('the deploy build', () => {
  it('migrates (and seeds an empty database) before astro build', () => {
    const toml = parseToml(fs.readFileSync(path.join(ROOT, 'netlify.toml'), 'utf8')) as {
      build: { command: string };
    };
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const command = toml.build.command.replace(
      /^npm run ([\w:-]+)$/,
      (_m, name: string) => pkg.scripts[name] ?? '',
    );
    const migrate = command.indexOf('scripts/prepare-database.ts');
    expect(migrate).toBeGreaterThanOrEqual(0);
    expect(command.indexOf('astro build')).toBeGreaterThan(migrate);
    expect(fs.readFileSync(path.join(ROOT, 'scripts/lib/prepare.ts'), 'utf8')).toMatch(/migrateToLatest/);
  });
});

describe('netlify.toml [functions]', () => {
  it('sets no node_bundler (ignored for v2 functions) and keeps included_files', () => {
    const toml = parseToml(fs.readFileSync(path.join(ROOT, 'netlify.toml'), 'utf8')) as {
      functions?: FunctionsConfig;
    };
    expect(toml.functions?.node_bundler).toBeUndefined();
    expect(toml.functions?.included_files).toContain('!node_modules/node/**');
  });
});

describe('functions bundle with zip-it-and-ship-it', () => {
  it('bundles every function file', () => {
    expect(results.map((r) => r.name).sort()).toEqual(functionFiles);
    for (const r of results) expect(r.bundlerErrors ?? [], r.name).toEqual([]);
  });

  it.each(functionFiles)('%s: no embedded database, within its size budget', (name) => {
    const result = results.find((r) => r.name === name);
    if (!result) throw new Error(`${name} did not bundle`);
    const files = extractZip(result.path, path.join(workDir, 'unzipped', name));
    expect(files.filter((f) => /pglite/i.test(f) && !/kysely\/dist\/dialect\/pglite/.test(f))).toEqual([]);
    expect(files.filter((f) => f.startsWith('node_modules/node/'))).toEqual([]);
    const budget = files.some((f) => f.startsWith('node_modules/sharp/')) ? BUDGET.sharp : BUDGET.default;
    expect(fs.statSync(result.path).size).toBeLessThan(budget);
  });

  it.each(functionFiles)('%s: the bundle imports on its own and answers a request', async (name) => {
    const dir = path.join(workDir, 'unzipped', name);
    const entry = ['mjs', 'js', 'cjs']
      .map((ext) => path.join(dir, 'functions', `${name}.${ext}`))
      .find((f) => fs.existsSync(f));
    expect(entry, `functions/${name}.* in the zip`).toBeTruthy();
    const mod = (await import(pathToFileURL(entry ?? '').href)) as {
      default: (req: Request, context: object) => Promise<Response>;
      config?: { path?: string | string[]; schedule?: string };
    };
    expect(typeof mod.default).toBe('function');
    if (DEPLOY_EVENTS.includes(name)) {
      // Netlify runs a function named after a deploy event with a POST of the event; anything
      // else is refused before the database is touched.
      const wrongMethod = await mod.default(new Request(`http://localhost/.netlify/functions/${name}`), {});
      expect(wrongMethod.status, `${name} GET`).toBe(405);
      const notAnEvent = await mod.default(
        new Request(`http://localhost/.netlify/functions/${name}`, { method: 'POST', body: '{}' }),
        {},
      );
      expect(notAnEvent.status, `${name} POST {}`).toBe(400);
      expect(((await notAnEvent.json()) as { error?: unknown }).error).toEqual(expect.any(String));
      return;
    }
    if (mod.config?.path === undefined) {
      // A scheduled function: Netlify calls it with a POST; with nothing configured (no
      // generator key) it must answer without failing.
      expect(mod.config?.schedule, `${name} has neither a path nor a schedule`).toBeTruthy();
      vi.stubEnv('OPENAI_API_KEY', '');
      // Deployed functions always have a database URL; this one leads nowhere (nothing listens
      // for Neon's driver on 127.0.0.1 here), so a run that needs the database answers 503.
      vi.stubEnv('DATABASE_URL', 'postgres://nobody:none@127.0.0.1/unreachable');
      // Each bundle carries its own copy of the database module, but they share the process-wide
      // handle: start from none, so this bundle opens the database as deployed.
      delete (globalThis as Record<symbol, unknown>)[Symbol.for('forkful.db')];
      const response = await mod.default(
        new Request(`http://localhost/.netlify/functions/${name}`, {
          method: 'POST',
          body: JSON.stringify({ next_run: new Date().toISOString() }),
        }),
        { ip: '127.0.0.1' },
      );
      // With no database configured here, a scheduled run that needs one says so in JSON.
      if (response.status !== 503)
        expect(response.status, `${name} scheduled run: ${await response.clone().text()}`).toBeLessThan(500);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      return;
    }
    const routePath = [mod.config?.path].flat()[0] ?? '';
    const url = `http://localhost${routePath.replace(/:(\w+)\*?/g, 'x')}`;
    // A method no route takes: the router answers without touching the database.
    const response = await mod.default(new Request(url, { method: 'OPTIONS' }), { ip: '127.0.0.1' });
    expect(response.status, `${name} OPTIONS ${url}`).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await response.json()) as { error?: unknown };
    expect(typeof body.error).toBe('string');
  });
});

describe('background functions', () => {
  const background = functionFiles.filter((name) => name.endsWith('-background'));

  it.each(background)(
    '%s declares config.background: true (read without its -background name, as v2 functions are)',
    async (name) => {
      const analysis = await parseFile(path.join(ROOT, 'functions', `${name}.ts`), {
        functionName: name.replace(/-background$/, ''),
      });
      expect(analysis.config.background).toBe(true);
      expect(analysis.invocationMode).toBe('background');
    },
  );

  it.each(background)('%s bundles as a background function', (name) => {
    const result = results.find((r) => r.name === name) as
      (FunctionResult & { invocationMode?: string }) | undefined;
    expect(result?.invocationMode).toBe('background');
  });

  it('the local server routes the worker path to the background function', async () => {
    vi.stubEnv('JWT_SECRET', 'forkful-bundles-test-secret-0123456789abcdef');
    const router = await loadApiRouter(path.join(ROOT, 'functions'));
    expect(router.allowedMethods('/api/generator/worker')).toEqual(['POST']);
    // Without the worker's secret: the background function's own 403.
    const res = await router.dispatch(
      new Request('http://localhost:8888/api/generator/worker', { method: 'POST' }),
      { ip: '127.0.0.1' },
    );
    expect(res?.status).toBe(403);
  });
});
