import { getCollection, getEntry } from 'astro:content';
import type { Category } from './schemas/category.ts';
import type { Recipe } from './schemas/recipe.ts';
import type { BlogCategory, BlogPost, PublishedReview, SitePage } from './site-data.ts';
import { defaultSettings, parseFooter, type FooterContent, type SiteSettings } from './site-defaults.ts';

// Typed access to the content collections for pages (the loaders store plain objects).

export async function recipes(): Promise<Recipe[]> {
  const entries = await getCollection('recipes');
  return entries
    .map((e) => e.data as Recipe)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

/** The order of /api/recipes/featured: best rated, then most reviewed, then newest. */
export function featuredOrder<T extends Pick<Recipe, 'rating' | 'reviewCount' | 'createdAt' | 'id'>>(
  list: T[],
): T[] {
  return [...list].sort(
    (a, b) =>
      b.rating - a.rating ||
      b.reviewCount - a.reviewCount ||
      b.createdAt.localeCompare(a.createdAt) ||
      b.id - a.id,
  );
}

/**
 * Related recipes as /api/recipes/related ranks them: same category first, then the most shared
 * tags, then the best rated; never the recipe itself.
 */
export function relatedRecipes(recipe: Recipe, all: Recipe[], limit = 4): Recipe[] {
  const tags = new Set(recipe.tags);
  const shared = (r: Recipe) => r.tags.filter((t) => tags.has(t)).length;
  return all
    .filter((r) => r.id !== recipe.id)
    .map((r) => ({ r, sameCategory: r.category === recipe.category ? 1 : 0, shared: shared(r) }))
    .sort(
      (a, b) =>
        b.sameCategory - a.sameCategory || b.shared - a.shared || b.r.rating - a.r.rating || a.r.id - b.r.id,
    )
    .slice(0, limit)
    .map((x) => x.r);
}

export async function categories(): Promise<Category[]> {
  const entries = await getCollection('categories');
  return entries.map((e) => e.data as Category).sort((a, b) => a.name.localeCompare(b.name));
}

/** The newest reviews of one recipe, as they were at build time. */
export async function reviewsOf(recipeId: number): Promise<PublishedReview[]> {
  const entry = await getEntry('reviews', String(recipeId));
  return (entry?.data.reviews as PublishedReview[] | undefined) ?? [];
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
