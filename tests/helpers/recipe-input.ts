import type { RecipeInput } from '../../src/lib/schemas/recipe.ts';

/** A complete, valid recipe form payload (sections, 6 ingredients, 4 steps), for API tests. */
export function validRecipeInput(overrides: Partial<RecipeInput> = {}): RecipeInput {
  return {
    title: 'Test Kitchen Lemon Pasta',
    description: 'Bright lemon, butter and parmesan pasta for weeknights.',
    image: '',
    category: 'main-course',
    cuisine: 'Italian',
    prepTime: 10,
    cookTime: 15,
    servings: 4,
    difficulty: 'Easy',
    calories: 520,
    nutrition: { calories: 520, protein: '18g', carbs: '70g', fat: '19g', fiber: '3g', sugar: '2g' },
    ingredients: {
      Pasta: [
        { quantity: '400', unit: 'g', item: 'spaghetti' },
        { quantity: '1', unit: 'tbsp', item: 'salt', note: 'for the water' },
      ],
      Sauce: [
        { quantity: '60', unit: 'g', item: 'butter' },
        { quantity: '2', item: 'lemons', note: 'zest and juice' },
        { quantity: '50', unit: 'g', item: 'parmesan', note: 'finely grated' },
        '1 pinch black pepper',
      ],
    },
    instructions: [
      'Boil the spaghetti in well-salted water.',
      'Melt the butter with the lemon zest.',
      'Toss the pasta with the butter, lemon juice and parmesan.',
      'Season with pepper and serve at once.',
    ],
    tags: ['pasta', 'quick', 'lemon'],
    faqs: [{ question: 'Can I use bottled lemon juice?', answer: 'Fresh is much better here.' }],
    ...overrides,
  };
}
