import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import adminDatabase from '../../functions/admin-database.ts';
import { as, type TestAccount } from '../helpers/accounts.ts';
import { guardAccounts } from '../helpers/admin-session.ts';
import { call, databaseAvailable, useTestDatabase } from '../helpers/test-db.ts';

// POST /api/admin/database/apply-indexes (SPEC §7 Admin): restores an index the database lost,
// keeps the rest, refreshes statistics; admin only.

describe.runIf(databaseAvailable)('apply indexes', () => {
  const db = useTestDatabase();
  let cook: TestAccount;
  let admin: TestAccount;
  beforeAll(async () => {
    ({ cook, admin } = await guardAccounts());
  });

  it.each([
    ['anonymous', (): RequestInit => ({ method: 'POST' }), 401],
    ['a signed-in cook', (): RequestInit => as(cook, { method: 'POST' }), 403],
  ])('refuses %s', async (_who, init, status) => {
    const res = await call(adminDatabase, '/api/admin/database/apply-indexes', init());
    expect(res.status).toBe(status);
    expect(res.body.error).toMatch(/admin/i);
  });

  it('recreates a dropped index and reports the others as already there', async () => {
    // A migration declares the listing index; a database that lost it gets it back.
    await sql`DROP INDEX recipes_newest_idx`.execute(db());
    await sql`DELETE FROM kysely_migration WHERE name = '2026-11-25T1400_listing_indexes'`.execute(db());

    const res = await call(adminDatabase, '/api/admin/database/apply-indexes', as(admin, { method: 'POST' }));
    expect(res.status).toBe(200);
    expect(res.body.created).toContain('recipes_newest_idx');
    expect(res.body.existing).toContain('recipes_search_vector_idx');
    expect(res.body.migrationsRun).toEqual(['2026-11-25T1400_listing_indexes']);
    expect(res.body.analyzed).toBe(true);

    const again = await call(
      adminDatabase,
      '/api/admin/database/apply-indexes',
      as(admin, { method: 'POST' }),
    );
    expect(again.body.created).toEqual([]);
    expect(again.body.migrationsRun).toEqual([]);
  });
});
