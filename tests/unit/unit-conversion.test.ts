import { describe, expect, it } from 'vitest';
import { convertTemperaturesInText } from '../../src/lib/temperature-text.ts';
import {
  convertIngredientLine,
  convertMeasure,
  convertTemperature,
  ingredientForDisplay,
  readNumber,
  type MeasureUnit,
  type TemperatureUnit,
  type UnitSystem,
} from '../../src/lib/unit-conversion.ts';
import { itMaps } from '../helpers/table.ts';

describe('kitchen helper: measures (3 decimals)', () => {
  it.each<[string, MeasureUnit, MeasureUnit, string]>([
    ['1', 'cups', 'ml', '236.588'],
    ['1', 'tbsp', 'tsp', '3.000'],
    ['1', 'l', 'ml', '1000.000'],
    ['500', 'ml', 'l', '0.500'],
    ['1', 'gallon', 'quart', '4.000'],
    ['1', 'quart', 'pint', '2.000'],
    ['1', 'pint', 'cups', '2.000'],
    ['1', 'cups', 'fl-oz', '8.000'],
    ['1', 'fl-oz', 'tbsp', '2.000'],
    ['2', 'tsp', 'ml', '9.858'],
    ['1', 'lb', 'g', '453.592'],
    ['1', 'kg', 'lb', '2.205'],
    ['16', 'oz', 'lb', '1.000'],
    ['100', 'g', 'oz', '3.527'],
    ['1.5', 'kg', 'g', '1500.000'],
    ['1/2', 'cups', 'tbsp', '8.000'],
    ['1 1/2', 'cups', 'ml', '354.882'],
    ['0', 'g', 'oz', '0.000'],
    ['  3 ', 'tsp', 'tbsp', '1.000'],
  ])('%s %s → %s %s', (input, from, to, expected) => {
    expect(convertMeasure(input, from, to)).toBe(expected);
  });

  it.each([[''], ['abc'], ['1,5'], ['2 cups'], ['--1'], ['NaN'], ['Infinity']])(
    'non-numeric %j gives an empty result',
    (input) => {
      expect(convertMeasure(input, 'cups', 'ml')).toBe('');
    },
  );

  it('does not mix volume and weight', () => {
    expect(convertMeasure('1', 'cups', 'g')).toBe('');
  });
});

describe('kitchen helper: temperature (2 decimals)', () => {
  it.each<[string, TemperatureUnit, TemperatureUnit, string]>([
    ['100', 'celsius', 'fahrenheit', '212.00'],
    ['0', 'celsius', 'fahrenheit', '32.00'],
    ['180', 'celsius', 'fahrenheit', '356.00'],
    ['350', 'fahrenheit', 'celsius', '176.67'],
    ['-40', 'celsius', 'fahrenheit', '-40.00'],
    ['32', 'fahrenheit', 'celsius', '0.00'],
    ['0', 'celsius', 'kelvin', '273.15'],
    ['300', 'kelvin', 'celsius', '26.85'],
    ['212', 'fahrenheit', 'kelvin', '373.15'],
    ['25', 'celsius', 'celsius', '25.00'],
  ])('%s %s → %s %s', (input, from, to, expected) => {
    expect(convertTemperature(input, from, to)).toBe(expected);
  });

  it.each([[''], ['hot'], ['12abc']])('non-numeric %j gives an empty result', (input) => {
    expect(convertTemperature(input, 'celsius', 'fahrenheit')).toBe('');
  });
});

describe('readNumber', () => {
  itMaps(
    readNumber,
    [
      ['2', 2],
      ['-3.5', -3.5],
      ['.5', 0.5],
      ['1 1/2', 1.5],
      ['½', 0.5],
      ['1e2', 100],
      ['', null],
      ['x', null],
      ['1/0', null],
    ],
    '%j → %s',
  );
});

describe.each<[UnitSystem, [string, string][], string[]]>([
  [
    'metric',
    [
      ['2 cups milk', '473 ml milk'],
      ['1 cup water', '237 ml water'],
      ['1/4 cup olive oil', '59 ml olive oil'],
      ['1 tbsp soy sauce', '15 ml soy sauce'],
      ['1 tsp salt', '5 ml salt'],
      ['½ tsp baking soda', '2.5 ml baking soda'],
      ['1/8 tsp cayenne', '0.5 ml cayenne'],
      ['4 cups stock', '946 ml stock'],
      ['5 cups stock', '1.18 l stock'],
      ['1 gallon water', '3.79 l water'],
      ['8 fl oz cream', '237 ml cream'],
      ['1 pint milk', '473 ml milk'],
      ['1 quart broth', '946 ml broth'],
      ['2-3 tbsp water', '30-44 ml water'],
      ['1 lb beef', '454 g beef'],
      ['2 lb potatoes', '907 g potatoes'],
      ['3 lb bone-in chicken legs', '1.36 kg bone-in chicken legs'],
      ['8 oz cheese', '227 g cheese'],
      ['1 oz dark chocolate', '28 g dark chocolate'],
      ['1 1/2 cups flour', '355 ml flour'],
      ['1 (14 oz) can tomatoes', '1 (397 g) can tomatoes'],
      ['½ tsp saffron, crumbled into 2 tbsp hot water', '2.5 ml saffron, crumbled into 30 ml hot water'],
    ],
    [
      '200 g flour',
      '1 litre water',
      '3 eggs',
      'salt to taste',
      '2 cm piece of ginger',
      '2 large onions',
      '1 garlic clove',
    ],
  ],
  [
    'us',
    [
      ['250 ml coconut milk', '1 cup coconut milk'],
      ['500 ml stock', '2 cups stock'],
      ['60 ml water', '1/4 cup water'],
      ['15 ml lemon juice', '1 tbsp lemon juice'],
      ['5 ml vanilla', '1 tsp vanilla'],
      ['30-45 ml water', '2-3 tbsp water'],
      ['1.5 litres beef stock', '6 1/3 cups beef stock'],
      ['1 litre water', '4 1/4 cups water'],
      ['100 g panko', '3 1/2 oz panko'],
      ['25 g Parmesan', '1 oz Parmesan'],
      ['400g tinned tomatoes', '14 oz tinned tomatoes'],
      ['500 g pork mince', '1 lb 2 oz pork mince'],
      ['1 kg very ripe tomatoes', '2 lb 3 oz very ripe tomatoes'],
      ['907 g potatoes', '2 lb potatoes'],
      ['1.3 kg chicken', '2 lb 14 oz chicken'],
      ['1 tin (400 g) beans', '1 tin (14 oz) beans'],
    ],
    ['2 cups flour', '1 tbsp oil', '3 eggs'],
  ],
])('recipe display: to %s', (system, conversions, untouched) => {
  it.each(conversions)('%s → %s', (line, expected) => {
    expect(convertIngredientLine(line, system)).toBe(expected);
  });

  it.each(untouched)('leaves %s alone', (line) => {
    expect(convertIngredientLine(line, system)).toBe(line);
  });
});

describe('recipe display', () => {
  it('never converts cups to grams or grams to cups', () => {
    expect(convertIngredientLine('2 cups flour', 'metric')).not.toMatch(/\bg\b/);
    expect(convertIngredientLine('250 g flour', 'us')).not.toMatch(/cup/);
  });

  it('keeps the line as written in the original system', () => {
    expect(convertIngredientLine('2 cups milk', 'original')).toBe('2 cups milk');
  });
});

describe('scaled and converted together', () => {
  it.each([
    ['1 cup milk', 2, 'metric', '473 ml milk'],
    ['200 g flour', 0.5, 'us', '3 1/2 oz flour'],
    ['1/2 tsp salt', 3, 'original', '1 1/2 tsp salt'],
    ['2 lb beef', 1.5, 'metric', '1.36 kg beef'],
  ] as const)('%s × %d in %s → %s', (line, factor, system, expected) => {
    expect(ingredientForDisplay(line, factor, system)).toBe(expected);
  });
});

describe('temperatures in step text', () => {
  it.each([
    ['Preheat the oven to 180°C.', 'us', 'Preheat the oven to 350°F.'],
    ['Preheat the oven to 200 °C.', 'us', 'Preheat the oven to 400°F.'],
    ['Roast at 220°C for 20 minutes.', 'us', 'Roast at 425°F for 20 minutes.'],
    ['Bake at 160C fan.', 'us', 'Bake at 325°F fan.'],
    ['Heat to 190 degrees C.', 'us', 'Heat to 375°F.'],
    ['Preheat the oven to 350°F.', 'metric', 'Preheat the oven to 180°C.'],
    ['Bake at 400°F until golden.', 'metric', 'Bake at 200°C until golden.'],
    ['Bake at 425 degrees F.', 'metric', 'Bake at 220°C.'],
    ['Cook to 165°F inside.', 'metric', 'Cook to 74°C inside.'],
    ['Heat the oil to 180-190°C.', 'us', 'Heat the oil to 350-375°F.'],
    ['Oven at 200°C/180°C fan.', 'us', 'Oven at 400°F/350°F fan.'],
    ['Preheat to 180°C (350°F).', 'us', 'Preheat to 180°C (350°F).'],
    ['Preheat to 180°C (350°F).', 'metric', 'Preheat to 180°C (350°F).'],
    ['Preheat to 350°F/180°C.', 'us', 'Preheat to 350°F/180°C.'],
    ['Preheat the oven to 180°C.', 'metric', 'Preheat the oven to 180°C.'],
    ['Preheat the oven to 180°C.', 'original', 'Preheat the oven to 180°C.'],
    ['Simmer for 10 minutes.', 'us', 'Simmer for 10 minutes.'],
    ['Chill to 4°C.', 'us', 'Chill to 39°F.'],
  ] as const)('%s (%s)', (text, system, expected) => {
    expect(convertTemperaturesInText(text, system)).toBe(expected);
  });
});
