import type { RecipeSummary } from './schemas/recipe.ts';
import { categoryFallbackImage, smallImage } from './fallback-images.ts';
import { escapeHtml, formatMinutes, plural, safeUrl } from './html.ts';

// The recipe card's markup, built as a string so the prebuilt pages and the browser scripts
// (load more, category filter, not-found fallback) render exactly the same card.

export type CardRecipe = Pick<
  RecipeSummary,
  | 'id'
  | 'slug'
  | 'title'
  | 'description'
  | 'image'
  | 'category'
  | 'cuisine'
  | 'totalTime'
  | 'servings'
  | 'calories'
  | 'rating'
  | 'reviewCount'
>;

/** Read-only stars for a rating in tenths (45 → 4.5 of 5), with the visible count when given. */
export function starsHtml(tenths: number, count?: number, size: 'sm' | 'md' = 'sm'): string {
  const stars = Math.max(0, Math.min(50, Math.round(tenths))) / 10;
  const style = `--stars:${stars}${size === 'md' ? ';--star-size:1.25rem' : ''}`;
  if (count === undefined) {
    return `<span class="stars" style="${style}" role="img" aria-label="Rated ${stars.toFixed(1)} out of 5"></span>`;
  }
  if (count === 0) {
    return `<span class="inline-flex items-center gap-2"><span class="stars" style="--stars:0${size === 'md' ? ';--star-size:1.25rem' : ''}" aria-hidden="true"></span><span class="text-sm muted">No reviews yet</span></span>`;
  }
  const label = `Rated ${stars.toFixed(1)} out of 5 from ${plural(count, 'review')}`;
  return `<span class="inline-flex items-center gap-2" role="img" aria-label="${label}"><span class="stars" style="${style}"></span><span class="text-sm font-medium text-stone-700 dark:text-stone-300">${stars.toFixed(1)} <span class="muted font-normal">(${count})</span></span></span>`;
}

/**
 * One card: a link to the recipe page (works without script); `eager` for the first screen,
 * `priority` for the card whose picture is the page's largest element (fetched ahead of the rest).
 */
export function recipeCardHtml(
  recipe: CardRecipe,
  options: { eager?: boolean; priority?: boolean; headingLevel?: 2 | 3 } = {},
): string {
  const fallback = categoryFallbackImage(recipe);
  const src = smallImage(safeUrl(recipe.image || fallback));
  const h = `h${options.headingLevel ?? 3}`;
  const loading = options.eager || options.priority ? 'eager' : 'lazy';
  const priority = options.priority ? ' fetchpriority="high"' : '';
  return (
    `<article class="recipe-card" data-recipe-card data-recipe-id="${recipe.id}" data-recipe-slug="${escapeHtml(recipe.slug)}">` +
    `<div class="relative overflow-hidden"><img src="${escapeHtml(src)}" alt="" width="600" height="400" loading="${loading}"${priority} decoding="async" data-fallback="${escapeHtml(fallback)}">` +
    (recipe.cuisine ? `<span class="recipe-card-badge">${escapeHtml(recipe.cuisine)}</span>` : '') +
    `</div><div class="flex flex-1 flex-col gap-2 p-4">` +
    `<${h} class="font-serif text-lg font-bold leading-snug"><a href="/recipe/${encodeURIComponent(recipe.slug)}">${escapeHtml(recipe.title)}</a></${h}>` +
    `<p class="line-clamp-2 text-sm leading-6 muted">${escapeHtml(recipe.description)}</p>` +
    `<ul class="recipe-card-meta">` +
    `<li><span class="icon icon-clock" aria-hidden="true"></span><span class="sr-only">Total time </span>${formatMinutes(recipe.totalTime)}</li>` +
    `<li><span class="icon icon-users" aria-hidden="true"></span>${plural(recipe.servings, 'serving')}</li>` +
    `<li><span class="icon icon-flame" aria-hidden="true"></span>${recipe.calories} kcal</li>` +
    `</ul><div>${starsHtml(recipe.rating, recipe.reviewCount)}</div></div></article>`
  );
}
