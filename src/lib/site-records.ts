import type { BlogCategory as BlogCategoryRecord } from './schemas/blog-category.ts';
import type { BlogPost as BlogPostRecord } from './schemas/blog-post.ts';
import type { Page } from './schemas/page.ts';
import type { Review } from './schemas/review.ts';
import { summaryOf, type Recipe, type RecipeSummary } from './schemas/recipe.ts';

// What the build reads of the records (db/queries/) and the pages get back from the
// content collections (src/data/site-content.ts): the published parts of the entities whose one
// shape is their valibot schema in ./schemas/ (the admin-only fields left out).

/** A published static page (About, Privacy, ...); `content` is Markdown. */
export type SitePage = Pick<Page, 'id' | 'slug' | 'title' | 'description' | 'content' | 'updatedAt'>;

/** A published blog post; `content` is Markdown. */
export type BlogPost = Pick<
  BlogPostRecord,
  'id' | 'slug' | 'title' | 'excerpt' | 'content' | 'image' | 'createdAt' | 'updatedAt'
> & { category: Pick<NonNullable<BlogPostRecord['category']>, 'name' | 'slug'> | null };

export type BlogCategory = Pick<BlogCategoryRecord, 'id' | 'name' | 'slug' | 'description'>;

/** A review as a prebuilt recipe page shows it. */
export type PublishedReview = Pick<Review, 'id' | 'username' | 'rating' | 'comment' | 'createdAt'> & {
  helpfulCount: number;
};

/** Reviews shown on a prebuilt recipe page (newest first), at most this many per recipe. */
export const REVIEWS_PER_PAGE = 10;

/**
 * What the build keeps of every recipe: what lists, ranks and links to recipes read (cards, the
 * featured and related orders, the sitemap), and `revision`, a digest of the whole record, for
 * the cache keys of the recipe's own pages. Those pages read the whole record as they render
 * (src/live.config.ts), so the build does not hold every recipe's ingredients and steps at once.
 */
export type ListedRecipe = RecipeSummary & Pick<Recipe, 'updatedAt'> & { revision: string };

export const listedRecipeOf = (recipe: Recipe, revision: string): ListedRecipe => ({
  ...summaryOf(recipe),
  updatedAt: recipe.updatedAt,
  revision,
});

/** What a recipe page shows: the whole record and its newest reviews. */
export interface RecipePageRecord {
  recipe: Recipe;
  reviews: PublishedReview[];
}
