import { describe, expect, it } from 'vitest';
import { ingredientSections, instructionTexts } from '../../src/lib/recipe-text.ts';

// Every stored shape of ingredients and instructions.

describe('ingredientSections', () => {
  it.each([
    ['array of strings', ['2 eggs', ' 1 cup milk '], [{ name: null, items: ['2 eggs', '1 cup milk'] }]],
    [
      'JSON string of an array',
      '["2 eggs","salt to taste"]',
      [{ name: null, items: ['2 eggs', 'salt to taste'] }],
    ],
    [
      'objects with quantity and item',
      [
        { quantity: '1 1/2', item: 'cups flour' },
        { quantity: 2, item: 'eggs' },
      ],
      [{ name: null, items: ['1 1/2 cups flour', '2 eggs'] }],
    ],
    ['objects with name only', [{ name: 'Fresh basil' }], [{ name: null, items: ['Fresh basil'] }]],
    [
      'objects with name and measurement',
      [{ name: 'sugar', measurement: '100 g' }],
      [{ name: null, items: ['100 g sugar'] }],
    ],
    [
      'sections',
      { 'For the sauce': ['1 tbsp soy sauce'], 'For the rice': ['200 g rice'] },
      [
        { name: 'For the sauce', items: ['1 tbsp soy sauce'] },
        { name: 'For the rice', items: ['200 g rice'] },
      ],
    ],
    ['JSON string of sections', '{"Dough":["500 g flour"]}', [{ name: 'Dough', items: ['500 g flour'] }]],
  ])('%s', (_name, input, expected) => {
    expect(ingredientSections(input)).toEqual(expected);
  });

  it.each([
    ['broken JSON', '["2 eggs"'],
    ['a number', 42],
    ['null', null],
    ['an empty list', []],
    ['sections of nothing', { 'For the sauce': [] }],
  ])('is null (shown as "Unable to display ingredients") for %s', (_name, input) => {
    expect(ingredientSections(input)).toBeNull();
  });
});

describe('instructionTexts', () => {
  it.each([
    ['strings', ['Mix.', 'Bake for 20 minutes.'], ['Mix.', 'Bake for 20 minutes.']],
    ['JSON string', '["Mix."]', ['Mix.']],
    ['objects with instruction', [{ step: 1, instruction: 'Mix.' }], ['Mix.']],
    ['objects with text', [{ text: 'Stir.', image: '/a.webp' }], ['Stir.']],
    ['objects with step text', [{ step: 'Whisk the eggs.' }], ['Whisk the eggs.']],
  ])('%s', (_name, input, expected) => {
    expect(instructionTexts(input)).toEqual(expected);
  });

  it.each([
    ['broken JSON', '[{'],
    ['an object', { a: 1 }],
    ['empty', []],
  ])('is null for %s', (_name, input) => {
    expect(instructionTexts(input)).toBeNull();
  });
});
