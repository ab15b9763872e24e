// What the search page asks for: the criteria read from
// its address, the address that shows them, the API request that answers them, and the sentence
// that sums up an answer. Shared by the page's script and by the tiny inline script that starts
// the first request before any module has loaded (src/components/search-start-script.ts), which
// must ask for exactly the same address so that the page can take its answer over.

import { DIET_LABELS } from './diet-names.ts';
import {
  filterParams,
  filtersFromParams,
  hasFilters,
  NO_FILTERS,
  type RecipeFilters,
} from './recipe-filters.ts';

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_SUGGESTIONS = ['pasta', 'chicken', 'vegetarian', 'dessert', 'quick meal'] as const;
/** Results asked for at once (the API caps a search at 100). */
export const SEARCH_RESULT_LIMIT = 48;
/** Where the search page's forms go without JavaScript: a function answers with the page filled in. */
export const SEARCH_RESULTS_PATH = '/search/results';
/** The longest query the box takes and the page reads from an address. */
export const SEARCH_MAX_LENGTH = 100;

export interface SearchCriteria {
  q: string;
  category: string;
  cuisine: string;
  /** Time, diets, ingredients left out or had (src/lib/recipe-filters.ts). */
  filters: RecipeFilters;
}

export const NO_CRITERIA: SearchCriteria = { q: '', category: '', cuisine: '', filters: NO_FILTERS };

/**
 * The criteria of a `?q=&category=&cuisine=&time=&diet=&exclude=&have=` query string (q as typed,
 * up to 100 characters; the filters as the page's plain form sends them).
 */
export function criteriaFromQuery(search: string): SearchCriteria {
  const params = new URLSearchParams(search);
  return {
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
    category: (params.get('category') ?? '').trim().toLowerCase(),
    cuisine: (params.get('cuisine') ?? '').trim(),
    filters: filtersFromParams(params),
  };
}

export const hasCriteria = (c: SearchCriteria): boolean =>
  Boolean(c.q.trim() || c.category || c.cuisine || hasFilters(c.filters));

/** The page address that shows these criteria (shared links, back and forward). */
export function searchPageAddress(c: SearchCriteria): string {
  const params = new URLSearchParams();
  if (c.q.trim()) params.set('q', c.q.trim());
  if (c.category) params.set('category', c.category);
  if (c.cuisine) params.set('cuisine', c.cuisine);
  for (const [name, value] of Object.entries(filterParams(c.filters))) params.set(name, value);
  const query = params.toString();
  return `/search${query ? `?${query}` : ''}`;
}

/** The query of GET /api/recipes/search for these criteria; parameters in this order. */
export function searchApiQuery(c: SearchCriteria): {
  limit: number;
  q: string | undefined;
  category: string | undefined;
  cuisine: string | undefined;
  time?: number;
  diet?: string;
  exclude?: string;
  have?: string;
} {
  const { time, ...filters } = filterParams(c.filters);
  return {
    limit: SEARCH_RESULT_LIMIT,
    q: c.q.trim() || undefined,
    category: c.category || undefined,
    cuisine: c.cuisine || undefined,
    ...(time ? { time: Number(time) } : {}),
    ...filters,
  };
}

/** "3 recipes found for “soup” in Desserts (Italian cuisine): ready in 30 minutes or less; vegan". */
export function searchSummary(
  count: number,
  c: SearchCriteria,
  categoryName: (slug: string) => string,
): string {
  const { maxTime, diets, exclude, have } = c.filters;
  const parts = [
    c.q.trim() && `“${c.q.trim()}”`,
    c.category && `in ${categoryName(c.category)}`,
    c.cuisine && `(${c.cuisine} cuisine)`,
  ].filter(Boolean);
  const filters = [
    maxTime !== null && `ready in ${maxTime} minutes or less`,
    ...diets.map((d) => DIET_LABELS[d].toLowerCase()),
    exclude.length > 0 && `without ${exclude.join(', ')}`,
    have.length > 0 && `using ${have.join(', ')}`,
  ].filter(Boolean);
  return `${count === 0 ? 'No' : count} ${count === 1 ? 'recipe' : 'recipes'} found${parts.length ? ` for ${parts.join(' ')}` : ''}${filters.length ? `: ${filters.join('; ')}` : ''}`;
}
