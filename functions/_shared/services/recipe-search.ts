import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../../db/client.ts';
import { RECIPE_SUMMARY_COLUMNS, recipeSummaryFromRow } from '../../../db/mappers/recipe.ts';
import type { Database } from '../../../db/schema.ts';
import type { RecipeFilters } from '../../../src/lib/recipe-filters.ts';
import { pantryResults, withRecipeFilters, type SearchResult } from './recipe-filters.ts';

// Recipe search: ranked full-text matches, then typo-corrected words when those fall short.

const toSummaries = <R extends Parameters<typeof recipeSummaryFromRow>[0]>(rows: R[]) =>
  rows.map(recipeSummaryFromRow);

export interface SearchQuery {
  q: string;
  category?: string | undefined;
  cuisine?: string | undefined;
  limit: number;
  /** Time, diets, ingredients left out or had (services/recipe-filters.ts). */
  filters?: RecipeFilters | undefined;
}

/** The lower-cased words of a query (letters and digits), in order. */
export function queryWords(q: string): string[] {
  return q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Word characters of a query, the last one a prefix ("chick" finds chicken while typing). */
export function toPrefixTsQuery(q: string): string | undefined {
  const words = queryWords(q);
  if (words.length === 0) return undefined;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/**
 * How alike (pg_trgm similarity, 0–1) a query word and a known word must be for the word to be
 * taken as a typo of it: "chiken" → chicken is 0.5, "lemn" → lemon 0.38, "curyy" → curry 0.33.
 */
const TYPO_SIMILARITY = 0.3;

/**
 * The queries a search runs, built here once so the service and the plan test
 * (tests/api/search-plans.test.ts) use the very same SQL:
 * - `browse`: no words, only filters: best rated first;
 * - `exact`: ranked full-text matches (title weighs most, ingredients least);
 * - `nearestTerms(words)`: for each query word the closest known word of the catalogue
 *   (search_terms, a trigram KNN over a small table), to correct typos;
 * - `ranked(tsQuery, seen)`: the ranked full-text query for other words (the corrected ones),
 *   without the `seen` ids, to fill a page the exact matches leave short.
 */
export function searchQueries(db: Db, query: SearchQuery) {
  const withFilters = <Q extends SelectQueryBuilder<Database, 'recipes', object>>(qb: Q): Q => {
    let filtered = qb;
    if (query.category) filtered = filtered.where('recipes.category', '=', query.category) as Q;
    // lower(cuisine) is what recipes_cuisine_rating_idx indexes.
    if (query.cuisine)
      filtered = filtered.where(sql`lower(recipes.cuisine)`, '=', query.cuisine.toLowerCase()) as Q;
    return withRecipeFilters(filtered, query.filters);
  };
  const text = query.q.trim();
  const summaries = () => withFilters(db.selectFrom('recipes').select(RECIPE_SUMMARY_COLUMNS));

  const browse = summaries()
    .orderBy('recipes.rating', 'desc')
    .orderBy('recipes.created_at', 'desc')
    .limit(query.limit);

  const ranked = (tsQuery: string, seen: number[] = []) =>
    summaries()
      .where(sql<boolean>`search_vector @@ to_tsquery('english', ${tsQuery})`)
      .$if(seen.length > 0, (qb) => qb.where('recipes.id', 'not in', seen))
      .orderBy(sql`ts_rank(search_vector, to_tsquery('english', ${tsQuery}))`, 'desc')
      .orderBy('recipes.rating', 'desc')
      .orderBy('recipes.id', 'asc')
      .limit(query.limit);

  const tsQuery = text ? toPrefixTsQuery(text) : undefined;
  const exact = tsQuery ? ranked(tsQuery) : undefined;

  // Query words never hold spaces (queryWords), so one text parameter carries them all.
  const nearestTerms = (words: string[]) => sql<NearestTerm>`
    SELECT w.word, t.term, t.similarity
    FROM unnest(string_to_array(${words.join(' ')}, ' ')) WITH ORDINALITY AS w(word, position)
    CROSS JOIN LATERAL (
      SELECT term, similarity(term, w.word) AS similarity
      FROM search_terms
      ORDER BY term <-> w.word
      LIMIT 1
    ) AS t
    ORDER BY w.position`;
  // "Cook with what I have": the recipes passing the filters (and holding the words, when typed).
  const scoped = () =>
    withFilters(db.selectFrom('recipes')).$if(tsQuery !== undefined, (qb) =>
      qb.where(sql<boolean>`search_vector @@ to_tsquery('english', ${tsQuery})`),
    );
  return { text, browse, exact, ranked, nearestTerms, scoped };
}

/** A query word and the closest word the catalogue knows. */
export interface NearestTerm {
  word: string;
  term: string;
  similarity: number;
}

/** Each word replaced by the known word it is most likely a typo of (unchanged when none is close). */
export function correctWords(words: string[], nearest: NearestTerm[]): string[] {
  const best = new Map(nearest.map((n) => [n.word, n]));
  return words.map((word) => {
    const near = best.get(word);
    return near && near.similarity >= TYPO_SIMILARITY ? near.term : word;
  });
}

/**
 * Ranked full-text matches first (title weighs most, ingredients least); when they do not fill
 * the page, the same search with each word corrected to the nearest word the catalogue knows
 * ("chiken" → chicken) follows.
 */
export async function searchRecipes(db: Db, query: SearchQuery): Promise<SearchResult[]> {
  const { text, browse, exact, ranked, nearestTerms, scoped } = searchQueries(db, query);
  const have = query.filters?.have ?? [];
  if (have.length > 0) return pantryResults(db, scoped(), have, query.limit);
  if (!text) return toSummaries(await browse.execute());
  const found = exact ? toSummaries(await exact.execute()) : [];
  if (found.length >= query.limit) return found;
  const words = queryWords(text);
  if (words.length === 0) return found;
  const corrected = correctWords(words, (await nearestTerms(words).execute(db)).rows);
  if (corrected.every((w, i) => w === words[i])) return found;
  const rest = await ranked(
    toPrefixTsQuery(corrected.join(' '))!,
    found.map((r) => r.id),
  )
    .limit(query.limit - found.length)
    .execute();
  return [...found, ...toSummaries(rest)];
}
