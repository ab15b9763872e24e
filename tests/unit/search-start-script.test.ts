import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SEARCH_START_SCRIPT } from '../../src/components/search-start-script.ts';
import { routePath } from '../../src/lib/api/client.ts';
import {
  criteriaFromQuery,
  hasCriteria,
  searchApiQuery,
  searchPageAddress,
  searchSummary,
  type SearchCriteria,
} from '../../src/lib/search-query.ts';
import { NO_FILTERS } from '../../src/lib/recipe-filters.ts';

// The search page's inline start script must ask for exactly the address the
// page's module would, or the module cannot take its answer over and searches twice. Here it runs
// in a bare context with a fake `location`, `document` and `fetch`.

interface Started {
  url: string;
  requests: { url: string; init: RequestInit }[];
  state: string | null;
}

function runStartScript(search: string): Started {
  const requests: Started['requests'] = [];
  let state: string | null = null;
  const context = {
    URLSearchParams,
    AbortController,
    location: { search },
    document: { documentElement: { setAttribute: (_: string, value: string) => (state = value) } },
    fetch: (url: string, init: RequestInit) => {
      requests.push({ url, init });
      return Promise.resolve(new Response('[]'));
    },
  } as Record<string, unknown>;
  context.window = context;
  vm.runInNewContext(SEARCH_START_SCRIPT, context);
  const started = context.forkfulSearch as { url: string } | undefined;
  return { url: started?.url ?? '', requests, state };
}

const ADDRESSES = [
  '?q=chicken',
  '?q=%20%20quick%20meal%20',
  '?q=caf%C3%A9+au+lait&category=Desserts',
  '?category=%20desserts%20',
  '?cuisine=Italian',
  '?cuisine=%20South%20Indian&q=dal&category=main-course',
  '?q=a%26b%3Dc%2Fd%3F',
  `?q=${'x'.repeat(150)}`,
];

describe('the search start script', () => {
  it('is one line of valid JavaScript under 1 KB with no page-dependent part', () => {
    expect(SEARCH_START_SCRIPT).not.toContain('\n');
    expect(() => new Function(SEARCH_START_SCRIPT)).not.toThrow();
    expect(SEARCH_START_SCRIPT.length).toBeLessThan(1024);
    expect(SEARCH_START_SCRIPT).not.toMatch(/\$\{|define:vars/);
  });

  it.each(ADDRESSES)('asks for what the page would ask for %s', (search) => {
    const started = runStartScript(search);
    const expected = routePath('/api/recipes/search', {}, searchApiQuery(criteriaFromQuery(search)));
    expect(started.url).toBe(expected);
    expect(started.requests.map((r) => r.url)).toEqual([expected]);
    expect(started.requests[0]!.init).toMatchObject({
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    expect(started.state).toBe('loading');
  });

  // Addresses it leaves alone: with filters the page asks itself (showing skeleton cards), with
  // nothing to search for it shows the suggestions.
  it.each<[string, boolean, 'loading' | 'idle']>([
    ['?time=30', true, 'loading'],
    ['?q=soup&diet=vegan', true, 'loading'],
    ['?have=eggs', true, 'loading'],
    ['', false, 'idle'],
    ['?q=', false, 'idle'],
    ['?q=%20%20%20', false, 'idle'],
    ['?category=&cuisine=%20', false, 'idle'],
    ['?page=2', false, 'idle'],
  ])('sends nothing for %j (search criteria: %s), the page shows %s', (search, criteria, state) => {
    expect(hasCriteria(criteriaFromQuery(search))).toBe(criteria);
    const started = runStartScript(search);
    expect(started.requests).toEqual([]);
    expect(started.url).toBe('');
    expect(started.state).toBe(state);
  });
});

describe('search criteria and addresses', () => {
  it.each([
    ['?q=%20soup%20', { q: ' soup ', category: '', cuisine: '', filters: NO_FILTERS }, '/search?q=soup'],
    [
      '?category=Desserts',
      { q: '', category: 'desserts', cuisine: '', filters: NO_FILTERS },
      '/search?category=desserts',
    ],
    [
      '?cuisine=%20Thai%20&q=curry',
      { q: 'curry', category: '', cuisine: 'Thai', filters: NO_FILTERS },
      '/search?q=curry&cuisine=Thai',
    ],
    ['', { q: '', category: '', cuisine: '', filters: NO_FILTERS }, '/search'],
    [
      '?q=soup&time=30&diet=vegan&diet=gluten-free&exclude=Leeks&have=',
      {
        q: 'soup',
        category: '',
        cuisine: '',
        filters: { ...NO_FILTERS, maxTime: 30, diets: ['vegan', 'gluten-free'], exclude: ['leeks'] },
      },
      '/search?q=soup&time=30&diet=vegan%2Cgluten-free&exclude=leeks',
    ],
  ] as const)('%s reads as %j and is shown at %s', (search, criteria, address) => {
    expect(criteriaFromQuery(search)).toEqual(criteria);
    expect(searchPageAddress(criteriaFromQuery(search))).toBe(address);
  });

  it.each<[number, SearchCriteria, string]>([
    [0, { q: 'zz', category: '', cuisine: '', filters: NO_FILTERS }, 'No recipes found for “zz”'],
    [
      1,
      { q: ' soup ', category: 'desserts', cuisine: '', filters: NO_FILTERS },
      '1 recipe found for “soup” in Desserts',
    ],
    [5, { q: '', category: '', cuisine: 'Thai', filters: NO_FILTERS }, '5 recipes found for (Thai cuisine)'],
    [
      2,
      {
        q: '',
        category: '',
        cuisine: '',
        filters: { maxTime: 15, diets: ['vegan'], exclude: ['nuts'], have: ['rice', 'eggs'] },
      },
      '2 recipes found: ready in 15 minutes or less; vegan; without nuts; using rice, eggs',
    ],
  ])('sums up %i results for %j', (count, criteria, text) => {
    expect(searchSummary(count, criteria, (slug) => (slug === 'desserts' ? 'Desserts' : slug))).toBe(text);
  });
});
