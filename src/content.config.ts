import { defineCollection } from 'astro:content';
import type { Loader, LoaderContext } from 'astro/loaders';
import { getReadyDb } from '../db/ready.ts';
import type { Db } from '../db/client.ts';
import { blogCategories, publishedPosts } from '../db/queries/blog.ts';
import { allCategories } from '../db/queries/categories.ts';
import { footerContent, publishedPages } from '../db/queries/pages.ts';
import { allRecipes } from '../db/queries/recipes.ts';
import { reviewsByRecipe } from '../db/queries/reviews.ts';
import { siteSettings } from '../db/queries/settings.ts';
import { defaultSettings } from './lib/site-defaults.ts';
import { addCount, addTime, timed } from './lib/build-timing.ts';

// Collections whose loaders read the database (the source of truth; content/ only seeds it).

/**
 * A loader over database rows. Astro's data store persists between builds, so entries whose
 * rows are gone are deleted here (or a deleted recipe would stay online); digests skip
 * unchanged entries. `markdownOf` names the Markdown to render into the entry's HTML.
 */
function databaseLoader<T extends object>(
  name: string,
  rows: (db: Db) => Promise<T[]>,
  idOf: (row: T) => string,
  markdownOf?: (row: T) => string,
): Loader {
  return {
    name: `database-${name}`,
    load: async ({ store, generateDigest, logger, renderMarkdown }: LoaderContext) => {
      const started = performance.now();
      const db = await getReadyDb();
      const items = await timed(`loaders: query ${name}`, () => rows(db));
      const storing = performance.now();
      const keep = new Set<string>();
      for (const item of items) {
        const id = idOf(item);
        keep.add(id);
        const data = { ...item } as Record<string, unknown>;
        const digest = generateDigest(data);
        if (store.get(id)?.digest === digest) continue;
        const rendered = markdownOf ? await renderMarkdown(markdownOf(item)) : undefined;
        store.set({ id, data, digest, ...(rendered ? { rendered } : {}) });
      }
      for (const id of store.keys()) if (!keep.has(id)) store.delete(id);
      addTime(`loaders: store ${name}`, performance.now() - storing);
      addCount(`loaded ${name}`, items.length);
      logger.info(
        `${items.length} ${name} from the database in ${Math.round(performance.now() - started)} ms`,
      );
    },
  };
}

/** Static pages with the {contactEmail} placeholder (SPEC writes it {email}) filled in from the settings. */
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

export const collections = {
  recipes: defineCollection({ loader: databaseLoader('recipes', allRecipes, (r) => r.slug) }),
  categories: defineCollection({ loader: databaseLoader('categories', allCategories, (c) => c.slug) }),
  reviews: defineCollection({
    loader: databaseLoader('recipe reviews', reviewsByRecipe, (r) => String(r.recipeId)),
  }),
  pages: defineCollection({
    loader: databaseLoader(
      'pages',
      pagesWithContactEmail,
      (p) => p.slug,
      (p) => p.content,
    ),
  }),
  blogPosts: defineCollection({
    loader: databaseLoader(
      'blog posts',
      publishedPosts,
      (p) => p.slug,
      (p) => p.content,
    ),
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
