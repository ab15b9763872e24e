import type { Recipe } from './recipe-types.ts';
import { ingredientSections, instructionTexts } from './recipe-text.ts';

// schema.org Recipe JSON-LD meeting Google's checklist (reference/recipe-anchors.md §2).

/** SPEC §1 structured-data defaults when a recipe lacks them. */
export const JSONLD_DEFAULTS = { prepTime: 10, cookTime: 20, servings: 4 } as const;

/** Minutes as an ISO 8601 duration: 90 → "PT1H30M", 0 → "PT0M". */
export function isoDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const mins = total % 60;
  const time = `${hours ? `${hours}H` : ''}${mins || (!hours && !days) ? `${mins}M` : ''}`;
  return `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}

const absolute = (url: string, site: string) => new URL(url, site).toString();

/** Keywords without the terms Google wants in recipeCategory / recipeCuisine. */
export function keywordsFor(recipe: Pick<Recipe, 'tags' | 'category' | 'cuisine'>, categoryName: string): string {
  const reserved = new Set([recipe.category, recipe.cuisine, categoryName].map((s) => s.toLowerCase().replace(/-/g, ' ')));
  return recipe.tags.filter((t) => !reserved.has(t.toLowerCase().replace(/-/g, ' '))).join(', ');
}

export function recipeJsonLd(recipe: Recipe, options: { site: string; pageUrl: string; categoryName: string; image: string; organization: string }): Record<string, unknown> {
  const prep = recipe.prepTime || JSONLD_DEFAULTS.prepTime;
  const cook = recipe.cookTime || JSONLD_DEFAULTS.cookTime;
  const servings = recipe.servings || JSONLD_DEFAULTS.servings;
  const total = recipe.totalTime && recipe.totalTime >= prep + cook ? recipe.totalTime : prep + cook;
  const steps = instructionTexts(recipe.instructions) ?? [];
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: recipe.title,
    description: recipe.description,
    image: [absolute(options.image, options.site)],
    author: { '@type': 'Organization', name: options.organization, url: options.site },
    datePublished: recipe.createdAt,
    dateModified: recipe.updatedAt,
    prepTime: isoDuration(prep),
    cookTime: isoDuration(cook),
    totalTime: isoDuration(total),
    recipeYield: [String(servings), `${servings} servings`],
    recipeCategory: options.categoryName,
    recipeCuisine: recipe.cuisine,
    recipeIngredient: (ingredientSections(recipe.ingredients) ?? []).flatMap((s) => s.items),
    recipeInstructions: steps.map((text, i) => ({ '@type': 'HowToStep', text, url: `${options.pageUrl}#step-${i + 1}` })),
    nutrition: nutritionLd(recipe),
  };
  const keywords = keywordsFor(recipe, options.categoryName);
  if (keywords) ld.keywords = keywords;
  if (recipe.reviewCount > 0 && recipe.rating > 0) {
    ld.aggregateRating = { '@type': 'AggregateRating', ratingValue: (recipe.rating / 10).toFixed(1), reviewCount: recipe.reviewCount, bestRating: '5', worstRating: '1' };
  }
  if (recipe.videoUrl && recipe.videoThumbnail) {
    ld.video = {
      '@type': 'VideoObject',
      name: recipe.title,
      description: recipe.description,
      thumbnailUrl: [absolute(recipe.videoThumbnail, options.site)],
      contentUrl: absolute(recipe.videoUrl, options.site),
      uploadDate: recipe.createdAt,
      ...(recipe.videoDuration ? { duration: `PT${Math.floor(recipe.videoDuration / 60)}M${recipe.videoDuration % 60}S` } : {}),
    };
  }
  return ld;
}

function nutritionLd(recipe: Recipe): Record<string, string> {
  const n = recipe.nutrition;
  const out: Record<string, string> = { '@type': 'NutritionInformation', calories: `${n.calories ?? recipe.calories} calories` };
  const map: [keyof typeof n, string][] = [
    ['protein', 'proteinContent'], ['carbs', 'carbohydrateContent'], ['fat', 'fatContent'], ['fiber', 'fiberContent'],
    ['sugar', 'sugarContent'], ['sodium', 'sodiumContent'], ['saturatedFat', 'saturatedFatContent'],
    ['unsaturatedFat', 'unsaturatedFatContent'], ['transFat', 'transFatContent'], ['cholesterol', 'cholesterolContent'],
  ];
  for (const [key, prop] of map) {
    const value = n[key];
    if (typeof value === 'string' && value) out[prop] = value.replace(/^(\d+(?:\.\d+)?)\s?(m?g)$/, '$1 $2');
  }
  return out;
}
