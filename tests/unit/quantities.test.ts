import { describe, expect, it } from 'vitest';
import {
  agreeUnit,
  displayAmount,
  formatAmount,
  numberValue,
  parseLeadingQuantity,
  roundAmount,
  scaleFactor,
  scaleIngredientLine,
} from '../../src/lib/quantities.ts';
import { ingredientSections } from '../../src/lib/recipe-text.ts';
import { itMaps } from '../helpers/table.ts';

describe('numberValue and formatAmount', () => {
  it.each([
    ['2', 2],
    ['12', 12],
    ['1.5', 1.5],
    ['.5', 0.5],
    ['3.', 3],
    ['1/2', 0.5],
    ['3⁄4', 0.75],
    ['1 1/2', 1.5],
    ['2  3/4', 2.75],
    ['½', 0.5],
    ['¾', 0.75],
    ['⅓', 1 / 3],
    ['⅛', 0.125],
    ['1½', 1.5],
    ['1 ½', 1.5],
    ['10⅔', 32 / 3],
    ['1/0', Number.NaN],
    ['1 1/0', Number.NaN],
    ['', Number.NaN],
    ['abc', Number.NaN],
    ['1,5', Number.NaN],
    ['-2', Number.NaN],
    ['1/2/3', Number.NaN],
  ])('numberValue(%j) = %d', (text, value) => {
    if (Number.isNaN(value)) expect(numberValue(text)).toBeNaN();
    else expect(numberValue(text)).toBeCloseTo(value, 12);
  });

  it.each([
    [2, 'fraction', '2'],
    [0.5, 'fraction', '1/2'],
    [1.5, 'fraction', '1 1/2'],
    [2 + 2 / 3, 'fraction', '2 2/3'],
    [1 / 16, 'fraction', '1/16'],
    [0.5, 'unicode', '½'],
    [1.25, 'unicode', '1¼'],
    [0.125, 'unicode', '⅛'],
    [1 + 1 / 16, 'unicode', '1 1/16'],
    [0.75, 'decimal', '0.75'],
    [2.5, 'decimal', '2.5'],
    [1 / 3, 'decimal', '0.333'],
    [0.6, 'fraction', '0.6'],
  ] as const)('formatAmount(%d, %s) = %s', (value, style, text) => {
    expect(formatAmount(value, style)).toBe(text);
  });
});

describe('parseLeadingQuantity', () => {
  it.each([
    ['2 cups flour', 2, undefined, '2', ' cups flour'],
    ['1.5 kg potatoes', 1.5, undefined, '1.5', ' kg potatoes'],
    ['.5 tsp salt', 0.5, undefined, '.5', ' tsp salt'],
    ['1/2 tsp salt', 0.5, undefined, '1/2', ' tsp salt'],
    ['3⁄4 cup milk', 0.75, undefined, '3⁄4', ' cup milk'],
    ['1 1/2 cups rice', 1.5, undefined, '1 1/2', ' cups rice'],
    ['½ tsp cumin', 0.5, undefined, '½', ' tsp cumin'],
    ['1½ cups stock', 1.5, undefined, '1½', ' cups stock'],
    ['1 ½ cups stock', 1.5, undefined, '1 ½', ' cups stock'],
    ['⅓ cup sour cream', 1 / 3, undefined, '⅓', ' cup sour cream'],
    ['2-3 cloves garlic', 2, 3, '2-3', ' cloves garlic'],
    ['2–3 cloves garlic', 2, 3, '2–3', ' cloves garlic'],
    ['2 to 3 tbsp water', 2, 3, '2 to 3', ' tbsp water'],
    ['1/2-1 tsp chilli flakes', 0.5, 1, '1/2-1', ' tsp chilli flakes'],
    ['400g tinned tomatoes', 400, undefined, '400', 'g tinned tomatoes'],
    ['  3 eggs', 3, undefined, '3', ' eggs'],
  ])('%s', (line, value, upper, text, rest) => {
    const q = parseLeadingQuantity(line);
    expect(q).not.toBeNull();
    expect(q!.value).toBeCloseTo(value, 9);
    expect(q!.upper).toBe(upper);
    expect(q!.text).toBe(text);
    expect(q!.rest).toBe(rest);
  });

  it.each([
    ['salt to taste'],
    ['a pinch of salt'],
    ['juice of 1 lemon'],
    ['9-inch pie crust'],
    [''],
    ['fresh coriander, to serve'],
  ])('finds no leading quantity in %j', (line) => {
    expect(parseLeadingQuantity(line)).toBeNull();
  });

  it.each([
    ['1.5 kg', 'decimal'],
    ['½ tsp', 'unicode'],
    ['1½ cups', 'unicode'],
    ['1 1/2 cups', 'fraction'],
    ['2 eggs', 'fraction'],
  ])('remembers how %s was written (%s)', (line, style) => {
    expect(parseLeadingQuantity(line)?.style).toBe(style);
  });
});

describe('roundAmount and displayAmount', () => {
  itMaps(
    displayAmount,
    [
      [0.6, '2/3'],
      [0.6000000000000001, '2/3'],
      [0.2 * 3, '2/3'],
      [0.1 + 0.2, '1/3'],
      [0.26, '1/4'],
      [0.5, '1/2'],
      [0.74, '3/4'],
      [0.9, '1'],
      [1.1, '1'],
      [1.2, '1 1/4'],
      [1.3, '1 1/3'],
      [1.45, '1 1/2'],
      [1.62, '1 2/3'],
      [1.8, '1 3/4'],
      [1.9, '2'],
      [2.99, '3'],
      [0.15, '1/8'],
      [0.1, '1/8'],
      [0.05, '1/16'],
      [0.001, '1/16'],
      [12.4, '12 1/3'],
      [131.25, '131'],
      [999.6, '1000'],
    ],
    '%d → %s',
  );

  it.each([
    [0.75, '0.75'],
    [2.6, '2.5'],
    [2.4, '2.5'],
    [12.6, '13'],
    [131.25, '130'],
    [533.3, '535'],
    [1333.3, '1335'],
    [0.05, '0.05'],
    [0.0333, '0.03'],
  ])('decimal style: %d → %s', (value, shown) => {
    expect(displayAmount(value, 'decimal')).toBe(shown);
  });

  it.each([[0], [-1], [Number.NaN], [Number.POSITIVE_INFINITY]])(
    '%d rounds to 0 (nothing to show)',
    (value) => {
      expect(roundAmount(value)).toBe(0);
    },
  );

  it('never rounds a positive amount to 0', () => {
    for (let v = 0.0001; v < 3; v += 0.0137) {
      expect(roundAmount(v)).toBeGreaterThan(0);
      expect(roundAmount(v, 'decimal')).toBeGreaterThan(0);
    }
  });
});

describe('scaleIngredientLine', () => {
  it.each([
    // Integers
    ['2 cups flour', 2, '4 cups flour'],
    ['2 cups flour', 0.5, '1 cup flour'],
    ['1 cup sugar', 2, '2 cups sugar'],
    ['3 eggs', 2, '6 eggs'],
    ['1 egg', 2, '2 eggs'],
    ['2 eggs', 0.5, '1 egg'],
    ['4 tbsp olive oil', 0.25, '1 tbsp olive oil'],
    ['1 tsp salt', 1.5, '1 1/2 tsp salt'],
    ['3 tbsp soy sauce', 1 / 3, '1 tbsp soy sauce'],
    ['2 tbsp butter', 3, '6 tbsp butter'],
    ['5 cloves garlic, minced', 0.5, '2 1/2 cloves garlic, minced'],
    ['1 clove garlic', 3, '3 cloves garlic'],
    ['16 Kalamata olives', 0.75, '12 Kalamata olives'],
    ['6 scallions, chopped', 1 / 6, '1 scallions, chopped'],
    // Decimals
    ['1.5 kg chicken', 2, '3 kg chicken'],
    ['1.5 kg chicken', 0.5, '0.75 kg chicken'],
    ['1.3 kg chicken drumsticks', 2, '2.5 kg chicken drumsticks'],
    ['0.5 cup milk', 3, '1.5 cups milk'],
    ['2.5 tbsp honey', 2, '5 tbsp honey'],
    ['.5 tsp pepper', 2, '1 tsp pepper'],
    // Fractions
    ['1/2 tsp salt', 2, '1 tsp salt'],
    ['1/2 tsp salt', 3, '1 1/2 tsp salt'],
    ['1/3 cup sour cream', 2, '2/3 cup sour cream'],
    ['1/3 cup sour cream', 3, '1 cup sour cream'],
    ['2/3 cup milk', 1.5, '1 cup milk'],
    ['3/4 cup sugar', 2, '1 1/2 cups sugar'],
    ['1/4 tsp nutmeg', 0.5, '1/8 tsp nutmeg'],
    ['1/8 tsp cayenne', 0.5, '1/16 tsp cayenne'],
    ['1/8 tsp cayenne', 0.25, '1/16 tsp cayenne'],
    ['3⁄4 cup water', 2, '1 1/2 cups water'],
    // Mixed numbers
    ['1 1/2 cups rice', 2, '3 cups rice'],
    ['1 1/2 oz gin', 2, '3 oz gin'],
    ['1 1/2 cups bean sprouts', 0.5, '3/4 cup bean sprouts'],
    ['2 1/4 cups flour', 2, '4 1/2 cups flour'],
    ['1 1/3 cups oats', 3, '4 cups oats'],
    ['1 3/4 cups milk', 2, '3 1/2 cups milk'],
    // Unicode fractions
    ['½ tsp ground cinnamon', 2, '1 tsp ground cinnamon'],
    ['½ tsp ground cinnamon', 3, '1½ tsp ground cinnamon'],
    ['¼ cup kimchi juice', 3, '¾ cup kimchi juice'],
    ['¾ cup brown sugar', 2, '1½ cups brown sugar'],
    ['⅓ cup yoghurt', 2, '⅔ cup yoghurt'],
    ['⅔ cup cream', 0.5, '⅓ cup cream'],
    ['⅛ tsp clove', 4, '½ tsp clove'],
    ['1½ cups stock', 2, '3 cups stock'],
    ['1½ cups stock', 0.5, '¾ cup stock'],
    ['1 ½ cups stock', 2, '3 cups stock'],
    ['¼ tsp salt', 0.25, '1/16 tsp salt'],
    // Ranges: every part scales, separators kept
    ['2-3 cloves garlic', 2, '4-6 cloves garlic'],
    ['2–3 chipotle peppers', 2, '4–6 chipotle peppers'],
    ['2 to 3 tbsp water', 2, '4 to 6 tbsp water'],
    ['3-5 Thai chillies', 0.5, '1 1/2-2 1/2 Thai chillies'],
    ['1/2-1 tsp chilli flakes', 2, '1-2 tsp chilli flakes'],
    ['1-2 tbsp sugar', 0.5, '1/2-1 tbsp sugar'],
    ['10-12 mint leaves', 0.25, '2 1/2-3 mint leaves'],
    ['1-1 1/4 cups milk', 0.1, '1/8 cup milk'],
    // Metric units read as decimals, whole above 10
    ['100 g panko breadcrumbs', 1.5, '150 g panko breadcrumbs'],
    ['175 g self-raising flour', 0.75, '130 g self-raising flour'],
    ['400 g short pasta', 4 / 3, '535 g short pasta'],
    ['60 ml water', 0.5, '30 ml water'],
    ['250 ml coconut milk', 1 / 3, '83 ml coconut milk'],
    ['1 kg tomatoes', 0.75, '0.75 kg tomatoes'],
    ['400g tinned tomatoes', 0.5, '200g tinned tomatoes'],
    ['5 g yeast', 0.1, '0.5 g yeast'],
    ['1 litre water', 0.5, '0.5 litre water'],
    // Factor 1 and text without a leading number: unchanged
    ['½ tsp salt', 1, '½ tsp salt'],
    ['1.50 kg beef', 1, '1.50 kg beef'],
    ['salt to taste', 3, 'salt to taste'],
    ['juice of 1 lemon', 2, 'juice of 1 lemon'],
    ['9-inch pie crust', 2, '9-inch pie crust'],
    ['a pinch of salt', 4, 'a pinch of salt'],
    // Numbers later in the line stay: they describe one item
    ['1 tin (400 g) cannellini beans', 2, '2 tins (400 g) cannellini beans'],
    ['4 thick cod fillets (about 150 g each)', 0.5, '2 thick cod fillets (about 150 g each)'],
    // Large factors and float noise
    ['0.2 tbsp paprika', 3, '0.5 tbsp paprika'],
    ['1/3 cup oil', 1.8, '2/3 cup oil'],
    ['1 pinch of salt', 3, '3 pinches of salt'],
    ['2 tbsp sugar', 12.5, '25 tbsp sugar'],
  ])('%s × %d → %s', (line, factor, expected) => {
    expect(scaleIngredientLine(line, factor)).toBe(expected);
  });

  it.each([[0], [-2], [Number.NaN], [Number.POSITIVE_INFINITY]])(
    'ignores a nonsensical factor %d',
    (factor) => {
      expect(scaleIngredientLine('2 cups flour', factor)).toBe('2 cups flour');
    },
  );

  it('never shows float noise or a zero amount', () => {
    const lines = [
      '0.2 tbsp paprika',
      '1/8 tsp salt',
      '⅓ cup milk',
      '1 1/2 cups rice',
      '2-3 cloves garlic',
      '7 g yeast',
    ];
    for (const line of lines) {
      for (const factor of [0.1, 0.125, 1 / 3, 0.7, 1.1, 2.3, 3.3, 7]) {
        const scaled = scaleIngredientLine(line, factor);
        expect(scaled).not.toMatch(/\d\.\d{4,}/);
        expect(scaled).not.toMatch(/^0(?![.\d])/);
      }
    }
  });
});

describe('every stored ingredient format scales', () => {
  const scaleAll = (value: unknown, factor: number) =>
    ingredientSections(value)?.map((s) => ({
      name: s.name,
      items: s.items.map((l) => scaleIngredientLine(l, factor)),
    })) ?? null;

  it.each([
    [
      'array of strings',
      ['2 cups flour', 'salt to taste'],
      [{ name: null, items: ['4 cups flour', 'salt to taste'] }],
    ],
    ['JSON string', JSON.stringify(['1/2 tsp salt']), [{ name: null, items: ['1 tsp salt'] }]],
    ['{quantity, item} with a number', [{ quantity: 2, item: 'eggs' }], [{ name: null, items: ['4 eggs'] }]],
    [
      '{quantity, item} with text',
      [{ quantity: '1 1/2 cups', item: 'milk' }],
      [{ name: null, items: ['3 cups milk'] }],
    ],
    ['{name}', [{ name: '3 carrots' }], [{ name: null, items: ['6 carrots'] }]],
    [
      '{name, measurement}',
      [{ name: 'butter', measurement: '½ cup' }],
      [{ name: null, items: ['1 cup butter'] }],
    ],
    [
      'object grouping sections',
      { 'For the sauce': ['1 tbsp soy sauce'], 'For the noodles': ['200 g noodles'] },
      [
        { name: 'For the sauce', items: ['2 tbsp soy sauce'] },
        { name: 'For the noodles', items: ['400 g noodles'] },
      ],
    ],
  ])('%s', (_name, value, expected) => {
    expect(scaleAll(value, 2)).toEqual(expected);
  });

  it.each([
    ['not JSON', '{oops'],
    ['a number', 42],
    ['null', null],
    ['an empty list', []],
  ])('%s is unreadable (null)', (_name, value) => {
    expect(scaleAll(value, 2)).toBeNull();
  });
});

describe('scaleFactor and agreeUnit', () => {
  it.each([
    [8, 4, 2],
    [2, 4, 0.5],
    [4, 4, 1],
    [3, 0, 1],
    [0, 4, 1],
  ])('%i servings of a %i-serving recipe → %d', (servings, original, factor) => {
    expect(scaleFactor(servings, original)).toBe(factor);
  });

  it.each([
    [' cup flour', 2, ' cups flour'],
    [' cups flour', 1, ' cup flour'],
    [' cups flour', 0.5, ' cup flour'],
    [' Cup flour', 3, ' Cups flour'],
    [' tbsp oil', 3, ' tbsp oil'],
    [' leaf', 2, ' leaves'],
    [' large eggs', 1, ' large eggs'],
  ])('%j with %d', (rest, amount, expected) => {
    expect(agreeUnit(rest, amount)).toBe(expected);
  });
});
