import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { recipeFromRow } from '../../db/mappers/recipe.ts';
import type { Category } from './schemas/category.ts';
import type { Recipe } from './schemas/recipe.ts';
import type { SiteSettings } from './site-defaults.ts';

// What the build reads from the database (through the content loaders in content.config.ts).

export async function allRecipes(db: Db): Promise<Recipe[]> {
  const rows = await db
    .selectFrom('recipes')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(recipeFromRow);
}

export async function allCategories(db: Db): Promise<Category[]> {
  return db
    .selectFrom('categories as c')
    .select(['c.id', 'c.name', 'c.slug', 'c.description', 'c.image'])
    .select(sql<number>`(SELECT count(*)::int FROM recipes r WHERE r.category = c.slug)`.as('recipeCount'))
    .orderBy('c.name')
    .execute();
}

export interface SitePage {
  id: number;
  slug: string;
  title: string;
  description: string;
  content: string;
  updatedAt: string;
}

export async function publishedPages(db: Db): Promise<SitePage[]> {
  const rows = await db
    .selectFrom('pages')
    .select(['id', 'slug', 'title', 'description', 'content', 'updated_at'])
    .where('is_published', '=', true)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    description: r.description,
    content: r.content,
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

export interface BlogPost {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  image: string | null;
  category: { name: string; slug: string } | null;
  createdAt: string;
  updatedAt: string;
}

export async function publishedPosts(db: Db): Promise<BlogPost[]> {
  const rows = await db
    .selectFrom('blog_posts as p')
    .leftJoin('blog_categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.slug',
      'p.title',
      'p.excerpt',
      'p.content',
      'p.image',
      'p.created_at',
      'p.updated_at',
      'c.name as categoryName',
      'c.slug as categorySlug',
    ])
    .where('p.is_published', '=', true)
    .orderBy('p.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    content: r.content,
    image: r.image,
    category: r.categoryName && r.categorySlug ? { name: r.categoryName, slug: r.categorySlug } : null,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

export interface BlogCategory {
  id: number;
  name: string;
  slug: string;
  description: string;
}

export async function blogCategories(db: Db): Promise<BlogCategory[]> {
  return db
    .selectFrom('blog_categories')
    .select(['id', 'name', 'slug', 'description'])
    .orderBy('name')
    .execute();
}

export async function siteSettings(db: Db): Promise<SiteSettings | undefined> {
  const s = await db.selectFrom('settings').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!s) return undefined;
  return {
    siteName: s.site_name,
    siteUrl: s.site_url,
    contactEmail: s.contact_email,
    enableComments: s.enable_comments,
    enableNewsletter: s.enable_newsletter,
    enableAnalytics: s.enable_analytics,
    analyticsId: s.analytics_id,
    googleAnalyticsId: s.google_analytics_id,
    siteTitle: s.site_title,
    siteDescription: s.site_description,
    footerText: s.footer_text,
    privacyLink: s.privacy_link,
    termsLink: s.terms_link,
  };
}

/** The footer page's raw JSON text (parsed with fallbacks by parseFooter). */
export async function footerContent(db: Db): Promise<string | null> {
  const row = await db.selectFrom('pages').select('content').where('slug', '=', 'footer').executeTakeFirst();
  return row?.content ?? null;
}

export interface PublishedReview {
  id: number;
  username: string;
  rating: number;
  comment: string;
  createdAt: string;
  helpfulCount: number;
}

/** Reviews shown on a prebuilt recipe page (newest first), at most this many per recipe. */
export const REVIEWS_PER_PAGE = 10;

/**
 * The newest reviews of every recipe, grouped by recipe id (recipes without reviews are absent).
 * The database keeps only REVIEWS_PER_PAGE per recipe (a window over the recipe's reviews), so
 * the build holds a bounded number however many reviews there are.
 */
export async function reviewsByRecipe(db: Db): Promise<{ recipeId: number; reviews: PublishedReview[] }[]> {
  const newest = db
    .selectFrom('reviews as r')
    .select(['r.id', 'r.recipe_id', 'r.user_id', 'r.rating', 'r.comment', 'r.created_at'])
    .select(
      sql<number>`row_number() OVER (PARTITION BY r.recipe_id ORDER BY r.created_at DESC, r.id DESC)`.as(
        'position',
      ),
    );
  const rows = await db
    .selectFrom(newest.as('r'))
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.recipe_id', 'u.username', 'r.rating', 'r.comment', 'r.created_at'])
    .select(
      sql<number>`(SELECT count(*)::int FROM review_helpful h WHERE h.review_id = r.id)`.as('helpfulCount'),
    )
    .where('r.position', '<=', REVIEWS_PER_PAGE)
    .orderBy('r.recipe_id')
    .orderBy('r.position')
    .execute();
  const grouped = new Map<number, PublishedReview[]>();
  for (const r of rows) {
    const review: PublishedReview = {
      id: r.id,
      username: r.username,
      rating: r.rating,
      comment: r.comment,
      createdAt: new Date(r.created_at).toISOString(),
      helpfulCount: r.helpfulCount,
    };
    const list = grouped.get(r.recipe_id);
    if (list) list.push(review);
    else grouped.set(r.recipe_id, [review]);
  }
  return [...grouped].map(([recipeId, reviews]) => ({ recipeId, reviews }));
}
