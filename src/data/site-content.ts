import { createHash } from 'node:crypto';
import { getCollection, getEntry, getLiveCollection } from 'astro:content';
import type { Category } from '../lib/schemas/category.ts';
import type { Recipe } from '../lib/schemas/recipe.ts';
import type {
  BlogCategory,
  BlogPost,
  ListedRecipe,
  RecipePageRecord,
  SitePage,
} from '../lib/site-records.ts';
import { defaultSettings, parseFooter, type FooterContent, type SiteSettings } from '../lib/site-defaults.ts';
import { addCount, markPagesStarted, timed, timedSync } from '../lib/build-timing.ts';
import { featuredOrder, relatedIndex, relatedRecipes } from '../lib/recipe-ranking.ts';
import { pageCount, pageItems, type PageInfo } from '../lib/pagination.ts';
import { readahead, type Readahead } from '../lib/readahead.ts';
import { inThisShard } from './build-shard.ts';

// Typed access to the content collections for pages, components and layouts (the loaders in
// src/content.config.ts store plain objects read from the database).
//
// A build renders thousands of pages in one process, so what every page needs from the whole
// catalogue (the recipes in order, each category's recipes, the related lists) is computed once
// per build here, not once per page: a page only looks its part up. Of each recipe the build
// keeps only what lists show (ListedRecipe); a recipe's own pages read the whole record as they
// render (recipePageRecord). `astro dev` renders on request after content changes, so there
// nothing is kept between pages.

const keepBetweenPages = !import.meta.env.DEV;

/** Newest first, then the highest id: the order of /api/recipes and the category lists. */
const newestFirst = (a: ListedRecipe, b: ListedRecipe) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id;

interface Catalogue {
  /** Newest first. */
  recipes: ListedRecipe[];
  /** Category slug → its recipes, newest first. */
  byCategory: Map<string, ListedRecipe[]>;
  byId: Map<number, ListedRecipe>;
  featured?: ListedRecipe[];
  related?: Map<number, ListedRecipe[]>;
  /** Recipe id → a digest of the reviews its page shows. */
  reviewRevisions?: Promise<Map<number, string>>;
}

let cached: Promise<Catalogue> | undefined;

function catalogue(): Promise<Catalogue> {
  markPagesStarted();
  if (cached && keepBetweenPages) return cached;
  cached = timed('catalogue: load and order recipes', async () => {
    const entries = await getCollection('recipes');
    const recipes = entries.map((e) => e.data as ListedRecipe).sort(newestFirst);
    const byCategory = new Map<string, ListedRecipe[]>();
    const byId = new Map<number, ListedRecipe>();
    for (const r of recipes) {
      byId.set(r.id, r);
      const list = byCategory.get(r.category);
      if (list) list.push(r);
      else byCategory.set(r.category, [r]);
    }
    return { recipes, byCategory, byId };
  });
  return cached;
}

/** Every recipe, newest first (the same array for every page of a build: do not modify it). */
export async function recipes(): Promise<ListedRecipe[]> {
  return (await catalogue()).recipes;
}

/**
 * Cards on each numbered category page (/category/{slug}, …/page/2, …): a page's HTML stays the
 * same size however large the category grows, and 24 fills whole rows of 2, 3 and 4 columns.
 */
export const CATEGORY_PAGE_SIZE = 24;

/** One category's recipes, newest first (as /api/recipes/category/{slug} lists them). */
export async function recipesInCategory(slug: string): Promise<ListedRecipe[]> {
  return (await catalogue()).byCategory.get(slug) ?? [];
}

/** Every recipe in featured order (computed once per build). */
export async function featuredRecipes(): Promise<ListedRecipe[]> {
  const c = await catalogue();
  return (c.featured ??= timedSync('catalogue: featured order', () => featuredOrder(c.recipes)));
}

/**
 * The related recipes of one recipe as /api/recipes/related ranks them (src/lib/recipe-ranking.ts);
 * the whole catalogue is ranked in one pass the first time a page asks.
 */
export async function relatedOf(
  recipe: Pick<Recipe, 'id' | 'category' | 'tags'>,
  limit = 4,
): Promise<ListedRecipe[]> {
  const c = await catalogue();
  if (limit !== 4 || !c.byId.has(recipe.id)) return relatedRecipes(recipe, c.recipes, limit);
  c.related ??= timedSync('related recipes: rank all', () => relatedIndex(c.recipes, 4));
  return c.related.get(recipe.id) ?? [];
}

// Incremental builds (astro.config.mjs `experimental.incrementalBuild`): a page returned with a
// cacheKey is rendered again only when its key or its source files changed; otherwise the
// previous build's copy is reused. A key therefore covers everything the page shows: its own
// record, the cards it lists, and the site-wide settings and footer of the layout.

const digest = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('base64url');

/** What a card shows of a recipe (src/components/recipe-card-html.ts). */
const cardOf = (r: ListedRecipe) => [
  r.id,
  r.slug,
  r.title,
  r.description,
  r.image,
  r.category,
  r.cuisine,
  r.totalTime,
  r.servings,
  r.calories,
  r.rating,
  r.reviewCount,
];

let siteKeyCache: Promise<string> | undefined;
/** The layout's share of every page: the settings and the footer. */
function siteKey(): Promise<string> {
  if (siteKeyCache && keepBetweenPages) return siteKeyCache;
  siteKeyCache = Promise.all([settings(), footer(), categories()]).then(([s, f, c]) =>
    digest([s, f, c.map((x) => [x.slug, x.name])]),
  );
  return siteKeyCache;
}

/** The cache key of /recipe/{slug}: the recipe, its related cards, its reviews, the site. */
export async function recipePageKey(recipe: ListedRecipe): Promise<string> {
  const [site, related, reviews] = await Promise.all([
    siteKey(),
    relatedOf(recipe),
    reviewRevisionOf(recipe.id),
  ]);
  return digest([site, recipe.revision, related.map(cardOf), reviews]);
}

/** The cache key of /recipe/{slug}/cook. */
export async function cookPageKey(recipe: ListedRecipe): Promise<string> {
  return digest([await siteKey(), recipe.revision]);
}

/** The cache key of a listing page: what it lists (cards) and anything else it shows. */
export async function listingKey(cards: ListedRecipe[], extra: unknown): Promise<string> {
  return digest([await siteKey(), cards.map(cardOf), extra]);
}

/** One numbered page of a category, with its cache key (a type, not an interface: it is a page's props). */
export type CategoryPage = {
  category: Category;
  recipes: ListedRecipe[];
  page: PageInfo;
  cacheKey: string;
};

/**
 * Every page of every category. A page's key covers its own cards, its place in the list and the
 * list's length (the count and the bar show both), so adding, removing, editing or re-ordering a
 * recipe re-renders the pages of its category whose cards or numbering changed, and no others.
 */
export async function categoryPages(): Promise<CategoryPage[]> {
  const all = await categories();
  const out: CategoryPage[] = [];
  for (const category of all) {
    const inCategory = await recipesInCategory(category.slug);
    const count = pageCount(inCategory.length, CATEGORY_PAGE_SIZE);
    for (let n = 1; n <= count; n++) {
      const recipes = pageItems(inCategory, n, CATEGORY_PAGE_SIZE);
      const page: PageInfo = {
        current: n,
        count,
        size: CATEGORY_PAGE_SIZE,
        total: inCategory.length,
        base: `/category/${category.slug}`,
      };
      out.push({ category, recipes, page, cacheKey: await listingKey(recipes, [category, page]) });
    }
  }
  return out;
}

export async function categories(): Promise<Category[]> {
  const entries = await getCollection('categories');
  return entries.map((e) => e.data as Category).sort((a, b) => a.name.localeCompare(b.name));
}

/** A digest of the reviews a recipe's page shows (none: an empty string). */
async function reviewRevisionOf(recipeId: number): Promise<string> {
  const c = await catalogue();
  c.reviewRevisions ??= timed('catalogue: reviews', async () => {
    const map = new Map<number, string>();
    for (const e of await getCollection('reviews')) map.set(Number(e.id), e.data.revision as string);
    return map;
  });
  return (await c.reviewRevisions).get(recipeId) ?? '';
}

/**
 * Reads whole recipe records as pages ask for them: the requests of the pages rendered together
 * go out as one query, and while pages come in this build's order (newest first, this shard's
 * recipes) the next ones are read ahead (src/lib/readahead.ts).
 */
function recordReader(withReviews: boolean): Readahead<number, RecipePageRecord> {
  return readahead({
    order: async () => (await recipes()).filter((r) => inThisShard(r.id)).map((r) => r.id),
    fetch: async (ids) => {
      const { entries, error } = await timed('recipe records: query', () =>
        getLiveCollection('recipeRecords', { ids, reviews: withReviews }),
      );
      if (error || !entries) throw error ?? new Error('No recipe records.');
      addCount('recipe records read', entries.length);
      addCount('recipe record queries');
      return new Map(entries.map((e) => [Number(e.id), e.data]));
    },
  });
}

const readers = new Map<boolean, Readahead<number, RecipePageRecord>>();

/**
 * The whole recipe and the reviews its page shows (`withReviews`), read from the database as
 * the page renders. A recipe deleted since the build listed it fails the build; the deletion's
 * own publish follows.
 */
export async function recipePageRecord(id: number, withReviews = true): Promise<RecipePageRecord> {
  let reader = readers.get(withReviews);
  if (!reader || !keepBetweenPages) readers.set(withReviews, (reader = recordReader(withReviews)));
  const record = await reader.read(id);
  if (!record) throw new Error(`Recipe ${id} is no longer in the database (deleted during the build).`);
  return record;
}

/** A Markdown record with its HTML rendered at load time. */
export type Rendered<T> = T & { html: string };

export async function pages(): Promise<Rendered<SitePage>[]> {
  return (await getCollection('pages')).map((e) => ({
    ...(e.data as SitePage),
    html: e.rendered?.html ?? '',
  }));
}

export async function blogPosts(): Promise<Rendered<BlogPost>[]> {
  const entries = await getCollection('blogPosts');
  return entries
    .map((e) => ({ ...(e.data as BlogPost), html: e.rendered?.html ?? '' }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Posts on each numbered blog page (/blog, /blog/page/2, and the same under each category): 12
 * fills whole rows of the 2- and 3-column post grid, and a post card is larger than a recipe
 * card (cover, excerpt, date), so a page holds half as many as a category page.
 */
export const BLOG_PAGE_SIZE = 12;

/** One numbered page of the blog or of one blog category (a page's props, so a type). */
export type BlogListPage = {
  /** Undefined on /blog itself. */
  category: BlogCategory | undefined;
  posts: Rendered<BlogPost>[];
  page: PageInfo;
};

/** Every page of /blog and of each blog category, newest posts first. */
export async function blogListPages(): Promise<BlogListPage[]> {
  const [posts, postCategories] = await Promise.all([blogPosts(), blogCategories()]);
  const lists: { category: BlogCategory | undefined; posts: Rendered<BlogPost>[]; base: string }[] = [
    { category: undefined, posts, base: '/blog' },
    ...postCategories.map((c) => ({
      category: c,
      posts: posts.filter((p) => p.category?.slug === c.slug),
      base: `/blog/category/${c.slug}`,
    })),
  ];
  return lists.flatMap(({ category, posts: list, base }) => {
    const count = pageCount(list.length, BLOG_PAGE_SIZE);
    return Array.from({ length: count }, (_, i) => ({
      category,
      posts: pageItems(list, i + 1, BLOG_PAGE_SIZE),
      page: { current: i + 1, count, size: BLOG_PAGE_SIZE, total: list.length, base },
    }));
  });
}

export async function blogCategories(): Promise<BlogCategory[]> {
  return (await getCollection('blogCategories'))
    .map((e) => e.data as BlogCategory)
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function settings(): Promise<SiteSettings> {
  const entry = await getEntry('site', 'settings');
  return (entry?.data.value as SiteSettings | null) ?? defaultSettings(import.meta.env.SITE);
}

export async function footer(): Promise<FooterContent> {
  const entry = await getEntry('site', 'footer');
  return parseFooter(entry?.data.value as string | null | undefined);
}
