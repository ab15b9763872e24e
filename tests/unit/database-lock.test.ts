import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/client.ts';
import { DatabaseLockedError, openPGlite } from '../../db/embedded.ts';
import { ROOT } from '../helpers/paths.ts';

describe('embedded database lock', () => {
  it('refuses a second opener, naming the holder, and leaves the first one working', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'forkful-lock-')), 'pglite');
    const first = openPGlite(dir);
    try {
      await migrateToLatest(first.db);
      await first.db.insertInto('categories').values({ name: 'Soups', slug: 'soups' }).execute();
      expect(() => openPGlite(dir)).toThrow(DatabaseLockedError);
      expect(() => openPGlite(dir)).toThrow(new RegExp(`in use by process ${process.pid}`));

      // Another process gets the same clear refusal and exits without touching the files.
      const before = fs.readdirSync(dir).sort();
      const child = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `
        import { openPGlite } from ${JSON.stringify(path.join(ROOT, 'db/embedded.ts'))};
        try { openPGlite(${JSON.stringify(dir)}); console.log('opened'); } catch (e) { console.log(e.name + ': ' + e.message); process.exit(3); }
      `,
        ],
        { encoding: 'utf8' },
      );
      expect(child.status).toBe(3);
      expect(child.stdout).toMatch(/DatabaseLockedError: .*in use by process \d+/);
      expect(fs.readdirSync(dir).sort()).toEqual(before);

      const rows = await first.db.selectFrom('categories').select('slug').execute();
      expect(rows).toEqual([{ slug: 'soups' }]);
    } finally {
      await first.close();
    }
    // Closed: the lock is released and the data is still there.
    const again = openPGlite(dir);
    try {
      expect(await again.db.selectFrom('categories').select('slug').execute()).toEqual([{ slug: 'soups' }]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('takes over a lock left by a process that no longer exists', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'forkful-lock-')), 'pglite');
    fs.writeFileSync(
      `${dir}.lock`,
      JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname(), command: 'crashed', startedAt: 'earlier' }),
    );
    const db = openPGlite(dir);
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    await db.close();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
  }, 120_000);
});
