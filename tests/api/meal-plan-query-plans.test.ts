import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { weekEntries, weekEntriesQuery } from '../../functions/_shared/services/meal-plan.ts';
import { databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';
import { nodesOf, type PlanNode } from '../helpers/query-plans.ts';

// The week of the meal plan (what /plan reads) goes through the plan's (user, day) index and the
// recipes' key, never reading a whole table: the plan comes from EXPLAIN of the very query the
// service builds, over a grown catalogue and a few cooks with a year of entries each (three meals
// a day), half of them already on the shopping list.

const COOKS = 4;
const YEAR_START = '2026-01-05';
const DAYS = 365;
const CATALOGUE_COPIES = 12;

describe.skipIf(!databaseAvailable)(`meal plan query plans on ${engine}`, () => {
  const db = useTestDatabase();
  let cookIds: number[] = [];

  beforeAll(async () => {
    for (let from = 1; from <= CATALOGUE_COPIES; from += 4) {
      await sql`
        INSERT INTO recipes (slug, title, description, summary, image, category, cuisine, prep_time,
          cook_time, total_time, servings, difficulty, calories, nutrition, ingredients, instructions,
          tags, faqs, created_at, updated_at)
        SELECT r.slug || '-plan-' || g, left(r.title, 180) || ' ' || g, r.description, r.summary, r.image,
          r.category, r.cuisine, r.prep_time, r.cook_time, r.total_time, r.servings, r.difficulty,
          r.calories, r.nutrition, r.ingredients, r.instructions, r.tags, r.faqs, r.created_at, r.updated_at
        FROM recipes r CROSS JOIN generate_series(${from}::int, ${from + 3}::int) g
        WHERE r.slug NOT LIKE '%-plan-%'`.execute(db());
    }
    const cooks = await db()
      .insertInto('users')
      .values(
        Array.from({ length: COOKS }, (_, i) => ({
          username: `planner_${i}`,
          email: `planner_${i}@example.com`,
          password_hash: 'not-a-login',
        })),
      )
      .returning('id')
      .execute();
    cookIds = cooks.map((c) => c.id);
    await sql`
      INSERT INTO plan_entries (user_id, recipe_id, day, meal, servings)
      SELECT u.id, r.id, ${YEAR_START}::date + d, m.meal, 1 + d % 6
      FROM unnest(${sql.val(cookIds)}::int[]) AS u(id)
      CROSS JOIN generate_series(0, ${DAYS - 1}) d
      CROSS JOIN unnest(ARRAY['breakfast', 'lunch', 'dinner']) WITH ORDINALITY AS m(meal, n)
      CROSS JOIN LATERAL (
        SELECT id FROM recipes ORDER BY id OFFSET (d * 3 + m.n + u.id) % 500 LIMIT 1
      ) r`.execute(db());
    // Every other entry already shared into one line of its cook's list.
    await sql`
      INSERT INTO shopping_items (user_id, ingredient, unit, amount)
      SELECT id, 'Onions', '', 1 FROM unnest(${sql.val(cookIds)}::int[]) AS u(id)`.execute(db());
    await sql`
      INSERT INTO plan_list_items (plan_entry_id, shopping_item_id, merge_key, amount, created_line)
      SELECT e.id, s.id, 'onions', 1, false
      FROM plan_entries e JOIN shopping_items s ON s.user_id = e.user_id AND s.ingredient = 'Onions'
      WHERE e.id % 2 = 0 AND e.user_id = ANY(${sql.val(cookIds)}::int[])`.execute(db());
    await sql`ANALYZE`.execute(db());
  }, 300_000);

  const weeks = [
    ['the first week of the year', YEAR_START],
    ['a week in the middle', '2026-06-08'],
    ['the last week', '2026-12-28'],
  ] as const;

  it.each(weeks)('%s is read through the plan index, not a whole table', async (_name, monday) => {
    const [row] = await weekEntriesQuery(db(), cookIds[1]!, monday).explain('json');
    const plan = (row!['QUERY PLAN'] as [{ Plan: PlanNode }])[0].Plan;
    const nodes = nodesOf(plan);
    const indexes = nodes.map((n) => n['Index Name']).filter(Boolean);
    expect(indexes, JSON.stringify(plan, null, 1)).toContain('plan_entries_user_day_idx');
    expect(indexes).toContain('recipes_pkey');
    const seqScans = nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']);
    expect(seqScans, JSON.stringify(plan, null, 1)).toEqual([]);
  });

  it('answers the week of that cook only, by day and meal, with what is on the list', async () => {
    const entries = await weekEntries(db(), cookIds[1]!, '2026-06-08');
    expect(entries).toHaveLength(21);
    expect(entries.map((e) => `${e.day} ${e.meal}`).slice(0, 4)).toEqual([
      '2026-06-08 breakfast',
      '2026-06-08 lunch',
      '2026-06-08 dinner',
      '2026-06-09 breakfast',
    ]);
    const ids = (
      await db().selectFrom('plan_entries').select('id').where('user_id', '=', cookIds[1]!).execute()
    ).map((r) => r.id);
    expect(entries.every((e) => ids.includes(e.id))).toBe(true);
    expect(entries.map((e) => e.onList)).toEqual(entries.map((e) => e.id % 2 === 0));
  });
});
