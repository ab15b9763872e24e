import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { TrashedRows } from './trashed-rows.ts';

// What a cook's notebook keeps of a recipe that goes to the trash: the rows that hang on it
// (collection memberships, notes, cooking log, plan entries) go into the recipe's trash entry
// with it, so they disappear from every list while it is deleted and come back on restore.

interface NotebookRows {
  table: keyof Database & string;
  columns: string[];
  /** Which rows hang on the recipe (default: its recipe_id column). */
  ofRecipe?: (recipeId: number) => RawBuilder<boolean>;
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
  {
    table: 'plan_entries',
    columns: ['id', 'user_id', 'recipe_id', 'day', 'meal', 'servings', 'created_at'],
    restorable: (t) => sql`${sql.ref(`${t}.user_id`)} IN (SELECT id FROM users)`,
  },
  {
    // Restored after the entries; a share of a line deleted meanwhile stays gone.
    table: 'plan_list_items',
    columns: ['plan_entry_id', 'shopping_item_id', 'merge_key', 'amount', 'created_line'],
    ofRecipe: (recipeId) =>
      sql<boolean>`plan_entry_id IN (SELECT id FROM plan_entries WHERE recipe_id = ${recipeId})`,
    restorable: (t) =>
      sql`${sql.ref(`${t}.plan_entry_id`)} IN (SELECT id FROM plan_entries) AND ${sql.ref(`${t}.shopping_item_id`)} IN (SELECT id FROM shopping_items)`,
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
  for (const { table, columns, ofRecipe } of NOTEBOOK_ROWS) {
    const where = ofRecipe ? ofRecipe(recipeId) : sql<boolean>`recipe_id = ${recipeId}`;
    const result = await sql<Record<string, unknown>>`SELECT ${sql.join(columns.map((c) => sql.ref(c)))}
      FROM ${sql.table(table)} WHERE ${where}`.execute(trx);
    parts.push({ table, columns, rows: result.rows });
  }
  return parts;
}
