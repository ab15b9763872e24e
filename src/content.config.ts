import { defineCollection } from 'astro:content';
import type { Loader, LoaderContext } from 'astro/loaders';
import { getReadyDb } from '../db/ready.ts';
import type { Db } from '../db/client.ts';
import { allCategories, allRecipes, blogCategories, footerContent, publishedPages, publishedPosts, siteSettings } from './lib/site-data.ts';

// Collections whose loaders read the database (the source of truth; content/ only seeds it).

/**
 * A loader over database rows. Astro's data store persists between builds, so entries whose
 * rows are gone are deleted here (or a deleted recipe would stay online); digests skip
 * unchanged entries.
 */
function databaseLoader<T extends object>(name: string, rows: (db: Db) => Promise<T[]>, idOf: (row: T) => string): Loader {
  return {
    name: `database-${name}`,
    load: async ({ store, generateDigest, logger }: LoaderContext) => {
      const db = await getReadyDb();
      const items = await rows(db);
      const keep = new Set<string>();
      for (const item of items) {
        const id = idOf(item);
        keep.add(id);
        const data = { ...item } as Record<string, unknown>;
        const digest = generateDigest(data);
        if (store.get(id)?.digest === digest) continue;
        store.set({ id, data, digest });
      }
      for (const id of store.keys()) if (!keep.has(id)) store.delete(id);
      logger.info(`${items.length} ${name} from the database`);
    },
  };
}

export const collections = {
  recipes: defineCollection({ loader: databaseLoader('recipes', allRecipes, (r) => r.slug) }),
  categories: defineCollection({ loader: databaseLoader('categories', allCategories, (c) => c.slug) }),
  pages: defineCollection({ loader: databaseLoader('pages', publishedPages, (p) => p.slug) }),
  blogPosts: defineCollection({ loader: databaseLoader('blog posts', publishedPosts, (p) => p.slug) }),
  blogCategories: defineCollection({ loader: databaseLoader('blog categories', blogCategories, (c) => c.slug) }),
  site: defineCollection({
    loader: databaseLoader('site records', async (db) => {
      const [settings, footer] = await Promise.all([siteSettings(db), footerContent(db)]);
      return [{ key: 'settings', value: settings ?? null }, { key: 'footer', value: footer }];
    }, (r) => r.key),
  }),
};
