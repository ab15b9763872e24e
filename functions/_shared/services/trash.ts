import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Db } from '../../../db/client.ts';
import { isoTimestamp } from '../../../db/mappers/timestamp.ts';
import type { Database, TrashedEntity } from '../../../db/schema.ts';
import type { TrashEntry } from '../../../src/lib/api/answers.ts';
import { ApiError, notFound } from '../http.ts';
import { NOTEBOOK_RESTORABLE } from './notebook-trash.ts';
import type { TrashedRows } from './trashed-rows.ts';

export type { TrashedRows } from './trashed-rows.ts';

// Deletes that can be undone. Deleting admin content copies the row and the
// rows that hang on it (a recipe's reviews, helpful marks and saves) into one trash entry, in the
// same transaction as the delete; restoring puts them back with their ids. The dashboard offers
// "Undo" for 10 s; the server keeps entries for TRASH_DAYS.

export const TRASH_DAYS = 30;

/** Tables a trash entry may hold, and what a restore must check for rows that point elsewhere. */
const RESTORABLE: Record<string, (alias: string) => RawBuilder<unknown> | undefined> = {
  recipes: () => undefined,
  categories: () => undefined,
  pages: () => undefined,
  blog_posts: () => undefined,
  blog_categories: () => undefined,
  // Rows of accounts deleted meanwhile stay deleted.
  reviews: (t) => sql`${sql.ref(`${t}.user_id`)} IN (SELECT id FROM users)`,
  review_helpful: (t) =>
    sql`${sql.ref(`${t}.user_id`)} IN (SELECT id FROM users) AND ${sql.ref(`${t}.review_id`)} IN (SELECT id FROM reviews)`,
  saved_recipes: (t) => sql`${sql.ref(`${t}.user_id`)} IN (SELECT id FROM users)`,
  ...NOTEBOOK_RESTORABLE,
};

/** Rows a delete set to NULL (ON DELETE SET NULL), pointed back at the restored row. */
export interface Relink {
  table: keyof Database & string;
  column: string;
  ids: number[];
}

export interface TrashData {
  /** In insertion order: the item first, then what refers to it. */
  tables: TrashedRows[];
  relink: Relink[];
}

export type { TrashEntry };

const RELINKABLE: Record<string, string[]> = {
  calorie_entries: ['recipe_id'],
  blog_posts: ['category_id'],
};

/** The table of each kind of content the trash keeps. */
const TABLE_OF = {
  recipe: 'recipes',
  category: 'categories',
  page: 'pages',
  post: 'blog_posts',
  'blog-category': 'blog_categories',
} as const satisfies Record<TrashedEntity, keyof Database>;

/**
 * Inside `trx`: records the item and what hangs on it (`data`) as a trash entry, then deletes
 * the item's row. Returns the entry (its id restores it).
 */
export async function deleteIntoTrash(
  trx: Transaction<Database>,
  item: { entity: TrashedEntity; entityId: number; title: string },
  data: TrashData,
  deletedBy: string,
): Promise<TrashEntry> {
  await trx
    .deleteFrom('trash')
    .where('deleted_at', '<', sql<Date>`now() - make_interval(days => ${TRASH_DAYS})`)
    .execute();
  const row = await trx
    .insertInto('trash')
    .values({
      entity: item.entity,
      entity_id: item.entityId,
      title: item.title,
      data: JSON.stringify(data),
      deleted_by: deletedBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx.deleteFrom(TABLE_OF[item.entity]).where('id', '=', item.entityId).execute();
  return toEntry(row);
}

function toEntry(row: {
  id: number;
  entity: TrashedEntity;
  entity_id: number;
  title: string;
  deleted_by: string;
  deleted_at: Date;
}): TrashEntry {
  return {
    id: row.id,
    entity: row.entity,
    entityId: row.entity_id,
    title: row.title,
    deletedBy: row.deleted_by,
    deletedAt: isoTimestamp(row.deleted_at),
  };
}

/** The trash, newest first. */
export async function listTrash(db: Db, limit = 100): Promise<TrashEntry[]> {
  const rows = await db
    .selectFrom('trash')
    .select(['id', 'entity', 'entity_id', 'title', 'deleted_by', 'deleted_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toEntry);
}

const NAMES: Record<TrashedEntity, string> = {
  recipe: 'recipe',
  category: 'category',
  page: 'page',
  post: 'blog post',
  'blog-category': 'blog category',
};

/**
 * Puts a trashed item back, in one transaction, and removes the entry. 404 when the entry is
 * gone; 409 when its slug (or id) has been taken since. Returns the restored main row.
 */
export async function restoreFromTrash(
  db: Db,
  trashId: number,
): Promise<{ entry: TrashEntry; row: Record<string, unknown> }> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('trash')
      .selectAll()
      .where('id', '=', trashId)
      .forUpdate()
      .executeTakeFirst();
    if (!found) throw notFound('Nothing to restore: the item is no longer in the trash.');
    const entry = toEntry(found);
    const data = (typeof found.data === 'string' ? JSON.parse(found.data) : found.data) as TrashData;
    const main = data.tables[0];
    const mainRow = main?.rows[0];
    if (!main || !mainRow) throw new ApiError(409, 'This trash entry is empty and cannot be restored.');
    const what = NAMES[entry.entity];
    if (typeof mainRow.slug === 'string') {
      const clash = await sql<{
        id: number;
      }>`SELECT id FROM ${sql.table(main.table)} WHERE slug = ${mainRow.slug}`.execute(trx);
      if (clash.rows.length)
        throw new ApiError(
          409,
          `Cannot restore the ${what}: the slug "${mainRow.slug}" is now used by another ${what}.`,
        );
    }
    const idTaken =
      await sql`SELECT 1 FROM ${sql.table(main.table)} WHERE id = ${Number(mainRow.id)}`.execute(trx);
    if (idTaken.rows.length) throw new ApiError(409, `This ${what} has already been restored.`);
    for (const part of data.tables) await insertRows(trx, part);
    for (const link of data.relink) {
      if (!RELINKABLE[link.table]?.includes(link.column) || link.ids.length === 0) continue;
      await sql`UPDATE ${sql.table(link.table)} SET ${sql.ref(link.column)} = ${Number(mainRow.id)}
        WHERE id = ANY(${link.ids}::int[]) AND ${sql.ref(link.column)} IS NULL`.execute(trx);
    }
    await trx.deleteFrom('trash').where('id', '=', trashId).execute();
    return { entry, row: mainRow };
  });
}

async function insertRows(trx: Transaction<Database>, part: TrashedRows): Promise<void> {
  const filter = RESTORABLE[part.table];
  if (!filter)
    throw new ApiError(409, `The trash entry names a table that cannot be restored (${part.table}).`);
  if (part.rows.length === 0) return;
  const columns = sql.join(part.columns.map((c) => sql.ref(c)));
  const selected = sql.join(part.columns.map((c) => sql.ref(`r.${c}`)));
  const where = filter('r');
  await sql`INSERT INTO ${sql.table(part.table)} (${columns})
    SELECT ${selected} FROM jsonb_populate_recordset(NULL::${sql.table(part.table)}, ${JSON.stringify(part.rows)}::jsonb) AS r
    ${where ? sql`WHERE ${where}` : sql``}
    ON CONFLICT DO NOTHING`.execute(trx);
}

/** Every column of `table`'s rows, as stored (for a trash snapshot). */
export async function snapshotRows(
  trx: Transaction<Database>,
  table: keyof Database & string,
  columns: string[],
  where: RawBuilder<boolean>,
): Promise<TrashedRows> {
  const result = await sql<Record<string, unknown>>`SELECT ${sql.join(columns.map((c) => sql.ref(c)))}
    FROM ${sql.table(table)} WHERE ${where}`.execute(trx);
  return { table, columns, rows: result.rows };
}
