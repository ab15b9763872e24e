import { sql } from 'kysely';
import type { Category } from '../../src/lib/schemas/category.ts';
import type { Db } from '../client.ts';

/** Every category with its recipe count, by name. */
export async function allCategories(db: Db): Promise<Category[]> {
  return db
    .selectFrom('categories as c')
    .select(['c.id', 'c.name', 'c.slug', 'c.description', 'c.image'])
    .select(sql<number>`(SELECT count(*)::int FROM recipes r WHERE r.category = c.slug)`.as('recipeCount'))
    .orderBy('c.name')
    .execute();
}
