import { sql, type Insertable } from 'kysely';
import type { Db } from '../../../db/client.ts';
import { parsedJson } from '../../../db/mappers/recipe.ts';
import type { PlanListItemsTable } from '../../../db/notebook-schema.ts';
import { shoppingItemToRow } from '../../../db/mappers/shopping-item.ts';
import type { Ingredients } from '../../../src/lib/schemas/recipe.ts';
import { addDays } from '../../../src/lib/notebook-dates.ts';
import { lineKey, planShares, type PlanShare } from '../../../src/lib/plan/plan-to-list.ts';
import { SHOPPING_LIMITS } from '../../../src/lib/schemas/shopping-item.ts';
import { addAmounts, mergeTitles } from '../../../src/lib/shopping/merge.ts';

// The meal plan on the shopping list. Each entry's share of each line is recorded
// (plan_list_items), so adding the week again only adds what is not there yet — a share already
// on the list is skipped, a share whose servings changed is brought up to date by the difference
// — and removing an entry can take exactly its shares back off. Lines merge by the list's own
// rule (src/lib/shopping/merge.ts) with whatever else is on it.

type Trx = Db;

interface Line {
  id: number;
  amount: number | null;
  recipeTitle: string | null;
}

const toNumber = (n: string | number | null) => (n === null ? null : Number(n));

/** Amount minus amount, never below 0 (3 decimals, as stored). */
const subtract = (a: number | null, b: number | null) =>
  a === null || b === null ? a : Math.max(0, Math.round((a - b) * 1000) / 1000);

async function linesByKey(trx: Trx, userId: number): Promise<Map<string, Line & { key: string }>> {
  const rows = await trx
    .selectFrom('shopping_items')
    .select(['id', 'ingredient', 'unit', 'amount', 'recipe_title'])
    .where('user_id', '=', userId)
    .execute();
  return new Map(
    rows.map((r) => {
      const key = lineKey(r.ingredient, r.unit);
      return [key, { key, id: r.id, amount: toNumber(r.amount), recipeTitle: r.recipe_title }];
    }),
  );
}

export type WeekToListOutcome =
  { kind: 'added'; entriesAdded: number; linesChanged: number } | { kind: 'full'; limit: number };

type NewPlanListItem = Insertable<PlanListItemsTable>;

/** The record of one entry's share of a line (`createdLine`: this share made the line). */
const shareRow = (share: PlanShare, itemId: number, createdLine: boolean): NewPlanListItem => ({
  plan_entry_id: share.entryId,
  shopping_item_id: itemId,
  merge_key: share.key,
  amount: share.amount,
  created_line: createdLine,
});

/** Writes the new amount and recipe names of the lines the week added to (ticked off again). */
async function updateLines(trx: Trx, userId: number, changed: Line[]): Promise<void> {
  if (changed.length === 0) return;
  const values = sql.join(
    changed.map((l) => sql`(${l.id}::int, ${l.amount}::numeric, ${l.recipeTitle}::text)`),
  );
  await sql`
    UPDATE shopping_items AS s
    SET amount = v.amount, recipe_title = v.recipe_title, checked = false, updated_at = now()
    FROM (VALUES ${values}) AS v(id, amount, recipe_title)
    WHERE s.id = v.id AND s.user_id = ${userId}`.execute(trx);
}

/** Inserts one line per group of shares of one thing; answers each line's id by its merge key. */
async function insertLines(trx: Trx, userId: number, groups: PlanShare[][]): Promise<Map<string, number>> {
  if (groups.length === 0) return new Map();
  const rows = await trx
    .insertInto('shopping_items')
    .values(
      groups.map((group) =>
        shoppingItemToRow(userId, {
          ingredient: group[0]!.ingredient,
          unit: group[0]!.unit,
          amount: group.reduce<number | null>((sum, s) => addAmounts(sum, s.amount), null),
          recipeTitle: group.reduce<string | null>((t, s) => mergeTitles(t, s.recipeTitle), null),
          category: group[0]!.category,
        }),
      ),
    )
    .returning(['id', 'ingredient', 'unit'])
    .execute();
  return new Map(rows.map((r) => [lineKey(r.ingredient, r.unit), r.id]));
}

/** Adds every entry of the week starting on `monday` to the cook's shopping list. */
export async function addWeekToList(db: Db, userId: number, monday: string): Promise<WeekToListOutcome> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const entries = await trx
      .selectFrom('plan_entries')
      .innerJoin('recipes', 'recipes.id', 'plan_entries.recipe_id')
      .select([
        'plan_entries.id',
        'plan_entries.servings',
        'recipes.id as recipe_id',
        'recipes.title',
        'recipes.servings as recipe_servings',
        'recipes.ingredients',
      ])
      .where('plan_entries.user_id', '=', userId)
      .where('plan_entries.day', '>=', monday)
      .where('plan_entries.day', '<=', addDays(monday, 6))
      .orderBy('plan_entries.day')
      .orderBy('plan_entries.id')
      .execute();
    const shares = planShares(
      entries.map((e) => ({
        entryId: e.id,
        servings: e.servings,
        recipe: {
          id: e.recipe_id,
          title: e.title,
          servings: e.recipe_servings,
          ingredients: parsedJson<Ingredients>(e.ingredients, []),
        },
      })),
    );
    const recorded = new Map<string, { amount: number | null; itemId: number }>();
    if (entries.length > 0) {
      for (const r of await trx
        .selectFrom('plan_list_items')
        .select(['plan_entry_id', 'merge_key', 'amount', 'shopping_item_id'])
        .where(
          'plan_entry_id',
          'in',
          entries.map((e) => e.id),
        )
        .execute()) {
        recorded.set(`${r.plan_entry_id}\u0001${r.merge_key}`, {
          amount: toNumber(r.amount),
          itemId: r.shopping_item_id,
        });
      }
    }
    const lines = await linesByKey(trx, userId);
    const changedLines = new Map<number, Line>();
    const touchedEntries = new Set<number>();
    const shareRows: NewPlanListItem[] = [];
    const newLines = new Map<string, PlanShare[]>();
    for (const share of shares) {
      const before = recorded.get(`${share.entryId}\u0001${share.key}`);
      if (before && before.amount === share.amount) continue;
      touchedEntries.add(share.entryId);
      const line = lines.get(share.key);
      if (!line) {
        // New lines: several entries' shares of one thing become one line.
        newLines.set(share.key, [...(newLines.get(share.key) ?? []), share]);
        continue;
      }
      // Already shared into this line: only the difference (servings changed since).
      line.amount = before
        ? addAmounts(subtract(line.amount, before.amount), share.amount)
        : addAmounts(line.amount, share.amount);
      line.recipeTitle = mergeTitles(line.recipeTitle, share.recipeTitle);
      changedLines.set(line.id, line);
      shareRows.push(shareRow(share, line.id, false));
    }
    if (lines.size + newLines.size > SHOPPING_LIMITS.itemsPerList) {
      return { kind: 'full', limit: SHOPPING_LIMITS.itemsPerList };
    }
    // One statement per kind of write, whatever the size of the week.
    await updateLines(trx, userId, [...changedLines.values()]);
    for (const [key, id] of await insertLines(trx, userId, [...newLines.values()])) {
      for (const [i, share] of newLines.get(key)!.entries()) shareRows.push(shareRow(share, id, i === 0));
    }
    if (shareRows.length > 0) {
      await trx
        .insertInto('plan_list_items')
        .values(shareRows)
        .onConflict((oc) =>
          oc.columns(['plan_entry_id', 'merge_key']).doUpdateSet((eb) => ({
            amount: eb.ref('excluded.amount'),
            shopping_item_id: eb.ref('excluded.shopping_item_id'),
          })),
        )
        .execute();
    }
    return {
      kind: 'added',
      entriesAdded: touchedEntries.size,
      linesChanged: changedLines.size + newLines.size,
    };
  });
}

/**
 * Takes one entry's shares back off the list: each line loses the entry's amount and its
 * recipe's name (unless another entry of that recipe still shares it); a line left with nothing
 * to buy goes. Returns how many lines changed or went.
 */
export async function withdrawEntry(trx: Trx, userId: number, entryId: number): Promise<number> {
  const shares = await trx
    .selectFrom('plan_list_items')
    .innerJoin('shopping_items', 'shopping_items.id', 'plan_list_items.shopping_item_id')
    .innerJoin('plan_entries', 'plan_entries.id', 'plan_list_items.plan_entry_id')
    .innerJoin('recipes', 'recipes.id', 'plan_entries.recipe_id')
    .select([
      'shopping_items.id',
      'shopping_items.amount as line_amount',
      'shopping_items.recipe_title',
      'plan_list_items.amount',
      'plan_list_items.created_line',
      'plan_entries.recipe_id',
      'recipes.title',
    ])
    .where('plan_list_items.plan_entry_id', '=', entryId)
    .where('shopping_items.user_id', '=', userId)
    .execute();
  for (const share of shares) {
    const others = await trx
      .selectFrom('plan_list_items')
      .innerJoin('plan_entries', 'plan_entries.id', 'plan_list_items.plan_entry_id')
      .select(['plan_entries.recipe_id'])
      .where('plan_list_items.shopping_item_id', '=', share.id)
      .where('plan_list_items.plan_entry_id', '!=', entryId)
      .execute();
    const amount = subtract(toNumber(share.line_amount), toNumber(share.amount));
    const nothingLeft = amount === null ? others.length === 0 && share.created_line : amount <= 0;
    if (nothingLeft) {
      await trx.deleteFrom('shopping_items').where('id', '=', share.id).execute();
      continue;
    }
    const keepsTitle = others.some((o) => o.recipe_id === share.recipe_id);
    const titles = (share.recipe_title ?? '')
      .split(', ')
      .filter((t) => t && (keepsTitle || t !== share.title));
    await trx
      .updateTable('shopping_items')
      .set({ amount, recipe_title: titles.join(', ') || null, updated_at: sql`now()` })
      .where('id', '=', share.id)
      .execute();
  }
  await trx.deleteFrom('plan_list_items').where('plan_entry_id', '=', entryId).execute();
  return shares.length;
}

/** Deletes one of the cook's entries, first taking its shares off the list when asked. */
export async function deletePlanEntry(
  db: Db,
  userId: number,
  id: number,
  fromList: boolean,
): Promise<{ linesChanged: number } | undefined> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const own = await trx
      .selectFrom('plan_entries')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!own) return undefined;
    const linesChanged = fromList ? await withdrawEntry(trx, userId, id) : 0;
    await trx.deleteFrom('plan_entries').where('id', '=', id).where('user_id', '=', userId).execute();
    return { linesChanged };
  });
}
