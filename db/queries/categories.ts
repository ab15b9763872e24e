import { sql } from 'kysely';
import type { Category } from '../../src/lib/schemas/category.ts';
import type { Db } from '../client.ts';

// Category reads, shared by the build (content loaders) and the API.

/** Categories with their recipe counts (`recipeCount`), for further filtering. */
export function categoryQuery(db: Db) {
  return db
    .selectFrom('categories as c')
    .select(['c.id', 'c.name', 'c.slug', 'c.description', 'c.image'])
    .select(sql<number>`(SELECT count(*)::int FROM recipes r WHERE r.category = c.slug)`.as('recipeCount'));
}

/** Every category with its number of recipes, alphabetical. */
export async function allCategories(db: Db): Promise<Category[]> {
  return categoryQuery(db).orderBy('c.name').execute();
}

export async function categoryBySlug(db: Db, slug: string): Promise<Category | undefined> {
  return categoryQuery(db).where('c.slug', '=', slug).executeTakeFirst();
}
