import path from 'node:path';
import { getDb, migrateToLatest, type Db } from './client.ts';
import { seedDatabase } from './seed.ts';
import { siteUrl } from '../src/lib/site-url.ts';

const READY = Symbol.for('forkful.db.ready');
type GlobalWithReady = typeof globalThis & { [READY]?: Promise<Db> };

/** Marks a handle as already prepared (a build worker whose host migrated and seeded it). */
export function setReadyDb(db: Db): void {
  (globalThis as GlobalWithReady)[READY] = Promise.resolve(db);
}

/**
 * The database, migrated and seeded. The server prepares it before building; when `astro build`
 * runs on its own (Netlify, or by hand) this does the same on first use.
 */
export function getReadyDb(): Promise<Db> {
  const g = globalThis as GlobalWithReady;
  g[READY] ??= (async () => {
    const db = getDb();
    await migrateToLatest(db);
    await seedDatabase(db, {
      contentDir: path.resolve('content'),
      siteUrl: siteUrl(process.env),
      adminPassword: process.env.ADMIN_PASSWORD,
      adminPasswordRequired: process.env.NETLIFY === 'true',
    });
    return db;
  })();
  return g[READY];
}
