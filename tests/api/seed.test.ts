import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { seedDatabase } from '../../db/seed.ts';
import { ROOT } from '../helpers/paths.ts';
import { databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

describe.skipIf(!databaseAvailable)(`seeded database on ${engine}`, () => {
  const db = useTestDatabase();

  const counts = async () => {
    const { rows } = await sql<Record<string, number>>`
      SELECT (SELECT count(*)::int FROM recipes) AS recipes, (SELECT count(*)::int FROM categories) AS categories,
             (SELECT count(*)::int FROM reviews) AS reviews, (SELECT count(*)::int FROM users) AS users,
             (SELECT count(*)::int FROM pages) AS pages, (SELECT count(*)::int FROM blog_posts) AS posts,
             (SELECT sum(rating)::int FROM recipes) AS rating_sum`.execute(db());
    return rows[0];
  };

  it('seeding again changes nothing', async () => {
    const before = await counts();
    const result = await seedDatabase(db(), {
      contentDir: path.join(ROOT, 'content'),
      siteUrl: 'http://localhost:8888',
      adminPassword: 'other',
    });
    expect(result.seeded).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('stores ratings that are aggregates of the review rows', async () => {
    const { rows } = await sql<{
      slug: string;
      rating: number;
      review_count: number;
      expected: number;
      n: number;
    }>`
      SELECT r.slug, r.rating, r.review_count, coalesce(round(avg(v.rating) * 10), 0)::int AS expected, count(v.id)::int AS n
      FROM recipes r LEFT JOIN reviews v ON v.recipe_id = r.id GROUP BY r.id`.execute(db());
    expect(rows.length).toBeGreaterThanOrEqual(120);
    for (const row of rows) {
      expect(row.rating, row.slug).toBe(row.expected);
      expect(row.review_count, row.slug).toBe(row.n);
    }
    expect(rows.filter((r) => r.n > 0).length).toBeGreaterThan(50);
  });

  it('has the defaults: settings, footer page, generator config, AI models, admin user', async () => {
    const settings = await db().selectFrom('settings').selectAll().executeTakeFirstOrThrow();
    expect(settings).toMatchObject({
      enable_comments: true,
      enable_newsletter: true,
      privacy_link: '/privacy',
      terms_link: '/terms',
      site_description: 'Delicious recipes for every occasion',
    });
    const footer = await db()
      .selectFrom('pages')
      .select('content')
      .where('slug', '=', 'footer')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(footer.content).tagline).toBe('Making cooking easier, one recipe at a time.');
    expect(await db().selectFrom('generator_config').selectAll().executeTakeFirstOrThrow()).toMatchObject({
      max_per_day: 1000,
      batch_size: 10,
    });
    expect(
      (
        await db()
          .selectFrom('ai_models')
          .select('id')
          .where('is_default', '=', true)
          .executeTakeFirstOrThrow()
      ).id,
    ).toBe('gpt-4o');
    const admin = await db()
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(admin.password_hash).toMatch(/^\$2[aby]\$1[1-9]\$/);
  });

  it.each([
    [
      'a rating above 50 tenths',
      sql`UPDATE recipes SET rating = 51 WHERE id = (SELECT min(id) FROM recipes)`,
    ],
    ['a review rating of 6', sql`UPDATE reviews SET rating = 6 WHERE id = (SELECT min(id) FROM reviews)`],
    [
      'a second review by the same user',
      sql`INSERT INTO reviews (recipe_id, user_id, rating, comment) SELECT recipe_id, user_id, 5, 'again' FROM reviews LIMIT 1`,
    ],
    [
      'a duplicate username in other case',
      sql`INSERT INTO users (username, email, password_hash) VALUES ('ADMIN', 'x@example.com', 'x')`,
    ],
    [
      'a recipe in an unknown category',
      sql`UPDATE recipes SET category = 'nope' WHERE id = (SELECT min(id) FROM recipes)`,
    ],
    ['zero servings', sql`UPDATE recipes SET servings = 0 WHERE id = (SELECT min(id) FROM recipes)`],
    [
      'a bad difficulty',
      sql`UPDATE recipes SET difficulty = 'Trivial' WHERE id = (SELECT min(id) FROM recipes)`,
    ],
    [
      'calorie entry servings of 0.3',
      sql`INSERT INTO calorie_entries (user_id, date, recipe_name, servings, calories, meal_type) SELECT id, CURRENT_DATE, 'x', 0.3, 10, 'lunch' FROM users LIMIT 1`,
    ],
    [
      'a meal type of brunch',
      sql`INSERT INTO calorie_entries (user_id, date, recipe_name, servings, calories, meal_type) SELECT id, CURRENT_DATE, 'x', 1, 10, 'brunch' FROM users LIMIT 1`,
    ],
    [
      'a shopping category outside the list',
      sql`INSERT INTO shopping_items (user_id, ingredient, category) SELECT id, 'x', 'Snacks' FROM users LIMIT 1`,
    ],
    ['a calorie goal of 900', sql`UPDATE users SET calorie_goal = 900 WHERE username = 'admin'`],
    ['a slug with spaces', sql`UPDATE categories SET slug = 'two words' WHERE slug = 'desserts'`],
  ])('the database itself refuses %s', async (_name, statement) => {
    await expect(statement.execute(db())).rejects.toThrow();
  });
});
