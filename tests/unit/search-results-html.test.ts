import { describe, expect, it } from 'vitest';
import { fillSearchPage, pantryNoteHtml, type FilledSearch } from '../../src/lib/search-results-html.ts';
import { NO_CRITERIA } from '../../src/lib/search-query.ts';
import { NO_FILTERS } from '../../src/lib/recipe-filters.ts';

// The search page filled in without its script: which part shows, the form's values, and
// everything from the request escaped.

const PAGE =
  '<html lang="en"><input id="search-q" name="q" type="search">' +
  '<form data-search-filters><select name="time"><option value="">Any</option><option value="30">30</option></select>' +
  '<input type="checkbox" name="diet" value="vegan" data-filter-diet><input type="text" name="have" data-filter-have></form>' +
  '<p data-search-status></p><p data-search-error-message></p><ul data-search-results></ul></html>';

const RECIPE = {
  id: 1,
  slug: 'a-b',
  title: 'Pie <b>',
  description: 'd',
  image: '',
  category: 'mains',
  cuisine: 'British',
  totalTime: 20,
  servings: 2,
  calories: 300,
  rating: 40,
  reviewCount: 1,
  prepTime: 5,
  cookTime: 15,
  difficulty: 'Easy',
  tags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
} as const;

describe('fillSearchPage', () => {
  it.each<[string, FilledSearch, string[], string[]]>([
    [
      'idle',
      { view: 'idle', criteria: NO_CRITERIA },
      ['<html data-search="idle" lang="en">'],
      ['selected', 'checked', 'type="search" value'],
    ],
    [
      'an error, escaped',
      { view: 'error', criteria: NO_CRITERIA, message: 'time <must> be' },
      ['<html data-search="error"', '<p data-search-error-message>time &lt;must&gt; be</p>'],
      ['<must>'],
    ],
    [
      'results with the form filled',
      {
        view: 'results',
        criteria: {
          ...NO_CRITERIA,
          q: '"><x>',
          filters: { ...NO_FILTERS, maxTime: 30, diets: ['vegan'], have: ['eggs', 'feta'] },
        },
        found: [{ ...RECIPE, pantry: { have: 1, missing: ['<flour>'] } }] as never,
        summary: '1 recipe found for “<x>”',
      },
      [
        '<html data-search="results"',
        'type="search" value="&quot;&gt;&lt;x&gt;">',
        '<option value="30" selected>',
        'data-filter-diet checked>',
        'data-filter-have value="eggs, feta">',
        '<p data-search-status>1 recipe found for “&lt;x&gt;”</p>',
        'Pie &lt;b&gt;',
        'Missing: &lt;flour&gt;',
      ],
      ['<x>', '<flour>', 'Pie <b>'],
    ],
  ])('%s', (_name, fill, present, absent) => {
    const page = fillSearchPage(PAGE, fill);
    for (const text of present) expect(page).toContain(text);
    for (const text of absent) expect(page).not.toContain(text);
  });

  it('says when the cook has everything', () => {
    expect(pantryNoteHtml({ have: 3, missing: [] })).toContain('You have everything it needs');
    expect(pantryNoteHtml(undefined)).toBe('');
  });
});
