import type { Transaction } from 'kysely';
import type { Db } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';

// A service's write is one transaction. The content import makes many writes in one transaction
// of its own and calls the same service functions with it, so that every rule (validation, free
// slugs, versions) lives in the service: given a transaction, the write runs inside it.

/** Runs `work` in a new transaction, or inside `db` when it already is one. */
export function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}
