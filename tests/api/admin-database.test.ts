import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import adminDatabase from '../../functions/admin-database.ts';
import { createIndexStatement, INDEXES } from '../../db/indexes.ts';
import type { TestAccount } from '../helpers/accounts.ts';
import { expectAdminOnly, guardAccounts, type AdminRequest } from '../helpers/admin-session.ts';
import { callRoute, databaseAvailable, useTestDatabase } from '../helpers/test-db.ts';

// The Cache tab's database panel: POST apply-indexes restores an
// index the database lost (concurrently on PostgreSQL), keeps the rest, refreshes statistics;
// GET stats lists every table's rows and size. Admin only.

describe.runIf(databaseAvailable)('apply indexes', () => {
  const db = useTestDatabase();
  let cook: TestAccount;
  let admin: TestAccount;
  beforeAll(async () => {
    ({ cook, admin } = await guardAccounts());
  });

  const apply = () =>
    callRoute(adminDatabase, 'POST', '/api/admin/database/apply-indexes', {
      headers: { cookie: admin.cookie },
    });

  it.each<[string, AdminRequest]>([
    [
      'POST /api/admin/database/apply-indexes',
      (headers) => callRoute(adminDatabase, 'POST', '/api/admin/database/apply-indexes', { headers }),
    ],
    [
      'GET /api/admin/database/stats',
      (headers) => callRoute(adminDatabase, 'GET', '/api/admin/database/stats', { headers }),
    ],
  ])('%s: anonymous 401, cook 403', async (_route, send) => {
    await expectAdminOnly(cook, send);
  });

  it('db/indexes.ts lists exactly the indexes the migrations create', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.schemaname = current_schema()
        AND NOT EXISTS (
          SELECT 1 FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
          WHERE c.conname = i.indexname AND n.nspname = current_schema())
      ORDER BY i.indexname`.execute(db());
    const migrated = rows.map((r) => r.indexdef.replace(/ ON [a-z0-9_]+\./, ' ON '));
    const listed = INDEXES.map((index) =>
      createIndexStatement(index, { concurrently: false }).replace(' IF NOT EXISTS', ''),
    ).sort();
    expect(listed).toEqual([...migrated].sort());
  });

  it.each([
    [
      { concurrently: true },
      'CREATE INDEX CONCURRENTLY IF NOT EXISTS recipes_newest_idx ON recipes USING btree',
    ],
    [{ concurrently: false }, 'CREATE INDEX IF NOT EXISTS recipes_newest_idx ON recipes USING btree'],
  ])('createIndexStatement %o', (options, start) => {
    const index = INDEXES.find((i) => i.name === 'recipes_newest_idx')!;
    expect(createIndexStatement(index, options)).toMatch(new RegExp(`^${start}`));
  });

  it('puts back a dropped index and a half-built one (as a failed concurrent build leaves it)', async () => {
    await sql`DROP INDEX recipes_featured_idx`.execute(db());
    await sql`UPDATE pg_index SET indisvalid = false WHERE indexrelid = 'recipes_cuisine_rating_idx'::regclass`.execute(
      db(),
    );
    const res = await apply();
    expect(res.status).toBe(200);
    expect(res.body.created.sort()).toEqual(['recipes_cuisine_rating_idx', 'recipes_featured_idx']);
    expect(res.body.migrationsRun).toEqual([]);
    const { rows } = await sql<{ name: string; valid: boolean }>`
      SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE c.relname IN ('recipes_cuisine_rating_idx', 'recipes_featured_idx') ORDER BY 1`.execute(db());
    expect(rows).toEqual([
      { name: 'recipes_cuisine_rating_idx', valid: true },
      { name: 'recipes_featured_idx', valid: true },
    ]);
    expect((await apply()).body.created).toEqual([]);
  });

  it('lists every table with its exact rows and size, largest first', async () => {
    const res = await callRoute(adminDatabase, 'GET', '/api/admin/database/stats', {
      headers: { cookie: admin.cookie },
    });
    expect(res.status).toBe(200);
    const tables = res.body.tables as { name: string; rows: number; sizeMB: number }[];
    const { rows } = await sql<{ n: string | number }>`SELECT count(*) AS n FROM recipes`.execute(db());
    expect(tables.find((t) => t.name === 'recipes')?.rows).toBe(Number(rows[0]!.n));
    expect(tables.map((t) => t.name)).toEqual(
      expect.arrayContaining(['users', 'categories', 'kysely_migration']),
    );
    for (const t of tables) expect(t.sizeMB).toBeGreaterThanOrEqual(0);
    const sizes = tables.map((t) => t.sizeMB);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const sum = sizes.reduce((a, b) => a + b, 0);
    expect(Math.abs(res.body.totalSizeMB - sum)).toBeLessThan(0.01 * tables.length + 0.01);
  });

  it('recreates a dropped index and reports the others as already there', async () => {
    // A migration declares the listing index; a database that lost it gets it back.
    await sql`DROP INDEX recipes_newest_idx`.execute(db());
    await sql`DELETE FROM kysely_migration WHERE name = '2026-11-25T1400_listing_indexes'`.execute(db());

    const res = await apply();
    expect(res.status).toBe(200);
    expect(res.body.created).toContain('recipes_newest_idx');
    expect(res.body.existing).toContain('recipes_search_vector_idx');
    expect(res.body.migrationsRun).toEqual(['2026-11-25T1400_listing_indexes']);
    expect(res.body.analyzed).toBe(true);

    const again = await apply();
    expect(again.body.created).toEqual([]);
    expect(again.body.migrationsRun).toEqual([]);
  });
});
