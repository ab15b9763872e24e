import { escapeHtml } from './html.ts';
import type { PantryMatch } from './pantry.ts';
import { recipeCardHtml } from './recipe-card-html.ts';
import type { SearchCriteria } from './search-query.ts';
import type { RecipeSummary } from './schemas/recipe.ts';

// Search results as markup, one builder for both ways a search page shows them: the page's script
// draws them into the prebuilt page (components/scripts/search-page.ts), and without JavaScript
// the search function fills the same prebuilt page (the built /search/ as a template) with them,
// the form fields set to what was searched (functions/search-results.ts).

/** A result; with "cook with what I have", what the cook has and lacks. */
export type SearchResultCard = RecipeSummary & { pantry?: PantryMatch };

/** The id of the search page's box (src/pages/search.astro), where the query is filled in. */
export const SEARCH_BOX_ID = 'search-q';

/** The first row of cards (four on wide screens) loads at once; the rest when scrolled to. */
const EAGER_CARDS = 4;

/** Under a "cook with what I have" card: what is missing, or that nothing is. */
export function pantryNoteHtml(pantry: PantryMatch | undefined): string {
  if (!pantry) return '';
  const text = pantry.missing.length
    ? `You have ${pantry.have}. Missing: ${pantry.missing.join(', ')}`
    : 'You have everything it needs';
  return `<p class="px-1 text-sm text-stone-700 dark:text-stone-300" data-pantry-note>${escapeHtml(text)}</p>`;
}

/** Each result as a list item of the results grid: its card and, when asked, its pantry note. */
export function searchResultItems(found: readonly SearchResultCard[]): string[] {
  return found.map(
    (recipe, i) =>
      `<li class="grid gap-2">${recipeCardHtml(recipe, { eager: i < EAGER_CARDS, priority: i === 0, headingLevel: 2 })}${pantryNoteHtml(recipe.pantry)}</li>`,
  );
}

/** What the search page shows when filled without its script. */
export type FilledSearch =
  | {
      view: 'results' | 'empty';
      criteria: SearchCriteria;
      found: readonly SearchResultCard[];
      summary: string;
    }
  | { view: 'error'; criteria: SearchCriteria; message: string }
  | { view: 'idle'; criteria: SearchCriteria };

/** The opening tag of the first element carrying `attribute`, and where it ends in `html`. */
function openingTag(html: string, attribute: string): { start: number; end: number } | undefined {
  const match = new RegExp(`<[a-z][a-z0-9]*\\b[^>]*\\s${attribute}(?=[\\s>=])[^>]*>`, 'i').exec(html);
  return match ? { start: match.index, end: match.index + match[0].length } : undefined;
}

/** Puts `content` right after the opening tag of the element carrying `attribute` (left as is when absent). */
function fillElement(html: string, attribute: string, content: string): string {
  const tag = openingTag(html, attribute);
  return tag ? html.slice(0, tag.end) + content + html.slice(tag.end) : html;
}

/** Adds ` extra` inside the opening tag that `pattern` finds (its last character is the tag's `>`). */
function addToTag(html: string, pattern: RegExp, extra: string): string {
  return html.replace(pattern, (tag) => `${tag.slice(0, -1)} ${extra}>`);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The filters form with the criteria's values: the time chosen, the diets ticked, the text boxes filled. */
function fillFiltersForm(form: string, criteria: SearchCriteria): string {
  const { maxTime, diets, exclude, have } = criteria.filters;
  let filled = form;
  if (maxTime !== null) filled = addToTag(filled, new RegExp(`<option value="${maxTime}"[^>]*>`), 'selected');
  for (const diet of diets)
    filled = addToTag(
      filled,
      new RegExp(`<input[^>]*name="diet" value="${escapeRegExp(diet)}"[^>]*>`),
      'checked',
    );
  const boxes: [string, string[]][] = [
    ['exclude', exclude],
    ['have', have],
  ];
  for (const [name, list] of boxes)
    if (list.length > 0)
      filled = addToTag(
        filled,
        new RegExp(`<input[^>]*name="${name}"[^>]*>`),
        `value="${escapeHtml(list.join(', '))}"`,
      );
  return filled;
}

/**
 * The built search page (`template`) showing a search without its script: `<html data-search>`
 * names the part that shows (the page's own CSS picks it), the summary goes in the status line,
 * the cards in the results grid or the message in the error card, and the search box and filters
 * hold what was searched. Everything taken from the request is escaped.
 */
export function fillSearchPage(template: string, fill: FilledSearch): string {
  let page = template.replace(/<html\b/i, `<html data-search="${fill.view}"`);
  if (fill.criteria.q)
    page = addToTag(
      page,
      new RegExp(`<input[^>]*\\sid="${SEARCH_BOX_ID}"[^>]*>`),
      `value="${escapeHtml(fill.criteria.q)}"`,
    );
  const filters = openingTag(page, 'data-search-filters');
  const formEnd = filters ? page.indexOf('</form>', filters.end) : -1;
  if (filters && formEnd > 0)
    page =
      page.slice(0, filters.start) +
      fillFiltersForm(page.slice(filters.start, formEnd), fill.criteria) +
      page.slice(formEnd);
  if (fill.view === 'error') return fillElement(page, 'data-search-error-message', escapeHtml(fill.message));
  if (fill.view === 'idle') return page;
  page = fillElement(page, 'data-search-status', escapeHtml(fill.summary));
  return fillElement(page, 'data-search-results', searchResultItems(fill.found).join(''));
}
