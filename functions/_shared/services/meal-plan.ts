import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';
import { addDays } from '../../../src/lib/notebook-dates.ts';
import type { MealType } from '../../../src/lib/schemas/calorie-entry.ts';
import { PLAN_LIMITS, type PlanEntry } from '../../../src/lib/schemas/meal-plan.ts';

// A cook's meal plan (plan_entries). Every query is scoped by user_id, so another cook's entry
// is indistinguishable from a missing one. An entry whose recipe is in the trash is gone with it
// (the trash keeps a copy and a restore brings it back).

export type PlanRefusal = 'missing' | 'no-recipe' | 'meal-full' | 'plan-full';

const ENTRY_COLUMNS = [
  'plan_entries.id',
  'plan_entries.recipe_id',
  'recipes.title',
  'recipes.slug',
  'recipes.servings as recipe_servings',
  sql<string>`to_char(plan_entries.day, 'YYYY-MM-DD')`.as('day'),
  'plan_entries.meal',
  'plan_entries.servings',
  sql<boolean>`listed.entry_id IS NOT NULL`.as('on_list'),
] as const;

function entrySelect(db: Db, userId: number) {
  return (
    db
      .selectFrom('plan_entries')
      .innerJoin('recipes', 'recipes.id', 'plan_entries.recipe_id')
      // Whether the entry is on the shopping list: one probe of plan_list_items' key per entry
      // (as a lateral join, so the planner never hashes every cook's shares instead).
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('plan_list_items')
            .select('plan_list_items.plan_entry_id as entry_id')
            .whereRef('plan_list_items.plan_entry_id', '=', 'plan_entries.id')
            .limit(1)
            .as('listed'),
        (join) => join.onTrue(),
      )
      .select(ENTRY_COLUMNS)
      .where('plan_entries.user_id', '=', userId)
  );
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entrySelect>['executeTakeFirstOrThrow']>>;

const entryFromRow = (r: EntryRow): PlanEntry => ({
  id: r.id,
  recipeId: r.recipe_id,
  recipeTitle: r.title,
  recipeSlug: r.slug,
  recipeServings: r.recipe_servings,
  day: r.day,
  meal: r.meal,
  servings: r.servings,
  onList: Boolean(r.on_list),
});

/** The query of the week starting on `monday` (by day, meal and the order they were added). */
export function weekEntriesQuery(db: Db, userId: number, monday: string) {
  return entrySelect(db, userId)
    .where('plan_entries.day', '>=', monday)
    .where('plan_entries.day', '<=', addDays(monday, 6))
    .orderBy('plan_entries.day')
    .orderBy(sql`array_position(ARRAY['breakfast','lunch','dinner','snack'], plan_entries.meal)`)
    .orderBy('plan_entries.id');
}

/** The entries of the week starting on `monday`, by day, meal and the order they were added. */
export async function weekEntries(db: Db, userId: number, monday: string): Promise<PlanEntry[]> {
  return (await weekEntriesQuery(db, userId, monday).execute()).map(entryFromRow);
}

export async function planEntry(db: Db, userId: number, id: number): Promise<PlanEntry | undefined> {
  const row = await entrySelect(db, userId).where('plan_entries.id', '=', id).executeTakeFirst();
  return row ? entryFromRow(row) : undefined;
}

/** Refuses a meal that already holds PLAN_LIMITS.perMeal recipes (other than `exceptId`). */
async function mealFull(db: Db, userId: number, day: string, meal: MealType, exceptId?: number) {
  const { count } = await db
    .selectFrom('plan_entries')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .where('meal', '=', meal)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId!))
    .executeTakeFirstOrThrow();
  return count >= PLAN_LIMITS.perMeal;
}

const lockUser = (db: Db, userId: number) =>
  db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();

export async function addPlanEntry(
  db: Db,
  userId: number,
  input: { recipeId: number; day: string; meal: MealType; servings: number },
): Promise<PlanEntry | PlanRefusal> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const recipe = await trx
      .selectFrom('recipes')
      .select('id')
      .where('id', '=', input.recipeId)
      .executeTakeFirst();
    if (!recipe) return 'no-recipe';
    const { count } = await trx
      .selectFrom('plan_entries')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (count >= PLAN_LIMITS.perUser) return 'plan-full';
    if (await mealFull(trx, userId, input.day, input.meal)) return 'meal-full';
    const { id } = await trx
      .insertInto('plan_entries')
      .values({
        user_id: userId,
        recipe_id: input.recipeId,
        day: input.day,
        meal: input.meal,
        servings: input.servings,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await planEntry(trx, userId, id))!;
  });
}

/** Changes servings or moves the entry to another day or meal. */
export async function updatePlanEntry(
  db: Db,
  userId: number,
  id: number,
  change: { day?: string | undefined; meal?: MealType | undefined; servings?: number | undefined },
): Promise<PlanEntry | PlanRefusal> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const current = await planEntry(trx, userId, id);
    if (!current) return 'missing';
    const day = change.day ?? current.day;
    const meal = change.meal ?? current.meal;
    if ((day !== current.day || meal !== current.meal) && (await mealFull(trx, userId, day, meal, id)))
      return 'meal-full';
    await trx
      .updateTable('plan_entries')
      .set({ day, meal, servings: change.servings ?? current.servings })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
    return (await planEntry(trx, userId, id))!;
  });
}
