import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { TrashedRows } from './trash.ts';

// What a cook's notebook keeps of a recipe that goes to the trash: the rows that hang on it
// (collection memberships, notes, cooking log, plan entries) go into the recipe's trash entry
// with it, so they disappear from every list while it is deleted and come back on restore.

interface NotebookRows {
  table: keyof Database & string;
  columns: string[];
  /** On restore: only rows whose owner (and collection) still exist. */
  restorable: (alias: string) => RawBuilder<unknown>;
}

const NOTEBOOK_ROWS: NotebookRows[] = [
  {
    table: 'collection_recipes',
    columns: ['collection_id', 'recipe_id', 'added_at'],
    restorable: (t) => sql`${sql.ref(`${t}.collection_id`)} IN (SELECT id FROM collections)`,
  },
  {
    table: 'recipe_notes',
    columns: ['user_id', 'recipe_id', 'body', 'updated_at'],
    restorable: (t) => sql`${sql.ref(`${t}.user_id`)} IN (SELECT id FROM users)`,
  },
  {
    table: 'cooking_log',
    columns: ['id', 'user_id', 'recipe_id', 'cooked_on', 'servings', 'created_at'],
    restorable: (t) => sql`${sql.ref(`${t}.user_id`)} IN (SELECT id FROM users)`,
  },
];

/** The restore filters, by table, for the trash's list of restorable tables. */
export const NOTEBOOK_RESTORABLE: Record<string, (alias: string) => RawBuilder<unknown>> = Object.fromEntries(
  NOTEBOOK_ROWS.map((rows) => [rows.table, rows.restorable]),
);

/** The notebook rows of recipe `recipeId`, for its trash entry (taken before the delete cascades). */
export async function notebookSnapshots(
  trx: Transaction<Database>,
  recipeId: number,
): Promise<TrashedRows[]> {
  const parts: TrashedRows[] = [];
  for (const { table, columns } of NOTEBOOK_ROWS) {
    const result = await sql<Record<string, unknown>>`SELECT ${sql.join(columns.map((c) => sql.ref(c)))}
      FROM ${sql.table(table)} WHERE recipe_id = ${recipeId}`.execute(trx);
    parts.push({ table, columns, rows: result.rows });
  }
  return parts;
}
