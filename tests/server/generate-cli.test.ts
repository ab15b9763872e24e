import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, useLocalWebSocketProxy, type Db } from '../../db/client.ts';
import { startWebSocketProxy } from '../../scripts/lib/ws-proxy.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { ROOT, TEST_DATA } from '../helpers/paths.ts';

// `npm run generate -- --count N` against DATABASE_URL: the CLI migrates and seeds a
// fresh PostgreSQL database, refuses while the generator is off (and says how to switch it on),
// generates through the real `openai` SDK against the fake provider on 127.0.0.1, stores the
// covers and records one batch and one publish. On CI, covers that would land on the runner's
// disk (not in the site's Blobs) stop the run before anything is generated.

const PG = process.env.PG_TEST_URL;
const dataDir = path.join(TEST_DATA, 'generate-cli');

describe.runIf(PG)('npm run generate against DATABASE_URL', () => {
  const name = `forkful_gen_${crypto.randomBytes(4).toString('hex')}`;
  let fake: FakeOpenAI;
  let admin: Db;
  let db: Db;
  let proxy: Awaited<ReturnType<typeof startWebSocketProxy>>;
  let databaseUrl: string;

  /** Runs the CLI without blocking this process (the fake provider answers from here). */
  const generate = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ status: number | null; out: string }>((resolve) => {
      const child = spawn(process.execPath, ['scripts/generate.ts', ...args], {
        cwd: ROOT,
        env: {
          ...process.env,
          CI: '',
          DATABASE_URL: databaseUrl,
          OPENAI_API_KEY: 'test-key',
          OPENAI_BASE_URL: fake.url,
          FORKFUL_DATA_DIR: dataDir,
          NETLIFY_SITE_ID: '',
          NETLIFY_AUTH_TOKEN: '',
          BUILD_HOOK_URL: '',
          ...env,
        },
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('close', (status) => resolve({ status, out }));
    });
  const count = async (table: 'recipes' | 'generator_jobs' | 'publish_requests') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fake = await startFakeOpenAI();
    proxy = await startWebSocketProxy();
    useLocalWebSocketProxy(proxy.port);
    admin = openPostgres(PG!);
    await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin);
    const url = new URL(PG!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  });

  afterAll(async () => {
    await db?.destroy();
    await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
    await admin.destroy();
    await proxy.close();
    await fake.close();
  });

  it('prepares a fresh database and refuses while the generator is off, saying how to switch it on', async () => {
    const run = await generate(['--count', '2']);
    expect(run.status, run.out).toBe(1);
    expect(run.out).toContain('The AI generator is switched off');
    expect(run.out).toContain('--enable');
    expect(fake.calls).toHaveLength(0);
    db = openPostgres(databaseUrl);
    expect(await count('recipes')).toBeGreaterThan(0); // migrated and seeded
    expect(await count('generator_jobs')).toBe(0);
  });

  it('on CI, refuses to keep covers on the runner’s disk, before generating anything', async () => {
    const run = await generate(['--count', '2', '--enable'], { CI: 'true' });
    expect(run.status, run.out).toBe(1);
    expect(run.out).toContain('NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN');
    expect(fake.calls).toHaveLength(0);
    expect(await count('generator_jobs')).toBe(0);
  });

  it('--count 2 --enable generates two recipes with stored covers, one batch, one publish', async () => {
    const recipes = await count('recipes');
    const publishes = await count('publish_requests');
    const run = await generate(['--count', '2', '--enable']);
    expect(run.status, run.out).toBe(0);
    expect(run.out).toMatch(/Batch \d+: 2 generated, 0 failed of 2/);
    expect(run.out).not.toContain('idle client error');
    expect(fake.calls.length).toBeGreaterThanOrEqual(2);
    expect(await count('recipes')).toBe(recipes + 2);
    expect(await count('publish_requests')).toBe(publishes + 1);
    const made = await db.selectFrom('recipes').select('image').orderBy('id', 'desc').limit(2).execute();
    for (const { image } of made) {
      const key = /^\/api\/images\/([0-9a-f]{32})\/1200\.webp$/.exec(image ?? '')?.[1];
      expect(key, image ?? '').toBeDefined();
      const row = await db
        .selectFrom('images')
        .select('path')
        .where('key', '=', key!)
        .executeTakeFirstOrThrow();
      expect(fs.existsSync(path.join(dataDir, 'images', row.path))).toBe(true);
    }
  });

  it.each([['0'], ['101'], ['two']])('--count %s is refused with a sentence', async (value) => {
    const run = await generate(['--count', value]);
    expect(run.status).toBe(1);
    expect(run.out).toContain('--count must be a whole number from 1 to 100.');
  });
});
