import { defineCollection } from 'astro:content';
import type { Loader, LoaderContext } from 'astro/loaders';
import { getReadyDb } from '../db/ready.ts';
import type { Db } from '../db/client.ts';
import { blogCategories, publishedPosts } from '../db/queries/blog.ts';
import { allCategories } from '../db/queries/categories.ts';
import { footerContent, publishedPages } from '../db/queries/pages.ts';
import { recipesInBatches } from '../db/queries/recipes.ts';
import { reviewsByRecipe } from '../db/queries/reviews.ts';
import { siteSettings } from '../db/queries/settings.ts';
import { defaultSettings } from './lib/site-defaults.ts';
import { listedRecipeOf } from './lib/site-records.ts';
import { addCount, addTime, timed } from './lib/build-timing.ts';

// Collections whose loaders read the database (the source of truth; content/ only seeds it).

/**
 * A loader over database rows. Astro's data store persists between builds, so entries whose
 * rows are gone are deleted here (or a deleted recipe would stay online); digests skip
 * unchanged entries. `rows` answers all rows at once or in batches (each stored before the next is
 * read). `markdownOf` names the Markdown to render into the entry's HTML; `keptOf` what is kept
 * of a row, given the digest of the whole row (by default the whole row).
 */
function databaseLoader<T extends object>(
  name: string,
  rows: (db: Db) => Promise<T[]> | AsyncIterable<T[]>,
  idOf: (row: T) => string,
  {
    markdownOf,
    keptOf,
  }: { markdownOf?: (row: T) => string; keptOf?: (row: T, digest: string) => object } = {},
): Loader {
  return {
    name: `database-${name}`,
    load: async ({ store, generateDigest, logger, renderMarkdown }: LoaderContext) => {
      const started = performance.now();
      const db = await getReadyDb();
      const keep = new Set<string>();
      const storeAll = async (items: T[]) => {
        const storing = performance.now();
        for (const item of items) {
          const id = idOf(item);
          keep.add(id);
          const rowDigest = generateDigest(item as Record<string, unknown>);
          const data = { ...(keptOf ? keptOf(item, rowDigest) : item) } as Record<string, unknown>;
          // What is kept carries the row's digest, so its own digest changes with the row and
          // with the shape kept (a store written by an older build is replaced).
          const digest = keptOf ? generateDigest(data) : rowDigest;
          if (store.get(id)?.digest === digest) continue;
          const rendered = markdownOf ? await renderMarkdown(markdownOf(item)) : undefined;
          store.set({ id, data, digest, ...(rendered ? { rendered } : {}) });
        }
        addTime(`loaders: store ${name}`, performance.now() - storing);
      };
      const answer = rows(db);
      if (Symbol.asyncIterator in answer) {
        const batches = answer[Symbol.asyncIterator]();
        for (;;) {
          const next = await timed(`loaders: query ${name}`, () => batches.next());
          if (next.done) break;
          await storeAll(next.value);
        }
      } else {
        await storeAll(await timed(`loaders: query ${name}`, () => answer));
      }
      for (const id of store.keys()) if (!keep.has(id)) store.delete(id);
      addCount(`loaded ${name}`, keep.size);
      logger.info(`${keep.size} ${name} from the database in ${Math.round(performance.now() - started)} ms`);
    },
  };
}

/** Static pages with the {contactEmail} placeholder (the support address) filled in from the settings. */
async function pagesWithContactEmail(db: Db) {
  const [pages, settings] = await Promise.all([publishedPages(db), siteSettings(db)]);
  const email = settings?.contactEmail || defaultSettings('').contactEmail;
  return pages
    .filter((p) => p.slug !== 'footer')
    .map((p) => ({
      ...p,
      content: p.content.replaceAll('{contactEmail}', email).replaceAll('{email}', email),
    }));
}

// Recipes and their reviews are the part of the content that grows with the catalogue: the build
// keeps what lists and cache keys need of them (ListedRecipe; the reviews' digest), and a recipe's
// own pages read the whole record as they render (src/live.config.ts), so a build worker's memory
// does not grow with every recipe's ingredients, steps and reviews.
export const collections = {
  recipes: defineCollection({
    loader: databaseLoader(
      'recipes',
      (db) => recipesInBatches(db),
      (r) => r.slug,
      { keptOf: listedRecipeOf },
    ),
  }),
  categories: defineCollection({ loader: databaseLoader('categories', allCategories, (c) => c.slug) }),
  reviews: defineCollection({
    loader: databaseLoader(
      'recipe reviews',
      (db) => reviewsByRecipe(db),
      (r) => String(r.recipeId),
      {
        keptOf: (_, digest) => ({ revision: digest }),
      },
    ),
  }),
  pages: defineCollection({
    loader: databaseLoader('pages', pagesWithContactEmail, (p) => p.slug, { markdownOf: (p) => p.content }),
  }),
  blogPosts: defineCollection({
    loader: databaseLoader('blog posts', publishedPosts, (p) => p.slug, { markdownOf: (p) => p.content }),
  }),
  blogCategories: defineCollection({
    loader: databaseLoader('blog categories', blogCategories, (c) => c.slug),
  }),
  site: defineCollection({
    loader: databaseLoader(
      'site records',
      async (db) => {
        const [settings, footer] = await Promise.all([siteSettings(db), footerContent(db)]);
        return [
          { key: 'settings', value: settings ?? null },
          { key: 'footer', value: footer },
        ];
      },
      (r) => r.key,
    ),
  }),
};
