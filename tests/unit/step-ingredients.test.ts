import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ingredientSections, instructionTexts } from '../../src/lib/recipe-text.ts';
import * as v from 'valibot';
import { draftFromRecipe } from '../../src/islands/admin/recipes/recipe-draft.ts';
import { inputFromDraft } from '../../src/islands/admin/recipes/recipe-input.ts';
import { RecipeInputSchema, RecipeSchema } from '../../src/lib/schemas/recipe.ts';
import { fittedStepIngredients, matchStepIngredients, singular } from '../../src/lib/step-ingredients.ts';
import { ROOT } from '../helpers/paths.ts';

const RECIPES_DIR = path.join(ROOT, 'content/recipes');

function seedRecipe(slug: string) {
  const recipe = JSON.parse(fs.readFileSync(path.join(RECIPES_DIR, `${slug}.json`), 'utf8'));
  const sections = ingredientSections(recipe.ingredients)!.map((s) => s.items);
  return { sections, lines: sections.flat(), steps: instructionTexts(recipe.instructions)! };
}

/** What a step was matched to, as readable lines (with the share when it is not all of the line). */
function matchedLines(slug: string, step: number): (string | [string, number])[] {
  const { sections, lines, steps } = seedRecipe(slug);
  return matchStepIngredients(steps, sections)[step - 1]!.map(({ ingredient, portion }) =>
    portion === 1 ? lines[ingredient]! : [lines[ingredient]!, Number(portion.toFixed(4))],
  );
}

describe('matchStepIngredients on small recipes', () => {
  const cases: [name: string, steps: string[], lines: string[][], expected: [number, number][][]][] = [
    ['"the butter" is the butter line', ['Melt the butter.'], [['60 g butter', '1 tsp salt']], [[[0, 1]]]],
    [
      'plurals and descriptive words',
      ['Add the tomatoes and the onion.'],
      [['1 kg very ripe tomato', '2 large red onions, sliced']],
      [
        [
          [0, 1],
          [1, 1],
        ],
      ],
    ],
    [
      'half, then the remaining',
      ['Cream the butter with half the sugar.', 'Whisk in the remaining sugar.'],
      [['100 g butter', '200 g caster sugar']],
      [
        [
          [0, 1],
          [1, 0.5],
        ],
        [[1, 0.5]],
      ],
    ],
    ['an amount of the line', ['Heat 2 tbsp of the oil.'], [['4 tbsp olive oil']], [[[0, 0.5]]]],
    [
      '"zest of 1 lemon" is the lemon zest',
      ['Stir in the lemon zest.'],
      [['zest of 1 lemon', '1 lemon']],
      [[[0, 1]]],
    ],
    [
      'the dish the cook makes is not its ingredient',
      ['Blend the curry sauce.'],
      [['1 tbsp curry powder', '1 tbsp soy sauce']],
      [[]],
    ],
    ['a generic word alone matches nothing', ['Pour over the sauce.'], [['2 tbsp soy sauce']], [[]]],
    [
      'lines named alike: the section of the step',
      ['Fry the onion in the oil.', 'Dust the fish in flour and fry in the oil.'],
      [
        ['1 onion', '1 tbsp oil'],
        ['2 cod fillets (fish)', '2 tbsp flour', '500 ml oil, for frying'],
      ],
      [
        [
          [0, 1],
          [1, 1],
        ],
        [
          [3, 1],
          [4, 1],
        ],
      ],
    ],
    ['a word no line names', ['Preheat the oven to 200°C.'], [['1 onion']], [[]]],
    [
      'the word before a product does not name it: the beef is not the beef stock',
      ['Brown the beef.', 'Add the beef and the stock.'],
      [['1 kg beef chuck', '300 ml beef stock']],
      [
        [[0, 1]],
        [
          [0, 1],
          [1, 1],
        ],
      ],
    ],
    [
      '"zest and juice of 1 lemon" is the lemon zest and the lemon juice',
      ['Add the lemon juice.'],
      [['zest and juice of 1 lemon', '1 lemon, in wedges']],
      [[[0, 1]]],
    ],
    ['a pinch of salt is salt', ['Season with the salt.'], [['a pinch of salt']], [[[0, 1]]]],
  ];
  it.each(cases)('%s', (_name, steps, lines, expected) => {
    const found = matchStepIngredients(steps, lines).map((step) =>
      step.map((m) => [m.ingredient, m.portion]),
    );
    expect(found).toEqual(expected);
  });
});

describe('singular', () => {
  it.each([
    ['tomatoes', 'tomato'],
    ['berries', 'berry'],
    ['leaves', 'leaf'],
    ['peaches', 'peach'],
    ['onions', 'onion'],
    ['couscous', 'couscous'],
    ['hummus', 'hummus'],
    ['egg', 'egg'],
  ])('%s → %s', (plural, one) => expect(singular(plural)).toBe(one));
});

describe('step ingredients over the seed recipes', () => {
  it('matches at least one ingredient in most steps', () => {
    let steps = 0;
    let matched = 0;
    for (const file of fs.readdirSync(RECIPES_DIR).filter((f) => f.endsWith('.json'))) {
      const recipe = seedRecipe(file.replace(/\.json$/, ''));
      const found = matchStepIngredients(recipe.steps, recipe.sections);
      steps += found.length;
      matched += found.filter((step) => step.length > 0).length;
      for (const step of found)
        for (const m of step) {
          expect(m.ingredient).toBeLessThan(recipe.lines.length);
          expect(m.portion).toBeGreaterThan(0);
          expect(m.portion).toBeLessThanOrEqual(1);
        }
    }
    console.info(`step ingredients: ${matched} of ${steps} seed steps matched at least one ingredient`);
    // Measured: 626 of 714 (88 %); the steps left are ones like "Preheat the oven" or "Serve".
    expect(matched / steps).toBeGreaterThanOrEqual(0.85);
  });

  // Thirty steps read by hand (every fourth seed recipe): each expected list is exactly what the
  // step uses of its ingredient list; a line the step uses but the matcher misses is left out,
  // so this table asserts that nothing wrong is matched.
  const handChecked: [slug: string, step: number, lines: (string | [string, number])[]][] = [
    [
      'andalusian-gazpacho',
      2,
      [
        '1 kg very ripe tomatoes, roughly chopped',
        '1 small cucumber, peeled and chopped',
        '1 green pepper, seeded and chopped',
        '½ small red onion, chopped',
        '1 clove garlic',
        '60 g day-old white bread, crusts removed',
        '1 tsp salt',
      ],
    ],
    [
      'beef-bourguignon',
      5,
      [
        '30 g butter',
        '300 g small shallots or pearl onions, peeled',
        '250 g button mushrooms',
        ['200 g smoked lardons or thick bacon, diced', 0.5],
      ],
    ],
    [
      'brazilian-feijoada',
      2,
      ['500 g dried black beans', '400 g smoked pork ribs, cut into individual ribs', '2 bay leaves'],
    ],
    ['chana-masala', 5, ['2 x 400 g tins chickpeas, drained and rinsed']],
    ['chicken-tikka-masala', 2, ['800 g boneless, skinless chicken thighs, cut into bite-sized pieces']],
    ['classic-banana-bread', 5, ['½ cup walnuts, toasted and chopped']],
    ['classic-macaroni-salad', 2, []],
    ['cucumber-sunomono', 3, ['4 tbsp rice vinegar', '1 1/2 tbsp sugar', '1 tsp light soy sauce']],
    [
      'ethiopian-doro-wat',
      2,
      ['1.3 kg chicken drumsticks and thighs, skin removed', '1 lemon, juiced', '1 tsp salt'],
    ],
    ['fresh-spring-rolls-with-peanut-sauce', 1, ['18 medium raw prawns (about 300 g), peeled and deveined']],
    [
      'german-braised-red-cabbage',
      2,
      ['2 tart apples (such as Boskoop or Granny Smith), peeled, cored and diced', '2 tbsp brown sugar'],
    ],
    [
      'grilled-fish-tacos-with-lime-slaw',
      5,
      [
        '1 1/2 lb firm white fish fillets, such as mahi-mahi, cod or halibut',
        '8 corn tortillas',
        '1 ripe avocado, sliced',
        'pickled red onions and lime wedges, to serve',
        '1/2 cup plain Greek yogurt',
      ],
    ],
    ['homemade-butter-croissants', 6, ['1 large egg']],
    ['jamaican-jerk-chicken', 1, ['1-2 Scotch bonnet peppers, seeded for less heat']],
    [
      'korean-fried-chicken',
      2,
      [
        '1/2 cup potato starch or cornstarch',
        '2 tbsp all-purpose flour',
        '1/2 tsp baking powder',
        '2 lb chicken wings, split into flats and drumettes',
      ],
    ],
    [
      'lemon-oregano-chicken-with-greek-salad',
      2,
      [
        '2 tbsp olive oil',
        'zest and juice of 1 lemon',
        '3 cloves garlic, crushed',
        '2 tsp dried oregano',
        '1/2 tsp salt',
        '1/4 tsp black pepper',
        '4 boneless skinless chicken breasts (about 600 g)',
      ],
    ],
    ['masala-omelette', 5, [['1 tbsp ghee or vegetable oil', 0.5], 'buttered toast or paratha, to serve']],
    ['miso-glazed-salmon-with-sesame-greens', 5, ['80 g baby spinach']],
    [
      'overnight-oats-with-berries-and-chia',
      4,
      [
        '1 cup mixed berries (strawberries, blueberries, raspberries)',
        'toasted sliced almonds, to serve (optional)',
      ],
    ],
    [
      'pesto-pasta-salad-with-mozzarella',
      5,
      [
        '400 g short pasta, such as fusilli or orecchiette',
        '120 g basil pesto',
        '300 g cherry tomatoes, halved',
        '125 g mini mozzarella balls, drained',
        '25 g Parmesan, finely grated',
        'black pepper to taste',
      ],
    ],
    [
      'provencal-vegetable-tian-with-white-beans',
      2,
      ['1 x 400 g tin cannellini beans, drained', '2 onions, thinly sliced'],
    ],
    [
      'sachertorte',
      2,
      [
        '130 g unsalted butter, softened, plus extra for the tin',
        '30 g icing sugar',
        '1 tsp vanilla extract',
        '130 g dark chocolate (60-70% cocoa), chopped',
      ],
    ],
    ['sichuan-dry-fried-green-beans', 2, ['450 g green beans, trimmed and completely dry']],
    ['spaghetti-carbonara', 5, ['150 g guanciale or pancetta, cut into small strips']],
    ['sticky-toffee-pudding', 4, []],
    ['swedish-cinnamon-buns', 5, []],
    [
      'teriyaki-salmon',
      5,
      [
        '4 salmon fillets (about 150 g each), skin on',
        'Steamed rice and blanched greens, to serve',
        '1 tsp toasted sesame seeds',
        '2 spring onions, finely sliced',
      ],
    ],
    ['thai-iced-tea', 3, []],
    [
      'turkish-bulgur-pilaf',
      1,
      [
        '3 tbsp olive oil',
        '1 onion, finely chopped',
        '1 green pepper (or 2 long Turkish peppers), diced',
        '2 cloves garlic, chopped',
      ],
    ],
    ['vegetable-bibimbap', 5, ['200 g firm tofu, cut into 1 cm thick batons']],
  ];
  it.each(handChecked)('%s step %i', (slug, step, expected) => {
    expect(matchedLines(slug, step)).toEqual(expected);
  });
});

describe('the admin form and step ingredients', () => {
  it('keeps the admin’s step ingredients and diets through the form, fitted to the recipe as edited', () => {
    const recipe = {
      ...v.parse(RecipeSchema, {
        ...seedLikeRecipe,
        stepIngredients: [
          [{ ingredient: 0, portion: 1 }],
          [{ ingredient: 2, portion: 0.5 }],
          [{ ingredient: 1, portion: 1 }],
        ],
        diets: ['vegetarian'],
        dietsByHand: true,
      }),
    };
    const draft = draftFromRecipe(recipe);
    expect(draft.stepIngredients).toEqual(recipe.stepIngredients);
    expect(draft.diets).toEqual(['vegetarian']);
    // The third step removed and the last ingredient line dropped: what pointed at them goes.
    const edited = {
      ...draft,
      steps: draft.steps.slice(0, 2),
      sections: [{ ...draft.sections[0]!, rows: draft.sections[0]!.rows.slice(0, 2) }],
    };
    const input = inputFromDraft(edited);
    expect(input.stepIngredients).toEqual([[{ ingredient: 0, portion: 1 }], []]);
    expect(input).toMatchObject({ diets: ['vegetarian'], dietsByHand: true });
    expect(v.safeParse(RecipeInputSchema, input).success).toBe(true);
  });

  it('sends automatic diets and matching as null', () => {
    const input = inputFromDraft(draftFromRecipe(v.parse(RecipeSchema, seedLikeRecipe)));
    expect(input).toMatchObject({ stepIngredients: null, diets: null, dietsByHand: false });
  });

  it('fittedStepIngredients pads to the steps and drops lines the recipe lacks', () => {
    expect(
      fittedStepIngredients(
        [
          [
            { ingredient: 3, portion: 1 },
            { ingredient: 0, portion: 1 },
          ],
        ],
        {
          steps: ['a', 'b'],
          ingredients: ['1 onion', '2 eggs'],
        },
      ),
    ).toEqual([[{ ingredient: 0, portion: 1 }], []]);
    expect(fittedStepIngredients(null, { steps: ['a'], ingredients: ['1 onion'] })).toBeNull();
  });
});

const seedLikeRecipe = {
  id: 1,
  slug: 'tomato-eggs',
  title: 'Tomato Eggs',
  description: 'Quick.',
  summary: null,
  image: null,
  category: 'breakfast',
  cuisine: 'Chinese',
  prepTime: 5,
  cookTime: 10,
  noCooking: false,
  totalTime: 15,
  servings: 2,
  difficulty: 'Easy',
  calories: 300,
  nutrition: { calories: 300, protein: '15g', carbs: '10g', fat: '20g' },
  ingredients: ['4 eggs', '2 tomatoes', '1 tbsp oil'],
  instructions: ['Beat the eggs.', 'Heat half the oil.', 'Fry the tomatoes.'],
  rating: 0,
  averageRating: 0,
  reviewCount: 0,
  faqs: [],
  tags: ['eggs'],
  videoUrl: null,
  videoThumbnail: null,
  videoDuration: null,
  stepIngredients: null,
  diets: ['vegetarian', 'gluten-free', 'dairy-free'],
  dietsByHand: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
