import fs from 'node:fs';
import path from 'node:path';
import { migrateToLatest } from '../../db/client.ts';
import { openPGlite } from '../../db/embedded.ts';
import { seedDatabase } from '../../db/seed.ts';
import type { TestProject } from 'vitest/node';
import { ROOT, TEST_DATA } from './paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateDb: string;
  }
}

/**
 * Migrates and seeds one in-memory PGlite and dumps it; each test file loads the dump (~0.6 s)
 * instead of migrating a fresh database (~4 s).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const { db, pglite, close } = openPGlite(undefined);
  await migrateToLatest(db);
  await seedDatabase(db, {
    contentDir: path.join(ROOT, 'content'),
    siteUrl: 'http://localhost:8888',
    adminPassword: 'admin-test-password',
  });
  const dump = await pglite.dumpDataDir('gzip');
  const file = path.join(TEST_DATA, 'pglite-template.tar.gz');
  fs.mkdirSync(TEST_DATA, { recursive: true });
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await close();
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(file, { force: true });
}
