import type { Category } from '../../lib/schemas/category.ts';
import type { Recipe } from '../../lib/schemas/recipe.ts';
import { recipeArticleHtml } from '../../lib/recipe-article-html.ts';

// The not-found page under /recipe/{slug or id} or /recipe-id/{id}: a recipe created after the
// last build exists in the API but not as a file, so it is rendered here from the API's JSON.

/** The API address for a recipe path, or undefined when the path is not a recipe's. */
export function recipeApiPath(
  pathname: string,
): { api: string; cookHref: (r: Recipe) => string } | undefined {
  const byId = pathname.match(/^\/recipe-id\/([1-9]\d{0,9})\/?$/);
  if (byId) return { api: `/api/recipes/${byId[1]}`, cookHref: (r) => `/recipe-id/${r.id}/cook` };
  const bySlug = pathname.match(/^\/recipe\/([^/]+)\/?$/);
  if (!bySlug?.[1]) return undefined;
  const key = decodeURIComponent(bySlug[1]);
  return /^[1-9]\d{0,9}$/.test(key)
    ? { api: `/api/recipes/${key}`, cookHref: (r) => `/recipe/${r.slug}/cook` }
    : {
        api: `/api/recipes/slug/${encodeURIComponent(key.toLowerCase())}`,
        cookHref: (r) => `/recipe/${r.slug}/cook`,
      };
}

async function getJson<T>(url: string): Promise<T | undefined> {
  const response = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' } });
  return response.ok ? ((await response.json()) as T) : undefined;
}

function show(state: 'page' | 'loading' | 'recipe' | 'found'): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-not-found]'))
    el.hidden = el.dataset.notFound !== state;
}

/** Renders the recipe when the API has it; otherwise the matching not-found message. */
export async function showRecipeOrNotFound(): Promise<void> {
  const target = recipeApiPath(location.pathname);
  if (!target) return;
  let recipe: Recipe | undefined;
  try {
    recipe = await getJson<Recipe>(target.api);
  } catch {
    recipe = undefined;
  }
  if (!recipe) {
    show('recipe');
    document.title = document.title.replace(/^[^|]*/, 'Recipe Not Found ');
    return;
  }
  const category = await getJson<Category>(`/api/categories/${encodeURIComponent(recipe.category)}`).catch(
    () => undefined,
  );
  const container = document.querySelector<HTMLElement>('[data-not-found="found"]');
  if (!container) return;
  container.innerHTML = `<article id="recipe" data-recipe-id="${recipe.id}">${recipeArticleHtml(recipe, { categoryName: category?.name ?? recipe.category, cookHref: target.cookHref(recipe) })}</article>`;
  show('found');
  document.title = document.title.replace(/^[^|]*/, `${recipe.title} `);
  const description = document.querySelector('meta[name="description"]');
  description?.setAttribute('content', recipe.description);
}
