import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectDataDir, openPGlite } from '../../db/embedded.ts';
import { ROOT } from '../helpers/paths.ts';

// A damaged data directory never costs data silently. The server creates a
// database only in an empty or absent directory; anything else that does not open is refused
// with a sentence (what is wrong, nothing was changed, how to restore) and the files untouched.

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'forkful-damaged-'));
const pristine = path.join(scratch, 'pristine', 'pglite');

/** Every file under dir with a hash of its bytes: equal before and after means nothing changed. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      // postmaster.pid is Postgres's lock file, not data: PGlite may clear a stale one as it tries.
      if (entry.name === 'postmaster.pid') continue;
      if (entry.isDirectory()) walk(full);
      else
        out[path.relative(dir, full)] = crypto.createHash('sha1').update(fs.readFileSync(full)).digest('hex');
    }
  };
  walk(dir);
  return out;
}

const cases: [string, (dir: string) => void, RegExp][] = [
  [
    'PG_VERSION missing',
    (dir) => fs.rmSync(path.join(dir, 'PG_VERSION')),
    /PG_VERSION file is missing, so it is not a whole database/,
  ],
  [
    'pg_control missing',
    (dir) => fs.rmSync(path.join(dir, 'global', 'pg_control')),
    /control file global\/pg_control is missing/,
  ],
  [
    'pg_control zeroed',
    (dir) => fs.writeFileSync(path.join(dir, 'global', 'pg_control'), Buffer.alloc(8192)),
    /control file global\/pg_control is empty or zeroed/,
  ],
  [
    'pg_control truncated to nothing',
    (dir) => fs.writeFileSync(path.join(dir, 'global', 'pg_control'), ''),
    /control file global\/pg_control is empty or zeroed/,
  ],
  [
    'pg_wal emptied',
    (dir) => {
      const wal = path.join(dir, 'pg_wal');
      for (const f of fs.readdirSync(wal)) fs.rmSync(path.join(wal, f), { recursive: true });
    },
    /write-ahead log \(pg_wal\) holds no log segment/,
  ],
  [
    'pg_control overwritten with random bytes',
    (dir) => fs.writeFileSync(path.join(dir, 'global', 'pg_control'), crypto.randomBytes(8192)),
    /PGlite could not start on it/,
  ],
];

describe('damaged embedded data directories', () => {
  beforeAll(async () => {
    const db = openPGlite(pristine);
    try {
      await db.ready();
      // Any table will do: what is damaged is the cluster's files, not the schema.
      await db.pglite.exec("create table kept (name text); insert into kept values ('soups')");
    } finally {
      await db.close();
    }
  }, 300_000);
  // Removing the copied directories can take seconds on a loaded machine.
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }), 60_000);

  it('creates a database only where the directory is absent or empty', () => {
    expect(inspectDataDir(path.join(scratch, 'absent'))).toBe('new');
    fs.mkdirSync(path.join(scratch, 'empty'));
    expect(inspectDataDir(path.join(scratch, 'empty'))).toBe('new');
    expect(inspectDataDir(pristine)).toBe('database');
    fs.mkdirSync(path.join(scratch, 'stray'));
    fs.writeFileSync(path.join(scratch, 'stray', 'notes.txt'), 'not a database');
    expect(() => inspectDataDir(path.join(scratch, 'stray'))).toThrow(/PG_VERSION file is missing/);
  });

  it.each(cases)(
    '%s: `npm start` refuses with a sentence and changes nothing',
    (name, damage, problem) => {
      const dataDir = path.join(scratch, name.replace(/\W+/g, '-'));
      fs.cpSync(path.dirname(pristine), dataDir, { recursive: true });
      damage(path.join(dataDir, 'pglite'));
      const before = snapshot(dataDir);

      const run = spawnSync(process.execPath, ['scripts/serve.ts'], {
        cwd: ROOT,
        env: { ...process.env, PORT: '1', FORKFUL_DATA_DIR: dataDir, ADMIN_PASSWORD: 'not-used-here' },
        encoding: 'utf8',
        timeout: 90_000,
      });
      const message = run.stderr.trim();
      console.log(`[${name}] ${message}`);
      expect(run.status).toBe(1);
      expect(message).toMatch(problem);
      expect(message).toMatch(/Nothing was changed/);
      expect(message).toMatch(/npm run restore <backup file>/);
      expect(message).not.toMatch(/\n\s+at /); // a sentence, not a stack
      expect(run.stdout).not.toMatch(/Seeded|Migrated/);
      expect(snapshot(dataDir)).toEqual(before);
    },
    120_000,
  );
});
