import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { httpMessage, rawRequest } from '../helpers/raw-http.ts';
import { startLocalServer, type LocalServer } from '../helpers/local-server.ts';
import { ROOT, TEST_DATA } from '../helpers/paths.ts';
import { openPGlite } from '../../db/embedded.ts';
import { summariseTables, type TableSummary } from '../../scripts/lib/local-control.ts';

// `npm run backup` while the server runs (through it: it owns the database),
// `npm run restore FILE` refused while it runs; backup → damage → restore → the same rows.

const dataDir = path.join(TEST_DATA, 'backup-round-trip');
const backupFile = path.join(TEST_DATA, 'backup-round-trip.tar.gz');
const PASSWORD = 'Brisket-Marigold-Kettle-93';

function cli(script: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [script, ...args], {
    cwd: ROOT,
    env: { ...process.env, FORKFUL_DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

// A connection per request (raw HTTP, Connection: close): under load, fetch's keep-alive reuse
// races the server closing an idle connection ("other side closed") across the long CLI steps.
async function postJson(
  server: LocalServer,
  target: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  return rawRequest(
    server.baseUrl,
    httpMessage('POST', target, { 'Content-Type': 'application/json', ...headers }, text),
    30_000,
  );
}

async function signUp(server: LocalServer, username: string): Promise<void> {
  const res = await postJson(server, '/api/auth/signup', {
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
  });
  expect(res.status, res.body).toBe(201);
}

async function logIn(server: LocalServer, username: string): Promise<number> {
  return (await postJson(server, '/api/auth/login', { username, password: PASSWORD })).status;
}

/** Tables whose rows the server itself writes as it runs (publishing, cache bookkeeping). */
const SERVER_BOOKKEEPING = new Set([
  'publish_requests',
  'publish_slots',
  'cache_invalidations',
  'cache_instance_stats',
]);
const contentOf = (tables: TableSummary) =>
  Object.fromEntries(Object.entries(tables).filter(([name]) => !SERVER_BOOKKEEPING.has(name)));

describe('backup and restore of the embedded database', () => {
  let server: LocalServer | undefined;
  afterAll(async () => {
    const output = server?.output() ?? '';
    if (/Error|exited/.test(output)) console.log(`[backup] server output:\n${output.slice(-4000)}`);
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(backupFile, { force: true });
  });

  it('backs up through the running server, refuses to restore beside it, and restores the same rows', async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    server = await startLocalServer(dataDir);
    // The owner is told where the dashboard is, beside the admin login.
    expect(server.output()).toMatch(
      new RegExp(`Admin login: .*\\n(.*\\n)?Admin dashboard: ${server.baseUrl}/admin `),
    );
    await signUp(server, 'kept_cook');
    const atBackup = await server.tables();

    // Only a local tool that can read the data dir's secret may take a copy, never a web page.
    const secret = fs.readFileSync(path.join(dataDir, 'control-secret'), 'utf8').trim();
    for (const headers of [
      {} as Record<string, string>,
      { 'x-forkful-control-secret': 'guess' },
      { 'x-forkful-control-secret': secret, origin: server.baseUrl },
      { 'x-forkful-control-secret': secret, 'sec-fetch-site': 'same-origin' },
    ]) {
      const res = await postJson(server, '/__local/backup', {}, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(res.body).error).toEqual(expect.any(String));
    }

    const backup = cli('scripts/backup.ts', backupFile);
    console.log(`[backup] ${backup.out.trim()}`);
    expect(backup.status).toBe(0);
    expect(backup.out).toMatch(/through the running server/);
    expect(fs.statSync(backupFile).size).toBeGreaterThan(100_000);

    // The server still owns the database: a restore now would be two processes on one dir.
    const pgliteDir = path.join(dataDir, 'pglite');
    const before = fs.readdirSync(pgliteDir).sort();
    const refused = cli('scripts/restore.ts', backupFile);
    expect(refused.status).toBe(1);
    expect(refused.out).toMatch(
      /Restore refused: .*in use by process \d+.*Stop the server.*Nothing was changed\./s,
    );
    expect(fs.readdirSync(pgliteDir).sort()).toEqual(before);
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('pglite.'))).toEqual(['pglite.lock']);

    // Written after the backup: gone once it is restored.
    await signUp(server, 'later_cook');
    await server.stop();
    server = undefined;

    // Damage: without PG_VERSION the server must refuse, not seed a new database over the files.
    fs.rmSync(path.join(pgliteDir, 'PG_VERSION'));
    const damaged = spawnSync(process.execPath, ['scripts/serve.ts'], {
      cwd: ROOT,
      env: { ...process.env, FORKFUL_DATA_DIR: dataDir, PORT: '1' },
      encoding: 'utf8',
      timeout: 90_000,
    });
    expect(damaged.status).toBe(1);
    expect(damaged.stderr).toMatch(/PG_VERSION file is missing.*Nothing was changed.*npm run restore/s);

    const restore = cli('scripts/restore.ts', backupFile);
    console.log(`[restore] ${restore.out.trim()}`);
    expect(restore.status).toBe(0);
    expect(restore.out).toMatch(/The directory it replaced is kept as .*pglite\.before-restore-/);

    const restored = openPGlite(pgliteDir);
    try {
      await restored.ready();
      expect(contentOf(await summariseTables(restored.db))).toEqual(contentOf(atBackup));
    } finally {
      await restored.close();
    }

    server = await startLocalServer(dataDir);
    expect(await logIn(server, 'kept_cook')).toBe(200);
    expect(await logIn(server, 'later_cook')).toBe(401);
  });
});
