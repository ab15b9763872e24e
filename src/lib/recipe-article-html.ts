import type { Nutrition, Recipe } from './schemas/recipe.ts';
import { ingredientSections, instructionTexts } from './recipe-text.ts';
import { detailFallbackImage, smallImage } from './fallback-images.ts';
import { stepText } from './recipe-jsonld.ts';
import { starsHtml } from './recipe-card-html.ts';
import { escapeHtml, formatMinutes, plural, safeUrl } from './html.ts';

// The body of a recipe page as a string: the prebuilt page (set:html) and the not-found page's
// script (a recipe created after the last build) render the same article.

export interface RecipeArticleContext {
  /** The category's display name ("Main Course"). */
  categoryName: string;
  /** Where "Start Cooking Mode" leads: /recipe/{slug}/cook or /recipe-id/{id}/cook. */
  cookHref: string;
}

/** The hero image of a recipe page (a missing image falls back by id). */
export function heroImageOf(recipe: Pick<Recipe, 'id' | 'image'>): {
  src: string;
  srcset: string | undefined;
  fallback: string;
} {
  const fallback = detailFallbackImage(recipe.id);
  const src = safeUrl(recipe.image || fallback);
  const small = smallImage(src);
  return { src, srcset: small !== src ? `${small} 600w, ${src} 1200w` : undefined, fallback };
}

/** The `sizes` of the hero image: full width on phones, about half the page from lg up. */
export const HERO_SIZES = '(min-width: 1280px) 640px, (min-width: 1024px) 50vw, 100vw';

const NUTRITION_LABELS: [keyof Nutrition, string][] = [
  ['protein', 'Protein'],
  ['carbs', 'Carbohydrates'],
  ['fat', 'Fat'],
  ['saturatedFat', 'Saturated fat'],
  ['unsaturatedFat', 'Unsaturated fat'],
  ['transFat', 'Trans fat'],
  ['fiber', 'Fiber'],
  ['sugar', 'Sugar'],
  ['sodium', 'Sodium'],
  ['cholesterol', 'Cholesterol'],
];

const adSlot = (name: string) => `<div data-ad-slot="${name}" hidden></div>`;

/** The places where the prebuilt recipe page mounts islands in place of the static content. */
export const ARTICLE_ISLANDS = ['actions', 'ingredients', 'instructions', 'video'] as const;
export type ArticleIsland = (typeof ARTICLE_ISLANDS)[number];

/** Marks static content that an island replaces on the prebuilt page (kept by recipeArticleHtml). */
const island = (name: ArticleIsland, html: string) => `<!--island:${name}-->${html}<!--/island-->`;
const ISLAND_MARK = /<!--island:([a-z]+)-->[\s\S]*?<!--\/island-->/g;

function heroHtml(recipe: Recipe, ctx: RecipeArticleContext): string {
  const image = heroImageOf(recipe);
  const stats: [string, string][] = [
    ['Prep Time', formatMinutes(recipe.prepTime)],
    ['Cook Time', formatMinutes(recipe.cookTime)],
    ['Total Time', formatMinutes(recipe.totalTime || recipe.prepTime + recipe.cookTime)],
    ['Servings', String(recipe.servings)],
    ['Calories', `${recipe.calories} kcal`],
  ];
  return (
    `<header class="container-page grid items-center gap-6 pb-8 pt-4 lg:grid-cols-2 lg:gap-12 lg:pt-6">` +
    `<div data-print="thumbnail" class="overflow-hidden rounded-3xl bg-paper shadow-xl shadow-brand-900/10 ring-1 ring-black/5 dark:bg-stone-800 dark:shadow-black/40">` +
    `<img src="${escapeHtml(image.src)}"${image.srcset ? ` srcset="${escapeHtml(image.srcset)}" sizes="${HERO_SIZES}"` : ''} alt="${escapeHtml(recipe.title)}" width="1200" height="800" fetchpriority="high" decoding="async" class="aspect-[3/2] w-full object-cover" data-fallback="${escapeHtml(image.fallback)}">` +
    `</div><div>` +
    `<a href="/" class="inline-flex items-center gap-1.5 text-sm font-medium muted hover:text-brand-700 dark:hover:text-brand-300" data-print="hide"><span class="icon icon-arrow-left" aria-hidden="true"></span>Back to all recipes</a>` +
    `<p class="eyebrow mt-4"><a href="/category/${encodeURIComponent(recipe.category)}" class="hover:underline">${escapeHtml(ctx.categoryName)}</a>` +
    `<span aria-hidden="true"> · </span>${escapeHtml(recipe.cuisine)}<span aria-hidden="true"> · </span>${escapeHtml(recipe.difficulty)}</p>` +
    `<h1 class="mt-2 font-serif text-4xl font-bold leading-tight tracking-tight sm:text-5xl">${escapeHtml(recipe.title)}</h1>` +
    `<p class="mt-4 text-lg leading-8 text-stone-700 dark:text-stone-300">${escapeHtml(recipe.description)}</p>` +
    `<a href="#reviews" class="mt-4 inline-flex rounded-md hover:opacity-80" data-recipe-stars="md">${starsHtml(recipe.rating, recipe.reviewCount, 'md')}</a>` +
    `<dl class="mt-6 grid grid-cols-6 gap-2 sm:grid-cols-5">` +
    stats
      .map(
        ([label, value], i) =>
          `<div class="${i < 3 ? 'col-span-2' : 'col-span-3'} rounded-xl bg-white px-2.5 py-2.5 ring-1 ring-stone-200 sm:col-span-1 dark:bg-night-card dark:ring-night-line"><dt class="text-[10.5px] font-semibold uppercase tracking-wider muted">${label}</dt><dd class="mt-0.5 whitespace-nowrap text-[15px] font-semibold">${escapeHtml(value)}</dd></div>`,
      )
      .join('') +
    `</dl>` +
    `<div class="mt-6 grid gap-3 sm:flex sm:flex-wrap" data-print="hide">` +
    `<a href="${escapeHtml(ctx.cookHref)}" class="btn-primary" data-cook-link><span class="icon icon-chef" aria-hidden="true"></span>Start Cooking Mode</a>` +
    `<a href="#recipe-details" class="btn-ghost"><span class="icon icon-arrow-down" aria-hidden="true"></span>Jump to Recipe</a>` +
    `</div>` +
    // Islands of later issues mount here: Print Recipe, share menu, Shopping List, Track Calories, Save Recipe.
    `<div id="recipe-actions" class="mt-3 flex flex-wrap gap-3 empty:hidden" data-recipe-id="${recipe.id}" data-recipe-slug="${escapeHtml(recipe.slug)}" data-print="hide">${island('actions', '')}</div>` +
    `</div></header>`
  );
}

function ingredientsHtml(recipe: Recipe): string {
  const sections = ingredientSections(recipe.ingredients);
  const body = sections
    ? sections
        .map(
          (s) =>
            (s.name
              ? `<h3 class="mt-5 text-sm font-semibold uppercase tracking-wider text-brand-800 dark:text-brand-200">${escapeHtml(s.name)}</h3>`
              : '') +
            `<ul class="mt-2 space-y-0.5" data-ingredient-list>` +
            s.items
              .map(
                (item) =>
                  `<li><label class="check-item"><input type="checkbox"><span data-ingredient>${escapeHtml(item)}</span></label></li>`,
              )
              .join('') +
            `</ul>`,
        )
        .join('')
    : `<p class="mt-4">Unable to display ingredients</p>`;
  return (
    `<section aria-labelledby="ingredients-title" class="card p-5 sm:p-6" data-print="section">` +
    `<div class="flex items-baseline justify-between gap-3"><h2 id="ingredients-title" class="font-serif text-2xl font-bold">Ingredients</h2>` +
    `<p class="text-sm muted" data-servings="${recipe.servings}">${plural(recipe.servings, 'serving')}</p></div>` +
    `<div id="recipe-scaler" class="mt-4">${island('ingredients', body)}</div></section>`
  );
}

function nutritionHtml(recipe: Recipe): string {
  const n = recipe.nutrition ?? { calories: recipe.calories };
  const rows: [string, string][] = [['Calories', `${n.calories ?? recipe.calories} kcal`]];
  for (const [key, label] of NUTRITION_LABELS) {
    const value = n[key];
    if (typeof value === 'string' && value.trim())
      rows.push([label, value.replace(/^(\d+(?:\.\d+)?)\s*(m?g)$/, '$1 $2')]);
  }
  return (
    `<section aria-labelledby="nutrition-title" class="card p-5 sm:p-6" data-print="section">` +
    `<h2 id="nutrition-title" class="font-serif text-xl font-bold">Nutrition <span class="text-base font-normal muted">per serving</span></h2>` +
    `<dl class="mt-3 divide-y divide-stone-200 text-sm dark:divide-night-line">` +
    rows
      .map(
        ([label, value], i) =>
          `<div class="flex justify-between gap-4 py-2${i === 0 ? ' text-base font-semibold' : ''}"><dt>${label}</dt><dd class="font-medium">${escapeHtml(value)}</dd></div>`,
      )
      .join('') +
    `</dl><p class="mt-3 text-xs muted">Estimated values for one of ${plural(recipe.servings, 'serving')}.</p></section>`
  );
}

function instructionsHtml(recipe: Recipe): string {
  const steps = instructionTexts(recipe.instructions);
  const body = steps
    ? `<ol class="space-y-6">` +
      steps
        .map(
          (text, i) =>
            `<li id="step-${i + 1}" class="flex scroll-mt-24 gap-4" data-print="section">` +
            `<span class="flex size-9 flex-none items-center justify-center rounded-full bg-brand-700 font-serif text-lg font-bold text-white dark:bg-brand-300 dark:text-night" aria-hidden="true">${i + 1}</span>` +
            `<p class="pt-1 text-[17px] leading-8">${escapeHtml(stepText(text))}</p></li>`,
        )
        .join('') +
      `</ol>`
    : `<p>Unable to display instructions</p>`;
  return (
    `<section aria-labelledby="instructions-title" data-print="section"><h2 id="instructions-title" class="font-serif text-2xl font-bold sm:text-3xl">Instructions</h2>` +
    `<div id="recipe-instructions" class="mt-5">${island('instructions', body)}</div></section>`
  );
}

/** YouTube and Vimeo play in their own player; other URLs are video files. */
function embedUrl(url: string): string | undefined {
  const youtube = url.match(
    /^https?:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{6,})/i,
  );
  if (youtube) return `https://www.youtube-nocookie.com/embed/${youtube[1]}`;
  const vimeo = url.match(/^https?:\/\/(?:www\.)?vimeo\.com\/(\d+)/i);
  if (vimeo) return `https://player.vimeo.com/video/${vimeo[1]}`;
  return undefined;
}

function videoHtml(recipe: Recipe): string {
  if (!recipe.videoUrl) return '';
  const url = safeUrl(recipe.videoUrl);
  if (url === '#') return '';
  const embed = embedUrl(url);
  const title = `Video: how to make ${recipe.title}`;
  const player = embed
    ? `<iframe src="${escapeHtml(embed)}" title="${escapeHtml(title)}" loading="lazy" allow="encrypted-media; picture-in-picture; fullscreen" referrerpolicy="strict-origin-when-cross-origin" class="aspect-video w-full"></iframe>`
    : `<video controls preload="none" playsinline class="aspect-video w-full bg-black" aria-label="${escapeHtml(title)}"${recipe.videoThumbnail ? ` poster="${escapeHtml(safeUrl(recipe.videoThumbnail))}"` : ''}><source src="${escapeHtml(url)}"><a href="${escapeHtml(url)}">Download the video</a></video>`;
  // The video player island (custom controls) mounts on #recipe-video.
  return (
    `<section aria-labelledby="video-title" data-print="hide"><h2 id="video-title" class="font-serif text-2xl font-bold">Watch how it's made</h2>` +
    `<div id="recipe-video" class="mt-4 overflow-hidden rounded-2xl bg-black" data-video-url="${escapeHtml(url)}" data-video-duration="${recipe.videoDuration ?? ''}">${island('video', player)}</div></section>`
  );
}

function tagsHtml(recipe: Recipe): string {
  if (recipe.tags.length === 0) return '';
  return (
    `<section aria-labelledby="tags-title" data-print="hide"><h2 id="tags-title" class="text-sm font-semibold uppercase tracking-wider muted">Tags</h2>` +
    `<ul class="mt-3 flex flex-wrap gap-2">` +
    recipe.tags
      .map((t) => `<li><a class="chip" href="/search?q=${encodeURIComponent(t)}">#${escapeHtml(t)}</a></li>`)
      .join('') +
    `</ul></section>`
  );
}

function faqHtml(recipe: Recipe): string {
  const faqs = (recipe.faqs ?? []).filter((f) => f && f.question && f.answer);
  if (faqs.length === 0) return '';
  return (
    `<section aria-labelledby="faq-title" data-print="hide"><h2 id="faq-title" class="font-serif text-2xl font-bold">Questions cooks ask</h2><div class="mt-4 space-y-3">` +
    faqs
      .map(
        (f) =>
          `<details class="card group p-0"><summary class="flex min-h-11 items-center justify-between gap-4 px-5 py-3 font-semibold">${escapeHtml(f.question)}<span class="icon icon-chevron-down transition-transform group-open:rotate-180" aria-hidden="true"></span></summary><p class="px-5 pb-4 leading-7 text-stone-700 dark:text-stone-300">${escapeHtml(f.answer)}</p></details>`,
      )
      .join('') +
    `</div></section>`
  );
}

/** The whole recipe: hero, ingredients (sections kept), steps, nutrition, video, tags, FAQ and the three ad places. */
export function recipeArticleHtml(recipe: Recipe, ctx: RecipeArticleContext): string {
  return markedArticleHtml(recipe, ctx).replace(ISLAND_MARK, (whole) =>
    whole.replace(/^<!--island:[a-z]+-->|<!--\/island-->$/g, ''),
  );
}

/**
 * The article cut where the prebuilt page mounts its islands: `html[0]`, then the island
 * `islands[0]` (its static stand-in left out), then `html[1]`, and so on. The video island is
 * missing when the recipe has no video.
 */
export function recipeArticleSegments(
  recipe: Recipe,
  ctx: RecipeArticleContext,
): { html: string[]; islands: ArticleIsland[] } {
  const html: string[] = [];
  const islands: ArticleIsland[] = [];
  let last = 0;
  const marked = markedArticleHtml(recipe, ctx);
  for (const match of marked.matchAll(ISLAND_MARK)) {
    html.push(marked.slice(last, match.index));
    islands.push(match[1] as ArticleIsland);
    last = match.index + match[0].length;
  }
  html.push(marked.slice(last));
  return { html, islands };
}

function markedArticleHtml(recipe: Recipe, ctx: RecipeArticleContext): string {
  const summary = recipe.summary?.trim();
  return (
    heroHtml(recipe, ctx) +
    `<div class="container-page">${adSlot('recipe-top')}</div>` +
    (summary
      ? `<div class="container-page"><p class="max-w-3xl border-l-4 border-brand-300 pl-5 font-serif text-lg leading-8 sm:text-xl sm:leading-9 text-stone-800 dark:border-brand-700 dark:text-stone-200">${escapeHtml(summary)}</p></div>`
      : '') +
    `<div id="recipe-details" class="container-page mt-10 grid scroll-mt-20 gap-8 lg:grid-cols-[minmax(0,380px)_minmax(0,1fr)] lg:gap-12">` +
    `<div class="space-y-6">${ingredientsHtml(recipe)}${nutritionHtml(recipe)}${adSlot('sidebar-rectangle')}</div>` +
    `<div class="min-w-0 space-y-12">${instructionsHtml(recipe)}${adSlot('recipe-middle')}${videoHtml(recipe)}${faqHtml(recipe)}${tagsHtml(recipe)}</div>` +
    `</div><div class="container-page">${adSlot('recipe-bottom')}</div>`
  );
}
