import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIETS, dietsOf, type Diet } from '../../src/lib/diets.ts';
import { allIngredientLines } from '../../src/lib/recipe-text.ts';
import { ROOT } from '../helpers/paths.ts';

// The diet rules: a diet is claimed only when every ingredient is a known food that suits it.

describe('dietsOf', () => {
  const all: Diet[] = [...DIETS];
  const cases: [name: string, lines: string[], diets: Diet[]][] = [
    [
      'plants and seasonings: every diet',
      ['1 kg ripe tomatoes, chopped', '2 tbsp olive oil', '1 tsp salt'],
      all,
    ],
    ['butter: not vegan, not dairy-free', ['2 onions', '30 g butter'], ['vegetarian', 'gluten-free']],
    ['peanut butter is no dairy', ['4 tbsp smooth peanut butter', '1 tbsp lime juice'], all],
    ['coconut milk is no dairy', ['400 ml coconut milk', '1 tbsp red curry paste'], []],
    ['chicken: neither vegetarian nor vegan', ['4 chicken thighs', '1 lemon'], ['gluten-free', 'dairy-free']],
    ['fish sauce is fish', ['2 tbsp fish sauce', '1 lime'], ['gluten-free', 'dairy-free']],
    ['eggs: vegetarian, not vegan', ['4 eggs', '1 pinch salt'], ['vegetarian', 'gluten-free', 'dairy-free']],
    ['honey is not vegan', ['1 tbsp honey', '200 g Greek yogurt'], ['vegetarian', 'gluten-free']],
    ['flour holds gluten', ['200 g plain flour', '300 ml water'], ['vegetarian', 'vegan', 'dairy-free']],
    [
      'soy sauce may hold gluten',
      ['2 tbsp soy sauce', '200 g firm tofu'],
      ['vegetarian', 'vegan', 'dairy-free'],
    ],
    [
      'stock may hold meat stock or gluten',
      ['1 litre vegetable stock', '1 onion'],
      ['vegetarian', 'vegan', 'dairy-free'],
    ],
    ['chicken stock is meat', ['1 litre chicken stock', '1 onion'], ['dairy-free']],
    ['Parmesan: rennet, not vegetarian', ['80 g Parmesan, finely grated', '400 g spaghetti'], []],
    ['an unknown food claims nothing', ['2 tbsp XO sauce', '1 onion'], []],
    ['a choice: both must suit', ['2 tbsp butter or goose fat', '1 onion'], ['gluten-free']],
    [
      '"boneless, skinless chicken": the describing words before the comma',
      ['800 g boneless, skinless chicken thighs, cut into pieces'],
      ['gluten-free', 'dairy-free'],
    ],
    ['no ingredients claim nothing', [], []],
  ];
  it.each(cases)('%s', (_name, lines, diets) => {
    expect(dietsOf(lines)).toEqual(diets);
  });
});

describe('diets over the seed recipes', () => {
  const dir = path.join(ROOT, 'content/recipes');
  const read = (slug: string) =>
    allIngredientLines(JSON.parse(fs.readFileSync(path.join(dir, `${slug}.json`), 'utf8')).ingredients);

  // Read by hand: each claimed diet is true of the recipe; missing ones are the safe side.
  const checked: [slug: string, diets: Diet[]][] = [
    ['andalusian-gazpacho', ['vegetarian', 'vegan', 'dairy-free']],
    ['old-fashioned-lemonade', all()],
    ['sicilian-caponata', all()],
    ['beef-bourguignon', []],
    ['eggplant-parmigiana', ['gluten-free']],
    ['mango-lassi', ['vegetarian', 'gluten-free']],
    ['baked-cod-with-cherry-tomatoes-and-olives', ['gluten-free', 'dairy-free']],
    ['spaghetti-carbonara', []],
  ];
  function all(): Diet[] {
    return [...DIETS];
  }
  it.each(checked)('%s', (slug, diets) => expect(dietsOf(read(slug))).toEqual(diets));

  it('claims a diet for a share of the seed and never vegan without vegetarian', () => {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
    const claimed = files.map((f) => dietsOf(read(f.replace(/\.json$/, ''))));
    for (const diets of claimed) if (diets.includes('vegan')) expect(diets).toContain('vegetarian');
    const withAny = claimed.filter((d) => d.length > 0).length;
    console.info(`diets: ${withAny} of ${files.length} seed recipes claim at least one diet`);
    expect(withAny).toBeGreaterThanOrEqual(40);
  });
});
