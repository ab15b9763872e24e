import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  databaseUrl,
  dataDir,
  migrateToLatest,
  openPostgres,
  setDb,
  useLocalWebSocketProxy,
  type Db,
} from '../../db/client.ts';
import { startWebSocketProxy } from './ws-proxy.ts';
import type { PGlite } from '@electric-sql/pglite';
import { openPGlite } from '../../db/embedded.ts';
import { seedDatabase } from '../../db/seed.ts';
import { siteUrl } from '../../src/lib/site-url.ts';

export interface PreparedDatabase {
  db: Db;
  /** The embedded database itself (absent with DATABASE_URL), for snapshots. */
  pglite?: PGlite;
  dataDir: string;
  report: string[];
  close: () => Promise<void>;
}

/**
 * Opens the database for this process (Postgres when DATABASE_URL is set, else the embedded
 * PGlite under its lock), migrates it and seeds it when empty. The handle is installed
 * process-wide so the functions and the Astro loaders share it.
 */
export async function prepareDatabase(options: {
  root: string;
  /**
   * Put this machine's WebSocket proxy between Neon's driver and a PostgreSQL on localhost (the
   * local server). The deploy step leaves the driver at its production defaults: on Netlify the
   * database is Neon, and the rehearsal stands a Neon-like proxy in front of its PostgreSQL.
   */
  localProxy?: boolean;
}): Promise<PreparedDatabase> {
  const dir = dataDir();
  const report: string[] = [];
  const url = databaseUrl();
  let db: Db;
  let pglite: PGlite | undefined;
  let close: () => Promise<void>;
  let t = performance.now();
  if (url) {
    const { hostname, host } = new URL(url);
    // Neon's driver speaks WebSocket; a PostgreSQL on this machine gets the proxy Neon would run.
    let stopProxy = async () => {};
    if (options.localProxy !== false && ['localhost', '127.0.0.1', '[::1]'].includes(hostname)) {
      const proxy = await startWebSocketProxy();
      useLocalWebSocketProxy(proxy.port);
      stopProxy = proxy.close;
    }
    db = openPostgres(url);
    close = async () => {
      await db.destroy();
      await stopProxy();
    };
    report.push(`Database: PostgreSQL (${host})`);
  } else {
    const embedded = openPGlite(path.join(dir, 'pglite'));
    db = embedded.db;
    pglite = embedded.pglite;
    close = embedded.close;
    await embedded.ready();
    report.push(
      `Database: embedded PGlite in ${path.relative(options.root, path.join(dir, 'pglite'))} (opened in ${ms(t)})`,
    );
  }
  setDb(db);
  ensureJwtSecret(dir, report);

  t = performance.now();
  const applied = await migrateToLatest(db);
  report.push(applied.length ? `Migrated: ${applied.join(', ')} (${ms(t)})` : 'Migrations: up to date');

  t = performance.now();
  // A Netlify build never generates the admin's password: it would be printed in the deploy log.
  const seed = await seedDatabase(db, {
    contentDir: path.join(options.root, 'content'),
    siteUrl: siteUrl(process.env),
    adminPassword: process.env.ADMIN_PASSWORD,
    adminPasswordRequired: process.env.NETLIFY === 'true',
  }).catch(async (err: unknown) => {
    await close();
    throw err;
  });
  if (seed.seeded) {
    report.push(
      `Seeded ${seed.recipes} recipes, ${seed.categories} categories, ${seed.reviews} reviews, ${seed.posts} blog posts (${ms(t)})`,
    );
    if (seed.generatedAdminPassword) {
      report.push(
        `Admin login: username "admin", password "${seed.generatedAdminPassword}" (shown once; set ADMIN_PASSWORD to choose it)`,
      );
    } else {
      report.push('Admin login: username "admin" with the password from ADMIN_PASSWORD');
    }
  } else {
    report.push('Seed: database already has content, left as it is');
  }
  report.push(`Admin dashboard: ${adminUrl()} (log in as "admin")`);
  return { db, ...(pglite ? { pglite } : {}), dataDir: dir, report, close };
}

/**
 * Sessions need JWT_SECRET (≥ 32 random bytes). Locally, when unset, one is generated once into
 * .data/ and reused, so logins survive restarts.
 */
function ensureJwtSecret(dir: string, report: string[]): void {
  if (process.env.JWT_SECRET) return;
  const file = path.join(dir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600 });
    report.push(`Generated a session secret in ${path.basename(dir)}/jwt-secret`);
  }
  process.env.JWT_SECRET = fs.readFileSync(file, 'utf8').trim();
}

/** Where the owner manages the site: the dashboard on this server's port. */
export const adminUrl = () => `http://localhost:${process.env.PORT || 8888}/admin`;

const ms = (since: number) => `${Math.round(performance.now() - since)} ms`;
