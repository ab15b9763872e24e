import { describe, expect, it } from 'vitest';
import { lineDiff, LINE_DIFF_MAX_LINES, type LineChange } from '../../src/lib/line-diff.ts';
import { compareVersion, entryLine, fieldLabel, type VersionChange } from '../../src/lib/version-changes.ts';

const marked = (script: LineChange[]) =>
  script.map((c) => `${c.kind === 'same' ? ' ' : c.kind === 'added' ? '+' : '-'}${c.text}`);

describe('lineDiff', () => {
  it.each<[string, string[], string[], string[]]>([
    ['both empty', [], [], []],
    ['identical', ['a', 'b'], ['a', 'b'], [' a', ' b']],
    ['all new', [], ['a', 'b'], ['+a', '+b']],
    ['all gone', ['a', 'b'], [], ['-a', '-b']],
    ['one inserted in the middle', ['a', 'c'], ['a', 'b', 'c'], [' a', '+b', ' c']],
    ['one removed at the start', ['a', 'b', 'c'], ['b', 'c'], ['-a', ' b', ' c']],
    ['one replaced', ['a', 'b', 'c'], ['a', 'x', 'c'], [' a', '-b', '+x', ' c']],
    ['moved line', ['a', 'b', 'c'], ['b', 'c', 'a'], ['-a', ' b', ' c', '+a']],
    ['repeated lines', ['a', 'a', 'b'], ['a', 'b', 'b'], [' a', '-a', '+b', ' b']],
    [
      'interleaved edits',
      ['1 egg', '2 cups flour', 'salt', 'butter'],
      ['2 eggs', '2 cups flour', 'butter', 'sugar'],
      ['-1 egg', '+2 eggs', ' 2 cups flour', '-salt', ' butter', '+sugar'],
    ],
  ])('%s', (_name, before, after, expected) => {
    expect(marked(lineDiff(before, after))).toEqual(expected);
  });

  it('keeps the common lines a longest common subsequence', () => {
    const script = lineDiff(['x', 'a', 'b', 'y', 'c'], ['a', 'z', 'b', 'c', 'w']);
    expect(script.filter((c) => c.kind === 'same').map((c) => c.text)).toEqual(['a', 'b', 'c']);
  });

  it('reports lines beyond the bound as removed and added wholesale', () => {
    const before = Array.from({ length: LINE_DIFF_MAX_LINES + 5 }, (_, i) => `old ${i}`);
    const after = Array.from({ length: LINE_DIFF_MAX_LINES + 3 }, (_, i) => `new ${i}`);
    const script = lineDiff(before, after);
    expect(script.filter((c) => c.kind === 'removed')).toHaveLength(before.length);
    expect(script.filter((c) => c.kind === 'added')).toHaveLength(after.length);
  });
});

describe('fieldLabel and entryLine', () => {
  it.each([
    ['title', 'Title'],
    ['prepTime', 'Prep time'],
    ['servings', 'Servings'],
    ['isPublished', 'Published'],
    ['metaDescription', 'Meta description'],
  ])('%s reads as %s', (field, label) => expect(fieldLabel(field)).toBe(label));

  it.each<[unknown, string]>([
    ['2 cups flour', '2 cups flour'],
    [{ quantity: 2, unit: 'cups', item: 'flour', note: 'sifted' }, '2 cups flour (sifted)'],
    [{ name: 'salt' }, 'salt'],
    [{ step: 1, instruction: 'Mix well.' }, 'Mix well.'],
    [{ question: 'Freeze?', answer: 'Yes.' }, 'Q: Freeze? A: Yes.'],
  ])('%j reads as %s', (entry, line) => expect(entryLine(entry as never)).toBe(line));
});

describe('compareVersion', () => {
  const recipe = {
    title: 'Lemon Chicken',
    description: 'Bright and quick.',
    prepTime: 10,
    cookTime: 20,
    servings: 4,
    ingredients: ['1 lemon', '2 chicken breasts', 'salt'],
    instructions: ['Season the chicken.', 'Roast for 20 minutes.'],
    tags: ['quick'],
    nutrition: { calories: 320, protein: '30g', carbs: '5g', fat: '12g' },
  };

  it.each<[string, Record<string, unknown>, VersionChange[]]>([
    ['no change', {}, []],
    [
      'a short value changed',
      { title: 'Lemon Roast Chicken', servings: 6 },
      [
        { field: 'title', label: 'Title', kind: 'value', from: 'Lemon Chicken', to: 'Lemon Roast Chicken' },
        { field: 'servings', label: 'Servings', kind: 'value', from: '4', to: '6' },
      ],
    ],
    [
      'times changed',
      { prepTime: 15 },
      [{ field: 'prepTime', label: 'Prep time', kind: 'value', from: '10', to: '15' }],
    ],
    [
      'an ingredient added and one removed',
      { ingredients: ['2 lemons', '2 chicken breasts', 'salt', 'pepper'] },
      [
        {
          field: 'ingredients',
          label: 'Ingredients',
          kind: 'lines',
          removed: ['1 lemon'],
          added: ['2 lemons', 'pepper'],
        },
      ],
    ],
    [
      'a step added',
      { instructions: ['Season the chicken.', 'Roast for 20 minutes.', 'Rest 5 minutes.'] },
      [
        {
          field: 'instructions',
          label: 'Instructions',
          kind: 'lines',
          removed: [],
          added: ['Rest 5 minutes.'],
        },
      ],
    ],
    [
      'steps reordered only',
      { instructions: ['Roast for 20 minutes.', 'Season the chicken.'] },
      [
        {
          field: 'instructions',
          label: 'Instructions',
          kind: 'lines',
          removed: ['Season the chicken.'],
          added: ['Season the chicken.'],
        },
      ],
    ],
    [
      'a nutrition figure changed',
      { nutrition: { calories: 350, protein: '30g', carbs: '5g', fat: '12g' } },
      [{ field: 'nutrition.calories', label: 'Nutrition: calories', kind: 'value', from: '320', to: '350' }],
    ],
    [
      'a field only the current state has',
      { summary: 'A weeknight dinner.' },
      [{ field: 'summary', label: 'Summary', kind: 'value', from: '', to: 'A weeknight dinner.' }],
    ],
    [
      'a long text compared by lines',
      { description: `Bright and quick.\n${'A long second paragraph that goes on. '.repeat(3)}` },
      [
        {
          field: 'description',
          label: 'Description',
          kind: 'lines',
          removed: [],
          added: ['A long second paragraph that goes on. '.repeat(3).trim()],
        },
      ],
    ],
  ])('%s', (_name, edit, expected) => {
    expect(compareVersion(recipe, { ...recipe, ...edit })).toEqual(expected);
  });

  it('compares sectioned ingredients line by line with the section named', () => {
    const changes = compareVersion(
      { ingredients: { Sauce: ['1 lemon'], Chicken: ['2 breasts'] } },
      { ingredients: { Sauce: ['1 lemon', '1 tbsp honey'], Chicken: ['2 breasts'] } },
    );
    expect(changes).toEqual([
      {
        field: 'ingredients',
        label: 'Ingredients',
        kind: 'lines',
        removed: [],
        added: ['Sauce: 1 tbsp honey'],
      },
    ]);
  });

  it('reads booleans as yes and no', () => {
    expect(compareVersion({ isPublished: false }, { isPublished: true })).toEqual([
      { field: 'isPublished', label: 'Published', kind: 'value', from: 'no', to: 'yes' },
    ]);
  });
});

describe('compareVersion with stored JSON', () => {
  it('sees no change when only the key order of an entry differs', () => {
    expect(
      compareVersion(
        { ingredients: [{ unit: 'cup', item: 'flour', quantity: 1 }] },
        { ingredients: [{ quantity: 1, unit: 'cup', item: 'flour' }] },
      ),
    ).toEqual([]);
  });
});
