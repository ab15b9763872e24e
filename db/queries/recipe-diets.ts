import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { dietColumns } from '../mappers/recipe.ts';
import { DIET_RULES_VERSION } from '../../src/lib/diets.ts';
import type { Ingredients } from '../../src/lib/schemas/recipe.ts';

// Recipes whose diets an older rule table read (or none yet: the column is new) are read again
// with the current one, after migrations run. Diets the admin set by hand are kept.

const BATCH = 200;

/** Re-reads stale diets; returns how many recipes were updated. */
export async function refreshRecipeDiets(db: Kysely<Database>): Promise<number> {
  let updated = 0;
  for (;;) {
    const stale = await db
      .selectFrom('recipes')
      .select(['id', 'ingredients'])
      .where('diets_by_hand', '=', false)
      .where('diet_rules', '!=', DIET_RULES_VERSION)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (stale.length === 0) return updated;
    for (const row of stale) {
      const ingredients = (
        typeof row.ingredients === 'string' ? JSON.parse(row.ingredients) : row.ingredients
      ) as Ingredients;
      const { diets, diet_rules } = dietColumns({ ingredients, diets: undefined, dietsByHand: false });
      await db.updateTable('recipes').set({ diets, diet_rules }).where('id', '=', row.id).execute();
    }
    updated += stale.length;
  }
}
