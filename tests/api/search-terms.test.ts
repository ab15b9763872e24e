import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { correctWords, searchRecipes } from '../../functions/_shared/services/recipe-search.ts';
import { databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// search_terms, the words a typo is corrected to, follows every insert, edit and delete of a
// recipe (statement-level triggers), and a search with a typo finds a recipe added a moment ago.

describe('correctWords', () => {
  it.each([
    [
      'a close word replaces the typo',
      ['chiken'],
      [{ word: 'chiken', term: 'chicken', similarity: 0.5 }],
      ['chicken'],
    ],
    ['a far word leaves it alone', ['xyz'], [{ word: 'xyz', term: 'oxtail', similarity: 0.1 }], ['xyz']],
    ['no known word leaves it alone', ['soup'], [], ['soup']],
    [
      'each word on its own',
      ['spicy', 'noodels'],
      [
        { word: 'spicy', term: 'spicy', similarity: 1 },
        { word: 'noodels', term: 'noodles', similarity: 0.45 },
      ],
      ['spicy', 'noodles'],
    ],
  ])('%s', (_name, words, nearest, expected) => {
    expect(correctWords(words, nearest)).toEqual(expected);
  });
});

describe.skipIf(!databaseAvailable)(`search terms on ${engine}`, () => {
  const db = useTestDatabase();
  const uses = async (term: string) =>
    (await db().selectFrom('search_terms').select('uses').where('term', '=', term).executeTakeFirst())
      ?.uses ?? 0;

  it('hold the seeded catalogue’s words once each, with how many recipes use them', async () => {
    const counted = await sql<{ uses: number }>`
      SELECT count(*)::int AS uses FROM recipes WHERE search_words ~ '\\mchicken\\M'`.execute(db());
    expect(await uses('chicken')).toBe(counted.rows[0]!.uses);
    expect(await uses('chicken')).toBeGreaterThan(0);
  });

  it('follow an insert, a rename and a delete', async () => {
    expect(await uses('quokkaberry')).toBe(0);
    // A copy of a seeded recipe made in SQL (its json columns never pass through the driver).
    const inserted = await sql<{ id: number }>`
      INSERT INTO recipes (slug, title, description, summary, image, category, cuisine, prep_time,
        cook_time, total_time, servings, difficulty, calories, nutrition, ingredients, instructions,
        tags, faqs, rating, review_count, created_at, updated_at)
      SELECT 'quokkaberry-tart', 'Quokkaberry Tart', description, summary, image, category, cuisine,
        prep_time, cook_time, total_time, servings, difficulty, calories, nutrition, ingredients,
        instructions, ARRAY['quokkaberry'], faqs, rating, review_count, created_at, updated_at
      FROM recipes ORDER BY id LIMIT 1
      RETURNING id`
      .execute(db())
      .then((r) => r.rows[0]!);
    expect(await uses('quokkaberry')).toBe(1);

    const found = await searchRecipes(db(), { q: 'quokaberry', limit: 5 });
    expect(found.map((r) => r.slug)).toContain('quokkaberry-tart');

    await db().updateTable('recipes').set({ rating: 40 }).where('id', '=', inserted.id).execute();
    expect(await uses('quokkaberry')).toBe(1);
    await db()
      .updateTable('recipes')
      .set({ title: 'Wallabyplum Tart', tags: ['wallabyplum'] })
      .where('id', '=', inserted.id)
      .execute();
    expect(await uses('quokkaberry')).toBe(0);
    expect(await uses('wallabyplum')).toBe(1);

    await db().deleteFrom('recipes').where('id', '=', inserted.id).execute();
    expect(await uses('wallabyplum')).toBe(0);
  });
});
