import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { recipeCardHtml } from '../../lib/recipe-card-html.ts';
import { api, errorText } from '../../lib/api/client.ts';
import type { Category } from '../../lib/schemas/category.ts';
import type { RecipeSummary } from '../../lib/schemas/recipe.ts';

// The search page (SPEC §2 "Search", §4 "Search input", §9): typing searches after a 300 ms
// pause when the trimmed text is not empty; Enter or the button searches at once and cancels the
// pending one. A category filter (and ?cuisine= from links), 8 skeleton cards while loading,
// suggestions when nothing matches and before the first search. The address follows the search
// (typing replaces the history entry, a submitted search adds one), so back/forward and shared
// links work. Result cards are the site's own cards: the page's CardDialogOpener opens them in
// the recipe dialog.

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_SUGGESTIONS = ['pasta', 'chicken', 'vegetarian', 'dessert', 'quick meal'] as const;
const RESULT_LIMIT = 48;
const SKELETON_CARDS = 8;

interface Criteria {
  q: string;
  category: string;
  cuisine: string;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'done'; results: RecipeSummary[]; criteria: Criteria }
  | { kind: 'error'; message: string };

const EMPTY: Criteria = { q: '', category: '', cuisine: '' };

function criteriaFromUrl(): Criteria {
  const params = new URLSearchParams(location.search);
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    category: (params.get('category') ?? '').trim().toLowerCase(),
    cuisine: (params.get('cuisine') ?? '').trim(),
  };
}

function searchUrl(c: Criteria): string {
  const params = new URLSearchParams();
  if (c.q.trim()) params.set('q', c.q.trim());
  if (c.category) params.set('category', c.category);
  if (c.cuisine) params.set('cuisine', c.cuisine);
  const query = params.toString();
  return `/search${query ? `?${query}` : ''}`;
}

const hasCriteria = (c: Criteria) => Boolean(c.q.trim() || c.category || c.cuisine);

export default function SearchPage() {
  const [text, setText] = useState('');
  const [criteria, setCriteria] = useState<Criteria>(EMPTY);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [categories, setCategories] = useState<Category[]>([]);
  /** True once the address has been read and back/forward is followed. */
  const [ready, setReady] = useState(false);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inFlight = useRef<AbortController>(undefined);
  const baseTitle = useRef('');
  const ids = useId();

  const run = useCallback(async (next: Criteria, history: 'push' | 'replace' | 'none') => {
    clearTimeout(pending.current);
    inFlight.current?.abort();
    setCriteria(next);
    const url = searchUrl(next);
    if (history !== 'none' && url !== location.pathname + location.search) {
      window.history[history === 'push' ? 'pushState' : 'replaceState'](null, '', url);
    }
    const q = next.q.trim();
    document.title = q ? `${q}: recipe search | ${baseTitle.current}` : `Search | ${baseTitle.current}`;
    if (!hasCriteria(next)) {
      setStatus({ kind: 'idle' });
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setStatus({ kind: 'loading' });
    try {
      const results = await api.get('/api/recipes/search', {
        query: {
          limit: RESULT_LIMIT,
          q: q || undefined,
          category: next.category || undefined,
          cuisine: next.cuisine || undefined,
        },
        signal: controller.signal,
      });
      if (!controller.signal.aborted) setStatus({ kind: 'done', results, criteria: next });
    } catch (err) {
      if (controller.signal.aborted) return;
      setStatus({
        kind: 'error',
        message: errorText(
          err,
          'The search could not be completed. Please check your connection and try again.',
        ),
      });
    }
  }, []);

  useEffect(() => {
    baseTitle.current = document.title.split(' | ').at(-1) ?? document.title;
    const fromUrl = criteriaFromUrl();
    setText(fromUrl.q);
    void run(fromUrl, 'none');
    api.get('/api/categories').then(setCategories, () => setCategories([]));
    const onPop = () => {
      const back = criteriaFromUrl();
      setText(back.q);
      void run(back, 'none');
    };
    window.addEventListener('popstate', onPop);
    setReady(true);
    return () => {
      window.removeEventListener('popstate', onPop);
      clearTimeout(pending.current);
      inFlight.current?.abort();
    };
  }, [run]);

  const onType = (value: string) => {
    setText(value);
    clearTimeout(pending.current);
    if (!value.trim()) {
      if (!criteria.category && !criteria.cuisine) void run({ ...criteria, q: '' }, 'replace');
      return;
    }
    pending.current = setTimeout(() => void run({ ...criteria, q: value }, 'replace'), SEARCH_DEBOUNCE_MS);
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run({ ...criteria, q: text }, 'push');
  };

  const pickCategory = (slug: string) => void run({ ...criteria, q: text, category: slug }, 'push');
  const suggest = (word: string) => {
    setText(word);
    void run({ ...EMPTY, q: word }, 'push');
  };

  const categoryName = (slug: string) => categories.find((c) => c.slug === slug)?.name ?? slug;

  return (
    <div className="space-y-6" data-search-page data-ready={ready || undefined}>
      <form
        role="search"
        onSubmit={submit}
        className="flex gap-2 rounded-full bg-white p-1.5 shadow-lg shadow-brand-900/10 ring-1 ring-stone-200 dark:bg-night-card dark:shadow-black/30 dark:ring-night-line"
      >
        <label htmlFor={`${ids}-q`} className="sr-only">
          Search recipes
        </label>
        <div className="relative min-w-0 flex-1">
          <span
            className="icon icon-search pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-stone-500 dark:text-stone-400"
            aria-hidden="true"
          />
          <input
            id={`${ids}-q`}
            type="search"
            name="q"
            value={text}
            onChange={(e) => onType(e.target.value)}
            maxLength={100}
            autoComplete="off"
            enterKeyHint="search"
            placeholder="Search recipes, ingredients, or cuisines..."
            className="field border-0 bg-transparent pl-11 text-[17px] shadow-none focus-visible:outline-offset-0 dark:bg-transparent"
          />
        </div>
        <button type="submit" className="btn-primary px-4 sm:px-6">
          Search
        </button>
      </form>

      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filter by category">
        <CategoryChip label="All categories" active={!criteria.category} onClick={() => pickCategory('')} />
        {categories.map((c) => (
          <CategoryChip
            key={c.slug}
            label={c.name}
            active={criteria.category === c.slug}
            onClick={() => pickCategory(c.slug)}
          />
        ))}
        {criteria.cuisine && (
          <button
            type="button"
            className="chip gap-1.5"
            onClick={() => void run({ ...criteria, q: text, cuisine: '' }, 'push')}
            aria-label={`Remove cuisine filter ${criteria.cuisine}`}
          >
            Cuisine: {criteria.cuisine} <span className="icon icon-close size-3.5" aria-hidden="true" />
          </button>
        )}
      </div>

      <p
        className="min-h-6 text-sm font-medium text-stone-700 dark:text-stone-300"
        aria-live="polite"
        data-search-status
      >
        {status.kind === 'loading' && 'Searching…'}
        {status.kind === 'done' && summary(status.results.length, status.criteria, categoryName)}
      </p>

      {status.kind === 'idle' && (
        <Suggestions
          title="Start Your Recipe Search"
          text="Search by dish, ingredient or cuisine, or try one of these:"
          onPick={suggest}
        />
      )}
      {status.kind === 'loading' && (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-hidden="true" data-search-skeletons>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <li key={i} className="card animate-pulse overflow-hidden">
              <div className="aspect-[3/2] bg-stone-200 dark:bg-stone-800" />
              <div className="space-y-3 p-4">
                <div className="h-5 w-3/4 rounded bg-stone-200 dark:bg-stone-800" />
                <div className="h-3 w-full rounded bg-stone-200 dark:bg-stone-800" />
                <div className="h-3 w-2/3 rounded bg-stone-200 dark:bg-stone-800" />
              </div>
            </li>
          ))}
        </ul>
      )}
      {status.kind === 'error' && (
        <div className="card p-6 text-center" role="alert">
          <p className="font-semibold">Search is not working right now</p>
          <p className="muted mt-1">{status.message}</p>
          <button type="button" className="btn-primary mt-4" onClick={() => void run(criteria, 'none')}>
            Try again
          </button>
        </div>
      )}
      {status.kind === 'done' && status.results.length === 0 && (
        <Suggestions
          title="No recipes found"
          text="Check the spelling, use fewer words, or try one of these:"
          onPick={suggest}
        />
      )}
      {status.kind === 'done' && status.results.length > 0 && (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-search-results>
          {status.results.map((recipe, i) => (
            <li
              key={recipe.id}
              className="grid"
              dangerouslySetInnerHTML={{ __html: recipeCardHtml(recipe, { eager: i < 4, headingLevel: 2 }) }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function summary(count: number, c: Criteria, categoryName: (slug: string) => string): string {
  const parts = [
    c.q.trim() && `“${c.q.trim()}”`,
    c.category && `in ${categoryName(c.category)}`,
    c.cuisine && `(${c.cuisine} cuisine)`,
  ].filter(Boolean);
  return `${count === 0 ? 'No' : count} ${count === 1 ? 'recipe' : 'recipes'} found${parts.length ? ` for ${parts.join(' ')}` : ''}`;
}

function CategoryChip({ label, active, onClick }: { label: string; active: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={`chip ${active ? '!bg-brand-700 !text-white !ring-brand-700 dark:!bg-brand-300 dark:!text-night dark:!ring-brand-300' : ''}`}
    >
      {label}
    </button>
  );
}

function Suggestions({
  title,
  text,
  onPick,
}: {
  title: string;
  text: string;
  onPick: (word: string) => void;
}) {
  return (
    <div className="card px-6 py-12 text-center" data-search-suggestions>
      <span className="icon icon-search size-10 text-brand-600 dark:text-brand-300" aria-hidden="true" />
      <h2 className="mt-3 font-serif text-2xl font-bold">{title}</h2>
      <p className="muted mt-2">{text}</p>
      <ul className="mt-5 flex flex-wrap justify-center gap-2">
        {SEARCH_SUGGESTIONS.map((word) => (
          <li key={word}>
            <a
              href={`/search?q=${encodeURIComponent(word)}`}
              className="chip"
              onClick={(e) => {
                e.preventDefault();
                onPick(word);
              }}
            >
              {word}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
