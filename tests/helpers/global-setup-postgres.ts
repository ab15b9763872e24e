import path from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest, openPostgres, useLocalWebSocketProxy } from '../../db/client.ts';
import { seedDatabase } from '../../db/seed.ts';
import type { TestProject } from 'vitest/node';
import { REQUIRED, ROOT } from './paths.ts';
import { startWebSocketProxy } from './ws-proxy.ts';

/** Builds the template database on the real server that each test file copies. */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const templateName = `forkful_template_${process.pid}`;
  project.provide('pgTemplateDb', templateName);
  const url = process.env.PG_TEST_URL;
  if (!url) {
    if (REQUIRED)
      throw new Error('PG_TEST_URL is not set: under CI the PostgreSQL suite is required (see .ci/run).');
    console.log('api-postgres: PG_TEST_URL is not set, so the real-PostgreSQL suite is skipped.');
    return;
  }
  const proxy = await startWebSocketProxy();
  useLocalWebSocketProxy(proxy.port);
  const admin = openPostgres(url);
  try {
    await sql`DROP DATABASE IF EXISTS ${sql.id(templateName)} WITH (FORCE)`.execute(admin);
    await sql`CREATE DATABASE ${sql.id(templateName)}`.execute(admin);
  } finally {
    await admin.destroy();
  }
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${templateName}`;
  const db = openPostgres(templateUrl.toString());
  try {
    await migrateToLatest(db);
    await seedDatabase(db, {
      contentDir: path.join(ROOT, 'content'),
      siteUrl: 'http://localhost:8888',
      adminPassword: 'admin-test-password',
    });
  } finally {
    await db.destroy();
  }
  return async () => {
    const admin2 = openPostgres(url);
    await sql`DROP DATABASE IF EXISTS ${sql.id(templateName)} WITH (FORCE)`.execute(admin2);
    await admin2.destroy();
    await proxy.close();
  };
}
