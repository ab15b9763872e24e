import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';
import {
  SHOPPING_ITEM_COLUMNS,
  shoppingItemFromRow,
  shoppingItemToRow,
} from '../../../db/mappers/shopping-item.ts';
import { categorizeIngredient } from '../../../src/lib/shopping/categories.ts';
import {
  SHOPPING_LIMITS,
  type ShoppingItem,
  type ShoppingItemValues,
} from '../../../src/lib/schemas/shopping-item.ts';
import { addAmounts, mergeKey, mergeTitles } from '../../../src/lib/shopping/merge.ts';

// A user's shopping list (shopping_items). Adding merges: the same ingredient (any letter case,
// extra spaces ignored) in the same unit (cup = cups) becomes one line with the amounts summed.

export async function listItems(db: Db, userId: number): Promise<ShoppingItem[]> {
  const rows = await db
    .selectFrom('shopping_items')
    .select(SHOPPING_ITEM_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return rows.map(shoppingItemFromRow);
}

export type AddOutcome = { kind: 'added'; items: ShoppingItem[] } | { kind: 'full'; limit: number };

/** Adds items, merging them into existing lines; an added amount unchecks the line (more to buy). */
export async function addItems(db: Db, userId: number, incoming: ShoppingItemValues[]): Promise<AddOutcome> {
  return db.transaction().execute(async (trx) => {
    // One writer per list at a time, so two tabs adding the same ingredient cannot both insert it.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const existing = new Map<string, ShoppingItem>();
    for (const item of (
      await trx
        .selectFrom('shopping_items')
        .select(SHOPPING_ITEM_COLUMNS)
        .where('user_id', '=', userId)
        .execute()
    ).map(shoppingItemFromRow)) {
      existing.set(mergeKey(item.ingredient, item.unit), item);
    }
    const changed = new Map<number, ShoppingItem>();
    const fresh = new Map<string, Omit<ShoppingItem, 'id'>>();
    for (const add of incoming) {
      const key = mergeKey(add.ingredient, add.unit);
      const current = existing.get(key);
      if (current) {
        const merged = {
          ...current,
          amount: addAmounts(current.amount, add.amount),
          recipeTitle: mergeTitles(current.recipeTitle, add.recipeTitle),
          checked: false,
        };
        existing.set(key, merged);
        changed.set(current.id, merged);
        continue;
      }
      const pending = fresh.get(key);
      fresh.set(
        key,
        pending
          ? {
              ...pending,
              amount: addAmounts(pending.amount, add.amount),
              recipeTitle: mergeTitles(pending.recipeTitle, add.recipeTitle),
            }
          : {
              ingredient: add.ingredient,
              amount: add.amount === null ? null : Math.round(add.amount * 1000) / 1000,
              unit: add.unit,
              recipeTitle: add.recipeTitle,
              checked: false,
              category: add.category ?? categorizeIngredient(add.ingredient),
            },
      );
    }
    if (existing.size + fresh.size > SHOPPING_LIMITS.itemsPerList)
      return { kind: 'full', limit: SHOPPING_LIMITS.itemsPerList };
    for (const item of changed.values()) {
      await trx
        .updateTable('shopping_items')
        .set({ amount: item.amount, recipe_title: item.recipeTitle, checked: false, updated_at: sql`now()` })
        .where('id', '=', item.id)
        .where('user_id', '=', userId)
        .execute();
    }
    if (fresh.size > 0) {
      await trx
        .insertInto('shopping_items')
        .values([...fresh.values()].map((item) => shoppingItemToRow(userId, item)))
        .execute();
    }
    return { kind: 'added', items: await listItems(trx, userId) };
  });
}

/** Ticks or unticks one of the user's items; undefined when the user has no such item. */
export async function setChecked(
  db: Db,
  userId: number,
  id: number,
  checked: boolean,
): Promise<ShoppingItem | undefined> {
  const row = await db
    .updateTable('shopping_items')
    .set({ checked, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(SHOPPING_ITEM_COLUMNS)
    .executeTakeFirst();
  return row ? shoppingItemFromRow(row) : undefined;
}

/** Removes one of the user's items; false when the user has no such item. */
export async function deleteItem(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('shopping_items')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Empties the list (or only its ticked items); returns how many items went. */
export async function clearItems(db: Db, userId: number, onlyChecked: boolean): Promise<number> {
  const result = await db
    .deleteFrom('shopping_items')
    .where('user_id', '=', userId)
    .$if(onlyChecked, (qb) => qb.where('checked', '=', true))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
