// The setup the API response cache suites share: raw responses from a handler, the local cache
// cleared before each test, a dessert and a breakfast recipe from the seed, the guard accounts,
// and the public reads the cache keeps.
import { beforeAll, beforeEach } from 'vitest';
import categories from '../../functions/categories.ts';
import recipes from '../../functions/recipes.ts';
import { CACHE_AREAS } from '../../functions/_shared/cache/areas.ts';
import { cacheKey } from '../../functions/_shared/cache/cached-response.ts';
import { dropLocal } from '../../functions/_shared/cache/local-cache.ts';
import type { Handler } from '../../functions/_shared/router.ts';
import type { TestAccount } from './accounts.ts';
import { guardAccounts } from './admin-session.ts';
import { useTestDatabase } from './test-db.ts';

export const ORIGIN = 'http://localhost:8888';

/** Status, every header and the exact body text. */
export async function raw(handler: Handler, path: string) {
  const res = await handler(new Request(`${ORIGIN}${path}`));
  return { status: res.status, headers: [...res.headers.entries()], text: await res.text() };
}

export const clearEverything = () => dropLocal({ areas: CACHE_AREAS, tags: [] });
export const keyOf = (path: string) => cacheKey(new URL(`${ORIGIN}${path}`));

type SeedRecipe = { id: number; slug: string; category: string };

/** Registers the cache suite's hooks; the recipes and accounts are filled in place in beforeAll. */
export function useCacheSuite() {
  const db = useTestDatabase();
  const dessert = {} as SeedRecipe;
  const breakfast = {} as SeedRecipe;
  const cook = {} as TestAccount;
  const admin = {} as TestAccount;

  beforeAll(async () => {
    const pick = (category: string) =>
      db()
        .selectFrom('recipes')
        .select(['id', 'slug', 'category'])
        .where('category', '=', category)
        .orderBy('id')
        .executeTakeFirstOrThrow();
    Object.assign(dessert, await pick('desserts'));
    Object.assign(breakfast, await pick('breakfast'));
    const accounts = await guardAccounts();
    Object.assign(cook, accounts.cook);
    Object.assign(admin, accounts.admin);
  });

  beforeEach(clearEverything);

  const publicReads = () =>
    [
      ['recipes', '/api/recipes'],
      ['recipes', '/api/recipes?offset=2&limit=5'],
      ['featured', '/api/recipes/featured?limit=4'],
      ['search', '/api/recipes/search?q=chicken'],
      ['search', '/api/recipes/search?q=chiken&limit=3'],
      ['search', '/api/recipes/search?category=desserts'],
      ['recipes', `/api/recipes/slug/${dessert.slug}`],
      ['recipes', `/api/recipes/${dessert.id}`],
      ['recipes', '/api/recipes/category/desserts?limit=3'],
      ['recipes', `/api/recipes/related/${dessert.id}`],
      ['categories', '/api/categories'],
      ['categories', '/api/categories/desserts'],
    ] as const;

  const handlerFor = (path: string): Handler => (path.startsWith('/api/categories') ? categories : recipes);

  return { db, dessert, breakfast, cook, admin, publicReads, handlerFor };
}
