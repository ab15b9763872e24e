import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest, openPostgres, type Db } from '../../../db/client.ts';
import { openPGlite } from '../../../db/embedded.ts';
import { readRecipeFile, recipeFiles, seedDatabase } from '../../../db/seed.ts';
import { engine, PG_URL, root } from './options.ts';
import { seedPlanYear } from './plan-week.ts';

// The bench's synthetic catalogues: a fresh database of N recipes (embedded, or with
// --engine=postgres one database per size on the server) and an edit of a stopped server's data.

/** The URL of the bench's PostgreSQL database for a catalogue of `n` recipes. */
export function postgresUrl(n: number): string {
  const url = new URL(PG_URL);
  url.pathname = `/forkful_bench_${n}`;
  return url.toString();
}

/** Runs `work` with an admin connection to the PostgreSQL server (to create and drop databases). */
export async function withPostgresAdmin(work: (admin: Db) => Promise<void>): Promise<void> {
  const admin = openPostgres(PG_URL);
  try {
    await work(admin);
  } finally {
    await admin.destroy();
  }
}

/**
 * A fresh, empty database for a catalogue of `n` recipes: an embedded one in `dataDir`, or with
 * --engine=postgres the database forkful_bench_<n>, made again on the server.
 */
export async function openFreshDatabase(
  dataDir: string,
  n: number,
): Promise<{ db: Db; close: () => Promise<void> }> {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'pglite') return openPGlite(path.join(dataDir, 'pglite'));
  fs.mkdirSync(dataDir, { recursive: true });
  const name = `forkful_bench_${n}`;
  await withPostgresAdmin(async (admin) => {
    await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
    await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin);
  });
  const db = openPostgres(postgresUrl(n));
  return { db, close: () => db.destroy() };
}

/** Fills a fresh database with N recipes made from the real ones (titles numbered). */
export async function prepareData(dataDir: string, n: number): Promise<void> {
  const { db, close } = await openFreshDatabase(dataDir, n);
  try {
    await migrateToLatest(db);
    await seedDatabase(db, {
      contentDir: path.join(root, 'content'),
      siteUrl: 'http://localhost',
      adminPassword: 'bench-admin-password',
    });
    await db.deleteFrom('recipes').execute();
    const base = recipeFiles(path.join(root, 'content')).map((file) => ({
      slug: path.basename(file, '.json'),
      recipe: readRecipeFile(file),
    }));
    for (let start = 0; start < n; start += 500) {
      const rows = [];
      for (let i = start; i < Math.min(n, start + 500); i++) {
        const { slug, recipe: r } = base[i % base.length]!;
        const round = Math.floor(i / base.length);
        rows.push({
          slug: round ? `${slug}-${round}` : slug,
          title: round ? `${r.title} (${round + 1})` : r.title,
          description: r.description,
          summary: r.summary,
          image: `/images/recipes/${slug}.webp`,
          category: r.category,
          cuisine: r.cuisine,
          prep_time: r.prepTime,
          cook_time: r.cookTime,
          total_time: r.totalTime,
          servings: r.servings,
          difficulty: r.difficulty,
          calories: r.calories,
          nutrition: JSON.stringify(r.nutrition),
          ingredients: JSON.stringify(r.ingredients),
          instructions: JSON.stringify(r.instructions),
          tags: r.tags,
          faqs: JSON.stringify(r.faqs),
          created_at: r.createdAt,
          updated_at: r.createdAt,
        });
      }
      await db.insertInto('recipes').values(rows).execute();
    }
    // Reviews as a real catalogue has them: none to four per recipe from the sample readers, the
    // recipes' ratings and counts in step, then fresh planner statistics (as the seed leaves them).
    await sql`
      INSERT INTO reviews (recipe_id, user_id, rating, comment, created_at, updated_at)
      SELECT r.id, u.id, 3 + ((r.id + u.id) % 3), 'Made this for the family, would cook it again.',
             r.created_at + make_interval(days => 1 + u.id % 20), r.created_at + make_interval(days => 1 + u.id % 20)
      FROM recipes r
      CROSS JOIN LATERAL (SELECT id FROM users ORDER BY id LIMIT (r.id % 5)) u`.execute(db);
    await sql`
      UPDATE recipes r SET rating = s.tenths, review_count = s.n
      FROM (SELECT recipe_id, round(avg(rating) * 10)::int AS tenths, count(*)::int AS n
            FROM reviews GROUP BY recipe_id) s
      WHERE s.recipe_id = r.id`.execute(db);
    await seedPlanYear(db);
    await sql`ANALYZE`.execute(db);
  } finally {
    await close();
  }
}

/** Changes one recipe's title in a stopped server's database (to time the rebuild that follows). */
export async function editOne(dataDir: string): Promise<void> {
  const { db, close } = openPGlite(path.join(dataDir, 'pglite'));
  try {
    const row = await db
      .selectFrom('recipes')
      .select(['id', 'title'])
      .orderBy('id')
      .limit(1)
      .offset(7)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('recipes')
      .set({
        title: `${row.title.replace(/ \(edited \d+\)$/, '')} (edited ${Date.now()})`,
        updated_at: new Date(),
      })
      .where('id', '=', row.id)
      .execute();
    console.log(`Edited recipe ${row.id}`);
  } finally {
    await close();
  }
}
