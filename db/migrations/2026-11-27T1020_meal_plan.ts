import { sql, type Kysely } from 'kysely';

// A cook's meal plan: recipes placed on a day and meal with their servings, and what each plan
// entry put on the shopping list (one row per entry and line to buy), so adding the week again
// adds nothing twice and removing an entry can take exactly its share off the list.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('plan_entries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipe_id', 'integer', (c) => c.notNull().references('recipes.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('meal', 'text', (c) =>
      c.notNull().check(sql`meal IN ('breakfast', 'lunch', 'dinner', 'snack')`),
    )
    .addColumn('servings', 'integer', (c) => c.notNull().check(sql`servings BETWEEN 1 AND 24`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('plan_entries_user_day_idx')
    .on('plan_entries')
    .columns(['user_id', 'day'])
    .execute();
  await db.schema.createIndex('plan_entries_recipe_idx').on('plan_entries').column('recipe_id').execute();

  await db.schema
    .createTable('plan_list_items')
    .addColumn('plan_entry_id', 'integer', (c) =>
      c.notNull().references('plan_entries.id').onDelete('cascade'),
    )
    .addColumn('shopping_item_id', 'integer', (c) =>
      c.notNull().references('shopping_items.id').onDelete('cascade'),
    )
    // The line's identity (ingredient and unit, see src/lib/shopping/merge.ts).
    .addColumn('merge_key', 'text', (c) => c.notNull())
    .addColumn('amount', sql`numeric(12,3)`)
    // True when this entry's addition created the line (so taking it back may remove the line).
    .addColumn('created_line', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('plan_list_items_pkey', ['plan_entry_id', 'merge_key'])
    .execute();
  await db.schema
    .createIndex('plan_list_items_item_idx')
    .on('plan_list_items')
    .column('shopping_item_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('plan_list_items').ifExists().execute();
  await db.schema.dropTable('plan_entries').ifExists().execute();
}
