import { getCollection, getEntry } from 'astro:content';
import type { Category, Recipe } from './recipe-types.ts';
import type { BlogCategory, BlogPost, SitePage } from './site-data.ts';
import { defaultSettings, parseFooter, type FooterContent, type SiteSettings } from './site-defaults.ts';

// Typed access to the content collections for pages (the loaders store plain objects).

export async function recipes(): Promise<Recipe[]> {
  const entries = await getCollection('recipes');
  return entries.map((e) => e.data as Recipe).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}

export async function categories(): Promise<Category[]> {
  const entries = await getCollection('categories');
  return entries.map((e) => e.data as Category).sort((a, b) => a.name.localeCompare(b.name));
}

export async function pages(): Promise<SitePage[]> {
  return (await getCollection('pages')).map((e) => e.data as SitePage);
}

export async function blogPosts(): Promise<BlogPost[]> {
  const entries = await getCollection('blogPosts');
  return entries.map((e) => e.data as BlogPost).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function blogCategories(): Promise<BlogCategory[]> {
  return (await getCollection('blogCategories')).map((e) => e.data as BlogCategory);
}

export async function settings(): Promise<SiteSettings> {
  const entry = await getEntry('site', 'settings');
  return (entry?.data.value as SiteSettings | null) ?? defaultSettings(import.meta.env.SITE);
}

export async function footer(): Promise<FooterContent> {
  const entry = await getEntry('site', 'footer');
  return parseFooter(entry?.data.value as string | null | undefined);
}
