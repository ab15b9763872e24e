import { describe, expect, it } from 'vitest';
import {
  fillPercent,
  graceText,
  hitRatioText,
  orderedAreas,
} from '../../src/islands/admin/cache/cache-view.ts';
import {
  addTags,
  draftFromRecipe,
  emptyDraft,
  lineFromRow,
  rowFromIngredient,
  rowFromLine,
  type RecipeDraft,
} from '../../src/islands/admin/recipes/recipe-draft.ts';
import { inputFromDraft } from '../../src/islands/admin/recipes/recipe-input.ts';
import { validateDraft } from '../../src/islands/admin/recipes/recipe-validation.ts';
import { recipeListQuery } from '../../src/islands/admin/recipes/RecipesTab.tsx';
import { imageFileProblem, issuesByPath } from '../../src/islands/admin/shared/admin-api.ts';
import { move } from '../../src/islands/admin/shared/list-edits.ts';
import { publishView } from '../../src/islands/admin/shared/publish-state.ts';
import { slugify as slugFromTitle } from '../../src/lib/slug.ts';
import { ADMIN_TABS, hashForTab, isAdminUser, tabForKey, tabFromHash } from '../../src/islands/admin/tabs.ts';
import { ApiRequestError, routePath } from '../../src/lib/api/client.ts';
import type { Recipe } from '../../src/lib/schemas/recipe.ts';
import { itMaps } from '../helpers/table.ts';

describe('admin tabs', () => {
  it('lists the tabs in order', () => {
    expect(ADMIN_TABS.map((t) => t.label)).toEqual([
      'Recipes',
      'AI Generator',
      'Categories',
      'Pages',
      'Blog',
      'Subscribers',
      'Cache',
      'Settings',
      'Password',
    ]);
  });

  itMaps(
    tabFromHash,
    [
      ['', 'recipes'],
      ['#', 'recipes'],
      ['#cache', 'cache'],
      ['#Blog', 'blog'],
      ['generator', 'generator'],
      ['#nope', 'recipes'],
      ['#%70ages', 'pages'],
    ],
    'hash %j opens %s',
  );

  it('round-trips every tab through its hash', () => {
    for (const t of ADMIN_TABS) expect(tabFromHash(hashForTab(t.id))).toBe(t.id);
    expect(hashForTab('recipes')).toBe('');
  });

  it.each([
    ['recipes', 'ArrowRight', 'generator'],
    ['recipes', 'ArrowLeft', 'password'],
    ['password', 'ArrowRight', 'recipes'],
    ['cache', 'ArrowDown', 'settings'],
    ['cache', 'ArrowUp', 'subscribers'],
    ['cache', 'Home', 'recipes'],
    ['cache', 'End', 'password'],
    ['cache', 'Enter', null],
    ['cache', 'a', null],
  ] as const)('%s + %s → %s', (from, key, to) => {
    expect(tabForKey(from, key)).toBe(to);
  });

  it('the admin is the user named admin', () => {
    expect(isAdminUser({ username: 'admin' })).toBe(true);
    expect(isAdminUser({ username: 'Admin2' })).toBe(false);
    expect(isAdminUser(null)).toBe(false);
    expect(isAdminUser(undefined)).toBe(false);
  });
});

function filledDraft(): RecipeDraft {
  const d = emptyDraft();
  d.title = 'Lemon Chicken';
  d.description = 'Bright and quick.';
  d.category = 'main-course';
  d.cuisine = 'Greek';
  d.prepTime = '10';
  d.cookTime = '25';
  d.servings = '4';
  d.calories = '420';
  d.nutrition.protein = '30';
  d.nutrition.carbs = '12';
  d.nutrition.fat = '18g';
  d.sections = [
    { key: 'a', name: 'Chicken', rows: [rowFromLine('4 chicken thighs'), rowFromLine('1 tbsp olive oil')] },
    { key: 'b', name: 'Sauce', rows: [rowFromLine('2 lemons, juiced'), { ...rowFromLine(''), key: 'e' }] },
  ];
  d.steps = [
    { key: 's1', text: 'Brown the chicken.' },
    { key: 's2', text: '  ' },
    { key: 's3', text: 'Add the sauce.' },
  ];
  d.tags = ['chicken', 'quick'];
  return d;
}

describe('recipe form', () => {
  it.each([
    ['1 1/2 cups flour, sifted', { quantity: '1 1/2', unit: 'cups', item: 'flour', note: 'sifted' }],
    ['2 lemons', { quantity: '2', unit: '', item: 'lemons', note: '' }],
    ['Salt to taste', { quantity: '', unit: '', item: 'Salt to taste', note: '' }],
    ['200 g feta, crumbled', { quantity: '200', unit: 'g', item: 'feta', note: 'crumbled' }],
    ['2-3 cloves garlic', { quantity: '2-3', unit: 'cloves', item: 'garlic', note: '' }],
  ])('reads %j as a row', (line, row) => {
    const { key: _key, ...parsed } = rowFromLine(line);
    expect(parsed).toEqual(row);
    expect(lineFromRow({ key: 'x', ...row })).toBe(line);
  });

  it('reads stored row objects and old {name, measurement} shapes', () => {
    const { key: _a, ...row } = rowFromIngredient({ quantity: 2, unit: 'cups', item: 'milk', note: 'warm' });
    expect(row).toEqual({ quantity: '2', unit: 'cups', item: 'milk', note: 'warm' });
    const { key: _b, ...old } = rowFromIngredient({ name: 'butter', measurement: '2 tbsp' });
    expect(old).toEqual({ quantity: '2', unit: 'tbsp', item: 'butter', note: '' });
  });

  it('builds the API payload: sections, no empty rows or steps, units on nutrition', () => {
    const input = inputFromDraft(filledDraft()) as unknown as Record<string, unknown>;
    expect(input.ingredients).toEqual({
      Chicken: [
        { quantity: '4', item: 'chicken thighs' },
        { quantity: '1', unit: 'tbsp', item: 'olive oil' },
      ],
      Sauce: [{ quantity: '2', item: 'lemons', note: 'juiced' }],
    });
    expect(input.instructions).toEqual(['Brown the chicken.', 'Add the sauce.']);
    expect(input.nutrition).toEqual({ calories: 420, protein: '30g', carbs: '12g', fat: '18g' });
    expect(input).toMatchObject({ prepTime: 10, cookTime: 25, servings: 4, calories: 420 });
    expect(input).not.toHaveProperty('noCooking');
    expect(validateDraft(filledDraft())).toEqual({});
  });

  it('an unnamed single section is a plain list', () => {
    const d = filledDraft();
    d.sections = [{ key: 'a', name: '', rows: [rowFromLine('1 egg')] }];
    expect((inputFromDraft(d) as unknown as Record<string, unknown>).ingredients).toEqual([
      { quantity: '1', item: 'egg' },
    ]);
  });

  it('no cooking sends cook time 0 and needs no cook time', () => {
    const d = filledDraft();
    d.noCooking = true;
    d.cookTime = '';
    expect(inputFromDraft(d)).toMatchObject({ cookTime: 0, noCooking: true });
    expect(validateDraft(d).cookTime).toBeUndefined();
    d.noCooking = false;
    expect(validateDraft(d).cookTime).toBe('Cook time must be at least 1 minute');
  });

  it('shows the form messages for an empty form', () => {
    const errors = validateDraft(emptyDraft());
    expect(errors).toMatchObject({
      title: 'Title is required',
      prepTime: 'Prep time must be at least 1 minute',
      cookTime: 'Cook time must be at least 1 minute',
      ingredients: 'Add at least one ingredient',
      instructions: 'Add at least one instruction',
      tags: 'Add at least one tag',
    });
    const d = filledDraft();
    d.image = 'not a url';
    expect(validateDraft(d).image).toBe('Must be a valid URL');
    d.image = '/api/images/0123456789abcdef0123456789abcdef/1200.webp';
    expect(validateDraft(d).image).toBeUndefined();
  });

  it('round-trips a stored recipe through the form', () => {
    const input = inputFromDraft(filledDraft()) as unknown as Recipe;
    const recipe: Recipe = {
      ...input,
      id: 7,
      slug: 'lemon-chicken',
      summary: null,
      image: null,
      totalTime: 35,
      rating: 0,
      averageRating: 0,
      reviewCount: 0,
      faqs: [],
      videoUrl: null,
      videoThumbnail: null,
      videoDuration: null,
      createdAt: '',
      updatedAt: '',
    };
    expect(inputFromDraft(draftFromRecipe(recipe))).toEqual(inputFromDraft(filledDraft()));
  });

  it('tags are chips: trimmed, lower case, no repeats; lists reorder', () => {
    expect(addTags(['quick'], ' Dinner , quick,, Greek Food ')).toEqual(['quick', 'dinner', 'greek food']);
    expect(move(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(move(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
    expect(move(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});

describe('admin helpers', () => {
  it.each([
    ['Crème Brûlée & Friends!', 'creme-brulee-friends'],
    ['  About   Us  ', 'about-us'],
    ['snake_case -- title', 'snake-case-title'],
  ])('slug of %j is %s', (title, slug) => expect(slugFromTitle(title)).toBe(slug));

  it('asks the admin listing for one page, newest changes first, with the search text', () => {
    expect(routePath('/api/recipes', {}, recipeListQuery('', 0))).toBe(
      '/api/recipes?limit=20&offset=0&sort=updated',
    );
    expect(routePath('/api/recipes', {}, recipeListQuery('  lemon pie ', 2))).toBe(
      '/api/recipes?limit=20&offset=40&sort=updated&q=lemon+pie',
    );
  });

  it('checks an image file before uploading', () => {
    expect(imageFileProblem({ size: 1000, type: 'image/jpeg', name: 'a.jpg' })).toBeNull();
    expect(imageFileProblem({ size: 6 * 1024 * 1024, type: 'image/jpeg', name: 'a.jpg' })).toMatch(/5 MB/);
    expect(imageFileProblem({ size: 10, type: 'image/svg+xml', name: 'a.svg' })).toMatch(/JPEG/);
    expect(imageFileProblem({ size: 0, type: '', name: 'a' })).toMatch(/empty/);
  });

  it('reads server issues as form errors', () => {
    const err = new ApiRequestError(
      400,
      'Bad Request',
      JSON.stringify({ error: 'Bad', issues: [{ path: 'title', message: 'Title is required' }] }),
      undefined,
    );
    expect(issuesByPath(err)).toEqual({ title: 'Title is required' });
  });

  it('says Publishing…, Live or the failure', () => {
    const base = {
      requestedAt: null,
      startedAt: null,
      finishedAt: null,
      liveAt: '2026-11-25T12:00:00Z',
      error: null,
      reasons: [],
      waitingRatings: 0,
    };
    expect(publishView({ ...base, state: 'publishing', requestedAt: '2026-11-25T12:01:00Z' }).label).toBe(
      'Publishing…',
    );
    expect(publishView({ ...base, state: 'live' })).toMatchObject({ label: 'Live', at: base.liveAt });
    expect(publishView({ ...base, state: 'failed', error: 'Build broke' })).toMatchObject({
      tone: 'failed',
      detail: 'Build broke',
    });
  });

  it('cache figures', () => {
    expect(fillPercent({ size: 50, maxSize: 200 })).toBe(25);
    expect(fillPercent({ size: 5, maxSize: 0 })).toBe(0);
    expect(hitRatioText({ size: 0, maxSize: 1, hits: 3, misses: 1 })).toBe('75 %');
    expect(hitRatioText({ size: 0, maxSize: 1 })).toBe('—');
    // The unused-image grace period in the labels: a day unless the server says otherwise.
    expect(graceText(undefined)).toBe('a day');
    expect(graceText(86_400)).toBe('a day');
    expect(graceText(2 * 86_400)).toBe('2 days');
    expect(graceText(3_600)).toBe('an hour');
    expect(graceText(90 * 60)).toBe('90 minutes');
    expect(graceText(5)).toBe('5 seconds');
    expect(graceText(0)).toBe('0 seconds');
    expect(
      orderedAreas({
        zeta: { size: 0, maxSize: 1 },
        search: { size: 0, maxSize: 1 },
        recipes: { size: 0, maxSize: 1 },
      }).map(([a]) => a),
    ).toEqual(['recipes', 'search', 'zeta']);
  });
});
