// The diets a recipe can be filtered by, apart from the rules that read them from ingredients
// (src/lib/diets.ts), so the recipe schema and the search page load only the names.

export const DIETS = ['vegetarian', 'vegan', 'gluten-free', 'dairy-free'] as const;
export type Diet = (typeof DIETS)[number];

export const DIET_LABELS: Record<Diet, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  'gluten-free': 'Gluten-free',
  'dairy-free': 'Dairy-free',
};
