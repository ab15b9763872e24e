import { describe, expect, it } from 'vitest';
import { stepIngredientText } from '../../src/lib/step-ingredient-text.ts';
import type { UnitSystem } from '../../src/lib/unit-conversion.ts';

describe('stepIngredientText', () => {
  const cases: [line: string, portion: number, factor: number, system: UnitSystem, shown: string][] = [
    ['60 g butter, softened', 1, 1, 'original', '60 g butter'],
    ['200 g caster sugar', 0.5, 1, 'original', '100 g caster sugar'],
    ['200 g caster sugar', 0.5, 2, 'original', '200 g caster sugar'],
    ['1 cup milk', 1, 1, 'metric', '237 ml milk'],
    ['450 g green beans, trimmed', 1, 1, 'us', '1 lb green beans'],
    [
      '4 salmon fillets (about 150 g, skin on), skin on',
      1,
      0.5,
      'original',
      '2 salmon fillets (about 150 g, skin on)',
    ],
    ['salt and black pepper to taste', 1, 3, 'original', 'salt and black pepper to taste'],
    ['3 tbsp olive oil', 1 / 3, 1, 'original', '1 tbsp olive oil'],
  ];
  it.each(cases)('%s × %f × %f in %s → %s', (line, portion, factor, system, shown) => {
    expect(stepIngredientText(line, portion, factor, system)).toBe(shown);
  });
});
