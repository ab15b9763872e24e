import { api } from '../../lib/api/client.ts';
import type { Recipe } from '../../lib/schemas/recipe.ts';

// Full recipes fetched for the detail dialog, kept for the visit: opening the same card twice,
// or hovering before clicking, costs one request.

const cache = new Map<number, Promise<Recipe>>();

/** GET /api/recipes/{id}, once per id; a failed fetch is forgotten so it can be tried again. */
export function fetchRecipe(id: number): Promise<Recipe> {
  let pending = cache.get(id);
  if (!pending) {
    pending = api.get('/api/recipes/:id', { params: { id } });
    pending.catch(() => cache.delete(id));
    cache.set(id, pending);
  }
  return pending;
}
