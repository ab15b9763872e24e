import type { Recipe } from '../../../lib/schemas/recipe.ts';
import { type RecipeDraft, lineFromRow } from './recipe-draft.ts';
import { inputFromDraft } from './recipe-input.ts';

// The recipe the form's preview renders.

/** The recipe the preview renders: the draft over defaults, so a half-filled form still shows. */
export function previewRecipe(draft: RecipeDraft, base?: Recipe): Recipe {
  const input = inputFromDraft(draft);
  const now = new Date().toISOString();
  const n = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
  const prep = n(input.prepTime, 0);
  const cook = n(input.cookTime, 0);
  return {
    id: base?.id ?? 0,
    slug: base?.slug ?? 'preview',
    title: draft.title || 'Untitled recipe',
    description: draft.description,
    summary: draft.summary || null,
    image: draft.image || null,
    category: draft.category,
    cuisine: draft.cuisine,
    prepTime: prep,
    cookTime: cook,
    noCooking: cook === 0,
    totalTime: prep + cook,
    servings: n(input.servings, 1),
    difficulty: draft.difficulty,
    calories: n(input.calories, 0),
    nutrition: { ...(input.nutrition as Recipe['nutrition']), calories: n(input.calories, 0) },
    ingredients: previewIngredients(draft),
    instructions: input.instructions as Recipe['instructions'],
    rating: base?.rating ?? 0,
    averageRating: base?.averageRating ?? 0,
    reviewCount: base?.reviewCount ?? 0,
    faqs: (input.faqs ?? []) as Recipe['faqs'],
    tags: draft.tags,
    videoUrl: typeof input.videoUrl === 'string' ? input.videoUrl : null,
    videoThumbnail: typeof input.videoThumbnail === 'string' ? input.videoThumbnail : null,
    videoDuration: typeof input.videoDuration === 'number' ? input.videoDuration : null,
    stepIngredients: (input.stepIngredients as Recipe['stepIngredients'] | undefined) ?? null,
    diets: draft.diets ?? base?.diets ?? [],
    dietsByHand: draft.diets !== null,
    createdAt: base?.createdAt ?? now,
    updatedAt: now,
  };
}

/** Ingredients as lines of text, for the preview (the public renderer reads any stored shape). */
function previewIngredients(draft: RecipeDraft): Recipe['ingredients'] {
  const sections = draft.sections
    .map((s) => ({ name: s.name.trim(), lines: s.rows.map(lineFromRow).filter(Boolean) }))
    .filter((s) => s.lines.length > 0);
  if (!sections.some((s) => s.name)) return sections.flatMap((s) => s.lines);
  return Object.fromEntries(sections.map((s) => [s.name || 'Ingredients', s.lines]));
}
