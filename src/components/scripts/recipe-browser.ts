import type { Recipe } from '../../lib/schemas/recipe.ts';
import type { recipeCardHtml } from '../../lib/recipe-card-html.ts';

type CardRenderer = typeof recipeCardHtml;
/** The card template loads with the first request: the first cards are in the page's HTML. */
const loadCardRenderer = (): Promise<CardRenderer> =>
  import('../../lib/recipe-card-html.ts').then((m) => m.recipeCardHtml);

// The category filter bar and 'Load More Recipes' of a prebuilt grid (RecipeBrowser.astro).
// Choosing a category switches between featured and category recipes; each 'Load More'
// adds one page to the count, fetched again with the larger limit.

/** The API caps list limits at 100. */
const API_MAX_LIMIT = 100;
const AD_AFTER = 4;

interface BrowserElements {
  root: HTMLElement;
  grid: HTMLElement;
  title: HTMLElement;
  countLabel: HTMLElement | null;
  status: HTMLElement;
  empty: HTMLElement;
  error: HTMLElement;
  more: HTMLButtonElement;
  filters: HTMLAnchorElement[];
}

function elementsOf(root: HTMLElement): BrowserElements | undefined {
  const q = <T extends Element>(selector: string) => root.querySelector<T & HTMLElement>(selector);
  const grid = q('[data-grid]');
  const title = q('[data-title]');
  const status = q('[data-status]');
  const empty = q('[data-empty]');
  const error = q('[data-error]');
  const more = q<HTMLButtonElement>('[data-load-more]');
  if (!grid || !title || !status || !empty || !error || !more) return undefined;
  return {
    root,
    grid,
    title,
    countLabel: q('[data-count-label]'),
    status,
    empty,
    error,
    more,
    filters: [...root.querySelectorAll<HTMLAnchorElement>('a[data-filter]')],
  };
}

function cardsHtml(renderCard: CardRenderer, recipes: Recipe[], from: number, headingLevel: 2 | 3): string {
  let html = '';
  recipes.forEach((recipe, i) => {
    if (i < from) return;
    html += renderCard(recipe, { headingLevel });
    if (i === AD_AFTER - 1 && recipes.length > AD_AFTER) html += '<div data-ad-slot="in-feed" hidden></div>';
  });
  return html;
}

const recipesWord = (n: number) => `${n} ${n === 1 ? 'recipe' : 'recipes'}`;

function setUp(els: BrowserElements): void {
  const pageSize = Number(els.root.dataset.pageSize) || 8;
  const headingLevel = els.root.dataset.cardHeading === '2' ? 2 : 3;
  const fixedCategory = els.root.dataset.category || null;
  let category: string | null = fixedCategory;
  let shown = els.grid.querySelectorAll('[data-recipe-card]').length;
  let limit = Math.max(pageSize, shown);
  let request = 0;

  const endpoint = (n: number) =>
    category
      ? `/api/recipes/category/${encodeURIComponent(category)}?limit=${n}`
      : `/api/recipes/featured?limit=${n}`;

  async function fetchRecipes(n: number): Promise<Recipe[]> {
    const response = await fetch(endpoint(Math.min(n, API_MAX_LIMIT)), {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    return (await response.json()) as Recipe[];
  }

  function setBusy(busy: boolean): void {
    els.grid.setAttribute('aria-busy', String(busy));
    els.more.disabled = busy;
    els.more.textContent = busy ? 'Loading…' : 'Load More Recipes';
  }

  function showResult(renderCard: CardRenderer, recipes: Recipe[], append: boolean): void {
    const previous = shown;
    if (append && previous > AD_AFTER) {
      els.grid.insertAdjacentHTML('beforeend', cardsHtml(renderCard, recipes, previous, headingLevel));
    } else {
      els.grid.innerHTML = cardsHtml(renderCard, recipes, 0, headingLevel);
    }
    shown = recipes.length;
    els.empty.hidden = shown > 0;
    els.more.hidden = shown < limit || limit >= API_MAX_LIMIT;
    els.error.hidden = true;
    const name = currentFilter()?.dataset.name;
    els.status.textContent =
      shown === 0
        ? (els.root.dataset.emptyText ?? '')
        : `Showing ${recipesWord(shown)}${name ? ` in ${name}` : ''}.`;
    if (append && shown > previous) {
      // Keyboard users continue from the first new card.
      els.grid
        .querySelectorAll<HTMLAnchorElement>('[data-recipe-card] a')
        [previous]?.focus({ preventScroll: true });
    }
  }

  function showError(): void {
    els.error.textContent = 'We could not load recipes. Please check your connection and try again.';
    els.error.hidden = false;
  }

  function currentFilter(): HTMLAnchorElement | undefined {
    return els.filters.find((a) => (a.dataset.filter || null) === category);
  }

  async function load(append: boolean): Promise<void> {
    const mine = ++request;
    setBusy(true);
    try {
      const [recipes, renderCard] = await Promise.all([fetchRecipes(limit), loadCardRenderer()]);
      if (mine === request) showResult(renderCard, recipes, append);
    } catch {
      if (mine === request) showError();
    } finally {
      if (mine === request) setBusy(false);
    }
  }

  function select(slug: string | null): void {
    category = slug;
    limit = pageSize;
    const filter = currentFilter();
    for (const a of els.filters) {
      if (a === filter) a.setAttribute('aria-current', 'true');
      else a.removeAttribute('aria-current');
    }
    els.title.textContent = filter?.dataset.name
      ? `${filter.dataset.name} Recipes`
      : (els.title.dataset.defaultTitle ?? 'All Recipes');
    if (els.countLabel && filter?.dataset.count)
      els.countLabel.textContent = recipesWord(Number(filter.dataset.count));
    const url = new URL(location.href);
    if (slug) url.searchParams.set('category', slug);
    else url.searchParams.delete('category');
    history.replaceState(history.state, '', url);
    void load(false);
  }

  for (const a of els.filters) {
    a.addEventListener('click', (event) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      const slug = a.dataset.filter || null;
      if (slug !== category) select(slug);
    });
  }

  els.more.addEventListener('click', () => {
    limit = shown + pageSize;
    void load(true);
  });

  // A category chosen before (kept in the address) survives reloads and the back button.
  const wanted = new URL(location.href).searchParams.get('category');
  if (!fixedCategory && wanted && els.filters.some((a) => a.dataset.filter === wanted)) select(wanted);
}

/** Wires every [data-recipe-browser] on the page. */
export function setUpRecipeBrowsers(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-recipe-browser]')) {
    const els = elementsOf(root);
    if (els) setUp(els);
  }
}
