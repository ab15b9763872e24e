import { DIETS, type Diet } from './diet-names.ts';

// The filters of search and category listings, one shape for the page's address, its form and
// the API: total time at most 15/30/45/60 minutes, diets (all must hold), ingredients to leave
// out ("no mushrooms") and the ingredients the cook has ("cook with what I have").

export const TIME_LIMITS = [15, 30, 45, 60] as const;
export type TimeLimit = (typeof TIME_LIMITS)[number];

/** At most this many ingredients in "exclude" or "have", each at most INGREDIENT_MAX_LENGTH long. */
export const MAX_FILTER_INGREDIENTS = 12;
export const INGREDIENT_MAX_LENGTH = 40;

export interface RecipeFilters {
  maxTime: TimeLimit | null;
  diets: Diet[];
  exclude: string[];
  have: string[];
}

export const NO_FILTERS: RecipeFilters = { maxTime: null, diets: [], exclude: [], have: [] };

export const hasFilters = (f: RecipeFilters): boolean =>
  f.maxTime !== null || f.diets.length > 0 || f.exclude.length > 0 || f.have.length > 0;

/** "mushrooms, blue cheese" (or one a line) → ["mushrooms", "blue cheese"]: lower case, no repeats. */
export function ingredientList(text: string): string[] {
  const items = text
    .split(/[,;\n]/)
    .map((s) =>
      s
        .replace(/\p{Cc}/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .toLowerCase(),
    )
    .filter(Boolean);
  return [...new Set(items)];
}

const timeLimit = (value: string | null): TimeLimit | null => {
  const n = Number(value);
  return (TIME_LIMITS as readonly number[]).includes(n) ? (n as TimeLimit) : null;
};

/**
 * The filters of a page address (`?time=30&diet=vegan&diet=gluten-free&exclude=…&have=…`, as the
 * plain form sends them; a comma list in one `diet` also reads). Unknown values are dropped.
 */
export function filtersFromParams(params: URLSearchParams): RecipeFilters {
  const diets = params
    .getAll('diet')
    .flatMap((d) => d.split(','))
    .map((d) => d.trim().toLowerCase());
  const cap = (list: string[]) =>
    list.slice(0, MAX_FILTER_INGREDIENTS).map((s) => s.slice(0, INGREDIENT_MAX_LENGTH).trim());
  return {
    maxTime: timeLimit(params.get('time')),
    diets: DIETS.filter((d) => diets.includes(d)),
    exclude: cap(ingredientList(params.get('exclude') ?? '')),
    have: cap(ingredientList(params.get('have') ?? '')),
  };
}

/** The filters as address parameters, in a fixed order (the API query uses the same names). */
export function filterParams(f: RecipeFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.maxTime !== null) out.time = String(f.maxTime);
  if (f.diets.length) out.diet = f.diets.join(',');
  if (f.exclude.length) out.exclude = f.exclude.join(', ');
  if (f.have.length) out.have = f.have.join(', ');
  return out;
}
