import { api, errorText, readApiResponse, routePath } from '../../lib/api/client.ts';
// The card template's own import, named here too so that the browser fetches it together with
// this module instead of one round trip later, after the template (results wait for both).
import '../../lib/fallback-images.ts';
import { searchResultItems, type SearchResultCard } from '../../lib/search-results-html.ts';
import { filtersFromParams, hasFilters, type RecipeFilters } from '../../lib/recipe-filters.ts';
import {
  criteriaFromQuery,
  hasCriteria,
  NO_CRITERIA,
  SEARCH_DEBOUNCE_MS,
  searchApiQuery,
  searchPageAddress,
  searchSummary,
  type SearchCriteria,
} from '../../lib/search-query.ts';
import type { StartedSearch } from '../search-start-script.ts';

// The search page's behaviour on its prebuilt markup
// (src/pages/search.astro), without React, so that results are on screen as soon as their answer
// arrives: typing searches after a 300 ms pause when the trimmed text is not empty; Enter or the
// button searches at once and cancels the pending one; a category filter (and ?cuisine= from
// links); 8 skeleton cards while loading; suggestions when nothing matches and before the first
// search. The address follows the search (the first typed search adds a history entry and later
// keystrokes replace it; a submitted search adds one), so back/forward and shared links work.
// Result cards are the site's own cards: the layout's card dialog opener opens them in the recipe
// dialog.
//
// Which part shows is `<html data-search>` (idle, loading, results, empty, error), set first by
// the inline start script so the first paint already shows the right one.

declare global {
  interface Window {
    /** The first search, started by search-start-script.ts before this module loaded. */
    forkfulSearch?: StartedSearch | undefined;
  }
}

type View = 'idle' | 'loading' | 'results' | 'empty' | 'error';
/**
 * How a search changes the history: 'push' adds an entry (Enter, a chip, a suggestion); 'type'
 * adds one for the first search typed after such an entry and replaces it while typing goes on,
 * so Back returns to the last search the reader settled on; 'none' leaves it (back/forward).
 */
type HistoryMode = 'push' | 'type' | 'none';

const SUGGESTIONS_TEXT = {
  idle: ['Start Your Recipe Search', 'Search by dish, ingredient or cuisine, or try one of these:'],
  empty: ['No recipes found', 'Check the spelling, use fewer words, or try one of these:'],
} as const;
const SEARCH_FAILED = 'The search could not be completed. Please check your connection and try again.';
/** Cards drawn in the task that receives the answer; the rest follow in the next one (short tasks). */
const FIRST_CARDS = 8;

interface SearchElements {
  form: HTMLFormElement;
  input: HTMLInputElement;
  status: HTMLElement;
  results: HTMLElement;
  suggestionsTitle: HTMLElement;
  suggestionsText: HTMLElement;
  errorMessage: HTMLElement;
  retry: HTMLButtonElement;
  categoryChips: HTMLButtonElement[];
  cuisineChip: HTMLButtonElement;
  cuisineName: HTMLElement;
  suggestionLinks: HTMLAnchorElement[];
  filters: HTMLFormElement;
}

function elementsOf(root: HTMLElement): SearchElements | undefined {
  const q = <T extends HTMLElement>(selector: string) => root.querySelector<T>(selector);
  const form = q<HTMLFormElement>('form[role="search"]');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  const status = q('[data-search-status]');
  const results = q('[data-search-results]');
  const suggestionsTitle = q('[data-suggestions-title]');
  const suggestionsText = q('[data-suggestions-text]');
  const errorMessage = q('[data-search-error-message]');
  const retry = q<HTMLButtonElement>('[data-search-retry]');
  const cuisineChip = q<HTMLButtonElement>('[data-cuisine-chip]');
  const cuisineName = cuisineChip?.querySelector<HTMLElement>('[data-cuisine-name]');
  const filters = q<HTMLFormElement>('form[data-search-filters]');
  if (
    !filters ||
    !form ||
    !input ||
    !status ||
    !results ||
    !suggestionsTitle ||
    !suggestionsText ||
    !errorMessage ||
    !retry ||
    !cuisineChip ||
    !cuisineName
  )
    return undefined;
  return {
    form,
    input,
    status,
    results,
    suggestionsTitle,
    suggestionsText,
    errorMessage,
    retry,
    categoryChips: [...root.querySelectorAll<HTMLButtonElement>('button[data-category]')],
    cuisineChip,
    cuisineName,
    suggestionLinks: [...root.querySelectorAll<HTMLAnchorElement>('a[data-suggestion]')],
    filters,
  };
}

/** The started first search, when it asked for `url`; any other one is no longer wanted. */
function takeStartedSearch(url: string): StartedSearch | undefined {
  const started = window.forkfulSearch;
  window.forkfulSearch = undefined;
  if (started && started.url !== url) started.controller.abort();
  return started?.url === url ? started : undefined;
}

function setUp(root: HTMLElement, els: SearchElements): void {
  const html = document.documentElement;
  const baseTitle = document.title.split(' | ').at(-1) ?? document.title;
  let criteria: SearchCriteria = NO_CRITERIA;
  let pending: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  let restOfCards: ReturnType<typeof setTimeout> | undefined;

  const show = (view: View) => html.setAttribute('data-search', view);
  const categoryName = (slug: string) =>
    els.categoryChips.find((chip) => chip.dataset.category === slug)?.dataset.name ?? slug;

  function showSuggestions(kind: keyof typeof SUGGESTIONS_TEXT): void {
    const [title, text] = SUGGESTIONS_TEXT[kind];
    els.suggestionsTitle.textContent = title;
    els.suggestionsText.textContent = text;
    show(kind);
  }

  function showFilters(c: SearchCriteria): void {
    for (const chip of els.categoryChips)
      chip.setAttribute('aria-pressed', String((chip.dataset.category ?? '') === c.category));
    els.cuisineChip.hidden = !c.cuisine;
    els.cuisineName.textContent = c.cuisine;
    els.cuisineChip.setAttribute('aria-label', `Remove cuisine filter ${c.cuisine}`);
    const field = <T extends Element>(name: string) => els.filters.elements.namedItem(name) as T | null;
    const time = field<HTMLSelectElement>('time');
    if (time) time.value = c.filters.maxTime === null ? '' : String(c.filters.maxTime);
    for (const box of els.filters.querySelectorAll<HTMLInputElement>('input[name="diet"]'))
      box.checked = c.filters.diets.includes(box.value as RecipeFilters['diets'][number]);
    const exclude = field<HTMLInputElement>('exclude');
    if (exclude && document.activeElement !== exclude) exclude.value = c.filters.exclude.join(', ');
    const have = field<HTMLInputElement>('have');
    if (have && document.activeElement !== have) have.value = c.filters.have.join(', ');
  }

  /** The filters as the form now holds them. */
  function formFilters(): RecipeFilters {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(els.filters))
      if (typeof value === 'string') params.append(name, value);
    return filtersFromParams(params);
  }

  function showResults(found: SearchResultCard[], c: SearchCriteria): void {
    els.status.textContent = searchSummary(found.length, c, categoryName);
    if (found.length === 0) {
      els.results.replaceChildren();
      showSuggestions('empty');
      return;
    }
    const cards = searchResultItems(found);
    els.results.innerHTML = cards.slice(0, FIRST_CARDS).join('');
    show('results');
    if (cards.length > FIRST_CARDS) {
      restOfCards = setTimeout(
        () => els.results.insertAdjacentHTML('beforeend', cards.slice(FIRST_CARDS).join('')),
        0,
      );
    }
  }

  /** Whether the current history entry was made by typing (the next typed search replaces it). */
  let typedEntry = false;

  async function run(next: SearchCriteria, history: HistoryMode): Promise<void> {
    clearTimeout(pending);
    clearTimeout(restOfCards);
    inFlight?.abort();
    criteria = next;
    showFilters(next);
    const address = searchPageAddress(next);
    if (history !== 'none' && address !== location.pathname + location.search) {
      const replace = history === 'type' && typedEntry;
      window.history[replace ? 'replaceState' : 'pushState'](null, '', address);
    }
    typedEntry = history === 'type';
    const q = next.q.trim();
    document.title = q ? `${q}: recipe search | ${baseTitle}` : `Search | ${baseTitle}`;
    if (!hasCriteria(next)) {
      els.status.textContent = '';
      showSuggestions('idle');
      return;
    }
    const query = searchApiQuery(next);
    const started = takeStartedSearch(routePath('/api/recipes/search', {}, query));
    const controller = started?.controller ?? new AbortController();
    inFlight = controller;
    els.status.textContent = 'Searching…';
    show('loading');
    try {
      const found = started
        ? await readApiResponse<SearchResultCard[]>(await started.response)
        : await api.get('/api/recipes/search', { query, signal: controller.signal });
      if (!controller.signal.aborted) showResults(found, next);
    } catch (err) {
      if (controller.signal.aborted) return;
      els.status.textContent = '';
      els.errorMessage.textContent = errorText(err, SEARCH_FAILED);
      show('error');
    }
  }

  els.input.addEventListener('input', () => {
    const value = els.input.value;
    clearTimeout(pending);
    if (!value.trim()) {
      if (!criteria.category && !criteria.cuisine && !hasFilters(criteria.filters))
        void run({ ...criteria, q: '' }, 'type');
      return;
    }
    pending = setTimeout(() => void run({ ...criteria, q: value }, 'type'), SEARCH_DEBOUNCE_MS);
  });
  els.form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run({ ...criteria, q: els.input.value }, 'push');
  });
  for (const chip of els.categoryChips) {
    chip.addEventListener('click', () => {
      void run({ ...criteria, q: els.input.value, category: chip.dataset.category ?? '' }, 'push');
    });
  }
  els.cuisineChip.addEventListener('click', () => {
    void run({ ...criteria, q: els.input.value, cuisine: '' }, 'push');
  });
  for (const link of els.suggestionLinks) {
    link.addEventListener('click', (event) => {
      // A new tab or window gets the plain link.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      const word = link.dataset.suggestion ?? '';
      els.input.value = word;
      void run({ ...NO_CRITERIA, q: word }, 'push');
    });
  }
  // A changed select or box applies at once; the text fields on Enter or Apply.
  els.filters.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === 'text') return;
    void run({ ...criteria, q: els.input.value, filters: formFilters() }, 'push');
  });
  els.filters.addEventListener('submit', (event) => {
    event.preventDefault();
    void run({ ...criteria, q: els.input.value, filters: formFilters() }, 'push');
  });
  els.retry.addEventListener('click', () => void run(criteria, 'none'));
  window.addEventListener('popstate', () => {
    const back = criteriaFromQuery(location.search);
    els.input.value = back.q;
    void run(back, 'none');
  });

  const fromAddress = criteriaFromQuery(location.search);
  // The box shows the address's query; text typed before this script ran stays in the box and is
  // played back as typing (EarlyInput.astro) once `forkful:ready` is sent below.
  els.input.defaultValue = fromAddress.q;
  void run(fromAddress, 'none');
  root.dataset.ready = 'true';
  root.dispatchEvent(new Event('forkful:ready'));
}

/** Wires the search page's [data-search-page] container. */
export function setUpSearchPage(): void {
  const root = document.querySelector<HTMLElement>('[data-search-page]');
  const els = root && elementsOf(root);
  if (root && els) setUp(root, els);
}
