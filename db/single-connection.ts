import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

// Which open databases are embedded (PGlite): one connection that serves queries in arrival
// order, so callers that would run statements side by side run them one after another instead.

const singleConnection = new WeakSet<Kysely<Database>>();

/** Records that `db` is an embedded database (one connection, queries in arrival order). */
export function markSingleConnection<D extends Kysely<Database>>(db: D): D {
  singleConnection.add(db);
  return db;
}

/** Whether `db` is an embedded database (PGlite: one connection, no concurrent statements). */
export function isSingleConnection(db: Kysely<Database>): boolean {
  return singleConnection.has(db);
}
