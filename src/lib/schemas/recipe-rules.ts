import * as v from 'valibot';
import { requiredText } from './fields.ts';

// The recipe rules in one place: each field's limits and sentences, the ranges the AI model is
// held to, and the checks across fields. The admin API and its form (RecipeInputSchema), seed
// files (RecipeContentSchema) and the generator (GeneratedRecipeSchema) are all built from
// these, so a limit or a sentence cannot differ between them.

/**
 * The sentence of each required recipe field, whether it is missing, empty or too small: the
 * schemas report these, and the admin form words its inline errors with the very same ones.
 */
export const RECIPE_FIELD_MESSAGES = {
  title: 'Title is required',
  description: 'Description is required',
  category: 'Category is required',
  cuisine: 'Cuisine is required',
  prepTime: 'Prep time must be at least 1 minute',
  cookTime: 'Cook time must be at least 1 minute',
  servings: 'Servings must be at least 1',
  difficulty: 'Difficulty must be Easy, Medium or Hard',
  calories: 'Calories must be at least 1',
  nutrition: 'Nutrition needs numeric calories and protein, carbs and fat amounts',
  ingredients: 'Add at least one ingredient',
  instructions: 'Add at least one instruction',
  tags: 'Add at least one tag',
} as const satisfies Record<string, string>;

export const DIFFICULTIES = ['Easy', 'Medium', 'Hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** The longest text and the largest numbers and lists a recipe may have. */
export const RECIPE_LIMITS = {
  title: 200,
  description: 600,
  summary: 2000,
  cuisine: 60,
  sectionName: 80,
  ingredientLine: 300,
  ingredientLines: 100,
  step: 2000,
  steps: 60,
  tag: 40,
  tags: 12,
  question: 300,
  answer: 2000,
  faqs: 10,
  /** A week, in minutes. */
  minutes: 60 * 24 * 7,
  servings: 1000,
  calories: 10000,
} as const;

/** What a published recipe (a seed file, a generated recipe) has beyond what the form asks. */
export const CONTENT_LIMITS = {
  tags: { min: 3, max: 8 },
  faqs: { min: 2, max: 4 },
} as const;

/** The tighter ranges the AI model is held to: a plausible home recipe. */
export const GENERATED_LIMITS = {
  prepTime: 600,
  cookTime: 24 * 60,
  totalTime: 48 * 60,
  servings: 24,
  calories: 5000,
  ingredients: { min: 2, max: 40 },
  instructions: { min: 2, max: 30 },
} as const;

/** A whole number of minutes, 0 allowed. */
export const minutes = (max: number) =>
  v.pipe(
    v.number('Must be a number of minutes'),
    v.integer('Must be whole minutes'),
    v.minValue(0),
    v.maxValue(max),
  );

/** A whole number of at least 1, with the form's sentence for anything else. */
export const atLeastOne = (message: string, max: number) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(max, `At most ${max}`));

/** A nutrition amount: a string with its unit ("42g", "780mg"), as stored recipes and the admin form have it. */
export const amount = (unit: 'g' | 'mg') =>
  v.pipe(
    v.string(`Must look like "12${unit}"`),
    v.regex(unit === 'g' ? /^\d+(\.\d+)?\s?g$/ : /^\d+(\.\d+)?\s?mg$/, `Must look like "12${unit}"`),
  );

/** One ingredient line, one step. */
export const ingredientText = requiredText('An ingredient must not be empty', RECIPE_LIMITS.ingredientLine);
export const stepText = requiredText('A step must not be empty', RECIPE_LIMITS.step);
export const tagText = v.pipe(requiredText('A tag must not be empty', RECIPE_LIMITS.tag), v.toLowerCase());

export const FaqInputSchema = v.object({
  question: requiredText('A question is required', RECIPE_LIMITS.question),
  answer: requiredText('An answer is required', RECIPE_LIMITS.answer),
});

/** The summary a published recipe must have (the form may leave it out). */
export const contentSummary = requiredText('Summary is required', RECIPE_LIMITS.summary);

/** A published recipe's tags: at least one as the form asks, then the content's range. */
export const contentTags = v.pipe(
  v.array(tagText, RECIPE_FIELD_MESSAGES.tags),
  v.minLength(1, RECIPE_FIELD_MESSAGES.tags),
  v.minLength(CONTENT_LIMITS.tags.min, `At least ${CONTENT_LIMITS.tags.min} tags`),
  v.maxLength(CONTENT_LIMITS.tags.max, `At most ${CONTENT_LIMITS.tags.max} tags`),
);

/** A published recipe's questions and answers. */
export const contentFaqs = v.pipe(
  v.array(FaqInputSchema),
  v.minLength(CONTENT_LIMITS.faqs.min, `At least ${CONTENT_LIMITS.faqs.min} questions`),
  v.maxLength(CONTENT_LIMITS.faqs.max, `At most ${CONTENT_LIMITS.faqs.max} questions`),
);

const grams = (s: string | undefined) => Number.parseFloat(s ?? '0');

/** Energy from macros (Atwater factors 4/4/9). */
export function caloriesFromMacros(n: { protein: string; carbs: string; fat: string }): number {
  return 4 * grams(n.protein) + 4 * grams(n.carbs) + 9 * grams(n.fat);
}

/** A rule across fields: the field it is reported on, whether the recipe keeps it, its sentence. */
export interface RecipeRule<T> {
  field: keyof T & string;
  holds: (recipe: T) => boolean;
  message: string;
}

interface InputRuleFields {
  cookTime: number;
  noCooking?: boolean | undefined;
  ingredients: unknown[] | Record<string, unknown[]>;
  instructions: unknown[];
  stepIngredients?: { ingredient: number }[][] | null | undefined;
}

/** Step ingredients that fit the recipe: no more lists than steps, every index an ingredient line. */
function stepIngredientsFit(r: InputRuleFields): boolean {
  if (!r.stepIngredients) return true;
  const lineCount = Array.isArray(r.ingredients)
    ? r.ingredients.length
    : Object.values(r.ingredients).reduce((n, list) => n + list.length, 0);
  return (
    r.stepIngredients.length <= r.instructions.length &&
    r.stepIngredients.every((step) => step.every((m) => m.ingredient < lineCount))
  );
}

/** What the admin API and its form check across fields. */
export const INPUT_RULES: readonly RecipeRule<InputRuleFields>[] = [
  {
    field: 'cookTime',
    holds: (r) => r.cookTime >= 1 || (r.cookTime === 0 && r.noCooking === true),
    message: RECIPE_FIELD_MESSAGES.cookTime,
  },
  {
    field: 'stepIngredients',
    holds: stepIngredientsFit,
    message: "Step ingredients must refer to the recipe's steps and ingredient lines",
  },
];

interface ContentRuleFields {
  calories: number;
  prepTime: number;
  cookTime: number;
  totalTime: number;
  tags: string[];
  nutrition: { calories: number; protein: string; carbs: string; fat: string };
}

/** How far the calories may be from what the macros give. */
export const CALORIE_TOLERANCE = 0.15;

/** What a published recipe (a seed file, a generated recipe) keeps across fields. */
export const CONTENT_RULES: readonly RecipeRule<ContentRuleFields>[] = [
  {
    field: 'calories',
    holds: (r) => r.calories === r.nutrition.calories,
    message: 'calories must equal nutrition.calories',
  },
  {
    field: 'nutrition',
    holds: (r) => {
      const expected = caloriesFromMacros(r.nutrition);
      return Math.abs(r.calories - expected) <= CALORIE_TOLERANCE * expected;
    },
    message: 'calories must be within 15 % of 4·protein + 4·carbs + 9·fat',
  },
  {
    field: 'totalTime',
    holds: (r) => r.totalTime >= r.prepTime + r.cookTime,
    message: 'totalTime must be at least prepTime + cookTime',
  },
  {
    field: 'tags',
    holds: (r) => new Set(r.tags).size === r.tags.length,
    message: 'tags must not repeat',
  },
];

/** A schema that also checks the rules across fields, each broken one reported on its field. */
export function withRules<TSchema extends v.GenericSchema<unknown, Record<string, unknown>>>(
  schema: TSchema,
  rules: readonly RecipeRule<v.InferOutput<TSchema>>[],
) {
  return v.pipe(
    schema,
    v.rawCheck<v.InferOutput<TSchema>>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const recipe = dataset.value;
      for (const rule of rules)
        if (!rule.holds(recipe))
          addIssue({
            message: rule.message,
            path: [
              { type: 'object', origin: 'value', input: recipe, key: rule.field, value: recipe[rule.field] },
            ],
          });
    }),
  );
}
