import * as v from 'valibot';
import { getDb, inOneTurn } from '../db/client.ts';
import { cachedResponse } from './_shared/cache/cached-response.ts';
import { recipeListPolicy } from './_shared/cache/policies.ts';
import { htmlPage, issueSentence, toIssues } from './_shared/http.ts';
import { SearchQuery } from './_shared/params.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import { searchPageTemplate } from './_shared/search-page-template.ts';
import { searchRecipes } from './_shared/services/recipe-search.ts';
import { filtersOf } from '../src/lib/recipe-filter-query.ts';
import {
  criteriaFromQuery,
  SEARCH_RESULT_LIMIT,
  SEARCH_RESULTS_PATH,
  searchSummary,
} from '../src/lib/search-query.ts';
import { fillSearchPage } from '../src/lib/search-results-html.ts';

// The search page without JavaScript: its forms (src/pages/search.astro) send a plain GET here,
// and the answer is the built search page itself (fetched from the site, see
// _shared/search-page-template.ts) with the results drawn in and the form fields holding what was
// searched. The same query rules as GET /api/recipes/search (a bad filter value is a 400 page
// saying why), the same search, and the same caching (the search area's response cache and tags).
// An HTML route: in the route table beside the redirects, answering no JSON.

// Literal values: Netlify reads this object from the source without running it.
export const config: Config = { path: '/search/results', method: 'GET' };

/** A plain form's fields as the API reads them: empty fields left out, ticked diets as one list. */
function formQuery(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of params) if (value.trim() && name !== 'diet') query[name] = value;
  const diets = params.getAll('diet').filter((d) => d.trim());
  if (diets.length > 0) query.diet = diets.join(',');
  query.limit = String(SEARCH_RESULT_LIMIT);
  return query;
}

/** Category names by slug, from the page's own category chips. */
function categoryNames(template: string): Map<string, string> {
  return new Map(
    [...template.matchAll(/data-category="([^"]+)" data-name="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
  );
}

async function answer(url: URL): Promise<Response> {
  const template = await searchPageTemplate(url.origin);
  const criteria = criteriaFromQuery(url.search);
  const parsed = v.safeParse(SearchQuery, formQuery(url.searchParams));
  if (!parsed.success) {
    const issues = toIssues(parsed.issues);
    // An empty form is the page as it is, not a mistake.
    if (issues.every((issue) => issue.path === ''))
      return htmlPage(fillSearchPage(template, { view: 'idle', criteria }));
    const message = issues.map(issueSentence).join('. ');
    return htmlPage(fillSearchPage(template, { view: 'error', criteria, message }), { status: 400 });
  }
  const query = parsed.output;
  const found = await inOneTurn(getDb(), (db) => searchRecipes(db, { ...query, filters: filtersOf(query) }));
  const names = categoryNames(template);
  const summary = searchSummary(found.length, criteria, (slug) => names.get(slug) ?? slug);
  return htmlPage(
    fillSearchPage(template, { view: found.length > 0 ? 'results' : 'empty', criteria, found, summary }),
    { cache: recipeListPolicy('search', found) },
  );
}

async function searchResultsPage(_req: Request, { url }: { url: URL }): Promise<Response> {
  try {
    return await cachedResponse('search', url, () => answer(url));
  } catch (err) {
    console.error('search results page:', err);
    return new Response(
      '<!doctype html><html lang="en"><meta charset="utf-8"><title>Search is not working right now</title>' +
        '<p>Search is not working right now. Please try again in a moment, or <a href="/recipes">browse all recipes</a>.</p></html>',
      {
        status: 503,
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' },
      },
    );
  }
}

export default defineRoutes([{ method: 'GET', path: SEARCH_RESULTS_PATH, handler: searchResultsPage }]);
