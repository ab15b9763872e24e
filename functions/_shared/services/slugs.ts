import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import { ApiError } from '../http.ts';
import { inTransaction } from './in-transaction.ts';

// One rule for every entity addressed by a slug (pages, blog posts and categories, categories):
// a slug names one row, and asking for a used one is a 409 with the same sentence. The check runs
// inside the writing transaction; the unique index catches the race between check and write.

/** Postgres unique_violation: another write took the value between the check and the insert. */
export const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/** The 409 for a slug that another row of the same kind uses ("another blog post"). */
export const slugClash = (what: string, slug: string) =>
  new ApiError(409, `The slug "${slug}" is already used by another ${what}.`);

/** Throws `clash(slug)` when a row of `table` already uses `slug`. */
export async function assertSlugFree(
  trx: Db | Transaction<Database>,
  table: 'pages' | 'blog_posts' | 'blog_categories' | 'categories',
  slug: string,
  clash: (slug: string) => ApiError,
): Promise<void> {
  const taken = await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE slug = ${slug}`.execute(
    trx,
  );
  if (taken.rows.length > 0) throw clash(slug);
}

/**
 * Runs a write that gives a row `slug` in one transaction (or inside `db`, when it is one). When another write takes the slug
 * between the check inside and the write (the unique index refuses), the answer is the same 409.
 */
export function writeWithSlug<T>(
  db: Db,
  slug: string,
  clash: (slug: string) => ApiError,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return inTransaction(db, write).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw clash(slug);
    throw err;
  });
}
