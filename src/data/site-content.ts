import { getCollection, getEntry } from 'astro:content';
import type { Category } from '../lib/schemas/category.ts';
import type { Recipe } from '../lib/schemas/recipe.ts';
import type { BlogCategory, BlogPost, PublishedReview, SitePage } from '../lib/site-records.ts';
import { defaultSettings, parseFooter, type FooterContent, type SiteSettings } from '../lib/site-defaults.ts';

// Typed access to the content collections for pages, components and layouts (the loaders in
// src/content.config.ts store plain objects read from the database).

export async function recipes(): Promise<Recipe[]> {
  const entries = await getCollection('recipes');
  return entries
    .map((e) => e.data as Recipe)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
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
