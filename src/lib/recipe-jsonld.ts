import type { Recipe } from './schemas/recipe.ts';
import { ingredientSections } from './recipe-text.ts';

// schema.org Recipe JSON-LD meeting Google's Recipe checklist;
// recipe-jsonld-checklist.ts checks the result.

/**
 * Structured-data defaults (prep 10 min, cook 20 min, 4 servings) for a value the recipe lacks. A known zero is not a lack: a
 * smoothie's cookTime of 0 means "no cooking" and is emitted as PT0M, never as 20 minutes.
 */
export const JSONLD_DEFAULTS = { prepTime: 10, cookTime: 20, servings: 4 } as const;

/** A stored duration: a finite number of minutes ≥ 0 (0 is a real answer); anything else is missing. */
const knownMinutes = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** A serving count is known when it is at least 1 (no recipe serves nobody). */
const knownServings = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 1;

/** The recipe as this builder reads it: times and servings may be missing in imported or older data. */
export type JsonLdRecipe = Omit<Recipe, 'prepTime' | 'cookTime' | 'totalTime' | 'servings'> & {
  prepTime?: number | null;
  cookTime?: number | null;
  totalTime?: number | null;
  servings?: number | null;
};

/** Minutes as an ISO 8601 duration: 90 → "PT1H30M", 1440 → "P1D", 0 → "PT0M". */
export function isoDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const mins = total % 60;
  const time = `${hours ? `${hours}H` : ''}${mins || (!hours && !days) ? `${mins}M` : ''}`;
  return `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}

/** Seconds as an ISO 8601 duration: 330 → "PT5M30S". */
export function isoDurationSeconds(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`;
}

const absolute = (url: string, site: string) => new URL(url, site).toString();

/** Lower-case words with a plural "s" dropped, so "Desserts" and "dessert" compare equal. */
function termWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => (w.length > 3 ? w.replace(/s$/, '') : w));
}

/**
 * Keywords without the terms Google wants in recipeCategory / recipeCuisine: a tag that names
 * the category or the cuisine ("dessert", "italian pasta") is left out.
 */
export function keywordsFor(
  recipe: Pick<Recipe, 'tags' | 'category' | 'cuisine'>,
  categoryName: string,
): string {
  const reserved = new Set([recipe.category, recipe.cuisine, categoryName].flatMap(termWords));
  return recipe.tags
    .map((t) => t.trim())
    .filter((t) => t && !termWords(t).some((w) => reserved.has(w)))
    .join(', ');
}

/** "Step 3:" in front of a step is noise for Google ("do not put Step 1 in text"). */
export function stepText(text: string): string {
  return text.replace(/^\s*step\s*\d+\s*[:.)\-–]\s*/i, '').trim();
}

interface StepLd {
  '@type': 'HowToStep';
  text: string;
  url: string;
  image?: string;
}

/** HowToSteps from any stored instruction shape; numbered anchors match the page's #step-N. */
function instructionSteps(instructions: unknown, pageUrl: string, site: string): StepLd[] {
  const list = typeof instructions === 'string' ? safeParse(instructions) : instructions;
  if (!Array.isArray(list)) return [];
  const steps: StepLd[] = [];
  for (const item of list as unknown[]) {
    let text = '';
    let image: string | undefined;
    if (typeof item === 'string') text = item;
    else if (item && typeof item === 'object') {
      const o = item as { instruction?: unknown; text?: unknown; step?: unknown; image?: unknown };
      text = String(o.instruction ?? o.text ?? (typeof o.step === 'string' ? o.step : ''));
      if (typeof o.image === 'string' && o.image) image = absolute(o.image, site);
    }
    const clean = stepText(text);
    if (!clean) continue;
    steps.push({
      '@type': 'HowToStep',
      text: clean,
      url: `${pageUrl}#step-${steps.length + 1}`,
      ...(image ? { image } : {}),
    });
  }
  return steps;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** YouTube and Vimeo pages are players (embedUrl); anything else is the file (contentUrl). */
function videoUrls(url: string): { embedUrl: string } | { contentUrl: string } {
  const youtube = url.match(
    /^https?:\/\/(?:www\.|m\.)?(?:youtube\.com\/(?:watch\?v=|embed\/|shorts\/)|youtu\.be\/)([\w-]{6,})/i,
  );
  if (youtube) return { embedUrl: `https://www.youtube.com/embed/${youtube[1]}` };
  const vimeo = url.match(/^https?:\/\/(?:www\.)?vimeo\.com\/(\d+)/i);
  if (vimeo) return { embedUrl: `https://player.vimeo.com/video/${vimeo[1]}` };
  return { contentUrl: url };
}

export function recipeJsonLd(
  recipe: JsonLdRecipe,
  options: { site: string; pageUrl: string; categoryName: string; image: string; organization: string },
): Record<string, unknown> {
  const prep = knownMinutes(recipe.prepTime) ? recipe.prepTime : JSONLD_DEFAULTS.prepTime;
  const cook = knownMinutes(recipe.cookTime) ? recipe.cookTime : JSONLD_DEFAULTS.cookTime;
  const servings = knownServings(recipe.servings) ? recipe.servings : JSONLD_DEFAULTS.servings;
  const total =
    knownMinutes(recipe.totalTime) && recipe.totalTime >= prep + cook ? recipe.totalTime : prep + cook;
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: recipe.title,
    description: recipe.description,
    url: options.pageUrl,
    image: [absolute(options.image, options.site)],
    author: { '@type': 'Organization', name: options.organization, url: options.site },
    datePublished: recipe.createdAt,
    dateModified: recipe.updatedAt,
    prepTime: isoDuration(prep),
    cookTime: isoDuration(cook),
    totalTime: isoDuration(total),
    recipeYield: [String(servings), `${servings} ${servings === 1 ? 'serving' : 'servings'}`],
    recipeCategory: options.categoryName,
    recipeCuisine: recipe.cuisine,
    recipeIngredient: (ingredientSections(recipe.ingredients) ?? []).flatMap((s) => s.items),
    // The stored instructions are a flat list, so plain HowToSteps (HowToSection is only for real groups).
    recipeInstructions: instructionSteps(recipe.instructions, options.pageUrl, options.site),
    nutrition: nutritionLd(recipe),
  };
  const keywords = keywordsFor(recipe, options.categoryName);
  if (keywords) ld.keywords = keywords;
  // Only real reviews back a rating (Google's review-snippet rules); no reviews, no aggregateRating.
  if (recipe.reviewCount > 0 && recipe.rating > 0) {
    ld.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: Math.round(recipe.rating) / 10,
      reviewCount: recipe.reviewCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  // VideoObject requires name, thumbnailUrl and uploadDate: without a thumbnail there is no video markup.
  if (recipe.videoUrl && recipe.videoThumbnail && /^(https?:)?\/\/|^\//.test(recipe.videoUrl)) {
    ld.video = {
      '@type': 'VideoObject',
      name: `How to make ${recipe.title}`,
      description: recipe.description,
      thumbnailUrl: [absolute(recipe.videoThumbnail, options.site)],
      uploadDate: recipe.createdAt,
      ...videoUrls(absolute(recipe.videoUrl, options.site)),
      ...(recipe.videoDuration ? { duration: isoDurationSeconds(recipe.videoDuration) } : {}),
    };
  }
  return ld;
}

function nutritionLd(recipe: JsonLdRecipe): Record<string, string> {
  const n = recipe.nutrition ?? { calories: recipe.calories };
  const out: Record<string, string> = {
    '@type': 'NutritionInformation',
    calories: `${n.calories || recipe.calories} calories`,
  };
  const map: [keyof typeof n, string][] = [
    ['protein', 'proteinContent'],
    ['carbs', 'carbohydrateContent'],
    ['fat', 'fatContent'],
    ['fiber', 'fiberContent'],
    ['sugar', 'sugarContent'],
    ['sodium', 'sodiumContent'],
    ['saturatedFat', 'saturatedFatContent'],
    ['unsaturatedFat', 'unsaturatedFatContent'],
    ['transFat', 'transFatContent'],
    ['cholesterol', 'cholesterolContent'],
  ];
  for (const [key, prop] of map) {
    const value = n[key];
    if (typeof value === 'string' && value) out[prop] = value.replace(/^(\d+(?:\.\d+)?)\s?(m?g)$/, '$1 $2');
  }
  return out;
}
