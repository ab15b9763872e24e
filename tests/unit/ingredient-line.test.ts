import { describe, expect, it } from 'vitest';
import { parseIngredientLine, readFormUnit, readShoppingUnit } from '../../src/lib/ingredient-line.ts';
import { itMaps } from '../helpers/table.ts';

type Parts = { quantity: string | null; sizeNote: string; unit: string; item: string; note: string };

const partsOf = (line: string, read = readFormUnit, keepsUnit?: (after: string) => boolean): Parts => {
  const { quantity, sizeNote, unit, item, note } = parseIngredientLine(line, read, keepsUnit);
  return { quantity: quantity ? quantity.text.trim() : null, sizeNote, unit, item, note };
};

describe('an ingredient line read with the recipe form units', () => {
  itMaps<string, Parts>(
    partsOf,
    [
      [
        '1 1/2 cups flour, sifted',
        { quantity: '1 1/2', sizeNote: '', unit: 'cups', item: 'flour', note: 'sifted' },
      ],
      ['2 lemons', { quantity: '2', sizeNote: '', unit: '', item: 'lemons', note: '' }],
      ['Salt to taste', { quantity: null, sizeNote: '', unit: '', item: 'Salt to taste', note: '' }],
      ['2-3 cloves garlic', { quantity: '2-3', sizeNote: '', unit: 'cloves', item: 'garlic', note: '' }],
      ['3 large eggs, beaten', { quantity: '3', sizeNote: '', unit: 'large', item: 'eggs', note: 'beaten' }],
      ['1 Tbsp.   olive  oil', { quantity: '1', sizeNote: '', unit: 'Tbsp.', item: 'olive oil', note: '' }],
      ['4 cloves', { quantity: '4', sizeNote: '', unit: '', item: 'cloves', note: '' }],
      ['2 cups of milk', { quantity: '2', sizeNote: '', unit: 'cups', item: 'of milk', note: '' }],
      [
        '1 (14 oz) can tomatoes',
        { quantity: '1', sizeNote: '', unit: '', item: '(14 oz) can tomatoes', note: '' },
      ],
      [', to serve', { quantity: null, sizeNote: '', unit: '', item: ', to serve', note: '' }],
      ['  ', { quantity: null, sizeNote: '', unit: '', item: '', note: '' }],
    ],
    '%j',
  );
});

describe('an ingredient line read with the shopping list units', () => {
  it.each<[string, Parts]>([
    [
      '1 1/2 cups flour, sifted',
      { quantity: '1 1/2', sizeNote: '', unit: 'cups', item: 'flour', note: 'sifted' },
    ],
    ['3 large eggs', { quantity: '3', sizeNote: '', unit: '', item: 'large eggs', note: '' }],
    ['2 cups of milk', { quantity: '2', sizeNote: '', unit: 'cups', item: 'milk', note: '' }],
    [
      '1 (14 oz) can tomatoes',
      { quantity: '1', sizeNote: '(14 oz)', unit: 'can', item: 'tomatoes', note: '' },
    ],
    ['2 fluid   ounces rum', { quantity: '2', sizeNote: '', unit: 'fluid ounces', item: 'rum', note: '' }],
    [
      '400g chopped tomatoes',
      { quantity: '400', sizeNote: '', unit: 'g', item: 'chopped tomatoes', note: '' },
    ],
    ['2 gravy granules', { quantity: '2', sizeNote: '', unit: '', item: 'gravy granules', note: '' }],
    ['4 cloves', { quantity: '4', sizeNote: '', unit: '', item: 'cloves', note: '' }],
  ])('%j', (line, parts) => {
    expect(partsOf(line, readShoppingUnit)).toEqual(parts);
  });

  it('keeps a unit only when the reader accepts what follows it', () => {
    const notJustANote = (after: string) => after.replace(/\(optional\)/i, '').trim() !== '';
    expect(partsOf('2 cups (optional)', readShoppingUnit, notJustANote)).toMatchObject({
      unit: '',
      item: 'cups (optional)',
    });
    expect(partsOf('2 cups rice (optional)', readShoppingUnit, notJustANote)).toMatchObject({
      unit: 'cups',
      item: 'rice (optional)',
    });
  });

  it('leaves the text after the unit as written, for the caller to tidy', () => {
    expect(parseIngredientLine('2  leeks ', readShoppingUnit).rest).toBe('  leeks');
    expect(parseIngredientLine('2 tins   beans', readShoppingUnit).rest).toBe('beans');
  });
});
