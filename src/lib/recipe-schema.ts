import * as v from 'valibot';

// The one recipe schema: content/recipes/*.json is checked against it in tests, the seed
// loads through it, and the admin API (POST/PUT /api/recipes) validates payloads with it.

export const DIFFICULTIES = ['Easy', 'Medium', 'Hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const text = (max: number) => v.pipe(v.string(), v.trim(), v.nonEmpty('Must not be empty'), v.maxLength(max));
const minutes = v.pipe(v.number(), v.integer('Must be whole minutes'), v.minValue(0), v.maxValue(60 * 24 * 7));
/** Nutrition amounts are strings with a unit ("42g", "780mg"), as SPEC §3 and the admin form have them. */
const amount = (unit: 'g' | 'mg') =>
  v.pipe(v.string(), v.regex(unit === 'g' ? /^\d+(\.\d+)?\s?g$/ : /^\d+(\.\d+)?\s?mg$/, `Must look like "12${unit}"`));

export const NutritionSchema = v.object({
  calories: v.pipe(v.number(), v.integer(), v.minValue(0)),
  protein: amount('g'),
  carbs: amount('g'),
  fat: amount('g'),
  fiber: v.optional(amount('g')),
  sugar: v.optional(amount('g')),
  sodium: v.optional(amount('mg')),
  saturatedFat: v.optional(amount('g')),
  unsaturatedFat: v.optional(amount('g')),
  transFat: v.optional(amount('g')),
  cholesterol: v.optional(amount('mg')),
});

const ingredientObject = v.object({
  quantity: v.optional(v.union([v.string(), v.number()])),
  item: v.optional(v.string()),
  name: v.optional(v.string()),
  measurement: v.optional(v.string()),
});
const ingredientLine = v.union([text(300), ingredientObject]);
const ingredientList = v.pipe(v.array(ingredientLine), v.minLength(1, 'Add at least one ingredient'), v.maxLength(100));

/** SPEC §3: a list of lines/objects, or section name → list. */
export const IngredientsSchema = v.union([
  ingredientList,
  v.pipe(
    v.record(text(80), ingredientList),
    v.check((groups) => Object.keys(groups).length > 0, 'Add at least one ingredient'),
  ),
]);

const instructionObject = v.object({
  step: v.optional(v.union([v.string(), v.number()])),
  instruction: v.optional(v.string()),
  text: v.optional(v.string()),
  image: v.optional(v.string()),
});
export const InstructionsSchema = v.pipe(
  v.array(v.union([text(2000), instructionObject])),
  v.minLength(1, 'Add at least one instruction'),
  v.maxLength(60),
);

export const FaqSchema = v.object({ question: text(300), answer: text(2000) });

export const RecipeInputSchema = v.object({
  title: text(200),
  description: text(600),
  summary: v.optional(text(2000)),
  image: v.optional(v.string()),
  category: v.pipe(v.string(), v.regex(SLUG_PATTERN, 'Must be a category slug')),
  cuisine: text(60),
  prepTime: minutes,
  cookTime: minutes,
  totalTime: v.optional(minutes),
  servings: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)),
  difficulty: v.picklist(DIFFICULTIES),
  calories: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10000)),
  nutrition: NutritionSchema,
  ingredients: IngredientsSchema,
  instructions: InstructionsSchema,
  tags: v.pipe(v.array(v.pipe(text(40), v.toLowerCase())), v.minLength(1), v.maxLength(12)),
  faqs: v.optional(v.pipe(v.array(FaqSchema), v.maxLength(10))),
  videoUrl: v.optional(v.pipe(v.string(), v.url())),
  videoThumbnail: v.optional(v.string()),
  videoDuration: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export type RecipeInput = v.InferOutput<typeof RecipeInputSchema>;

const grams = (s: string | undefined) => Number.parseFloat(s ?? '0');

/** Energy from macros (Atwater factors 4/4/9). */
export function caloriesFromMacros(n: { protein: string; carbs: string; fat: string }): number {
  return 4 * grams(n.protein) + 4 * grams(n.carbs) + 9 * grams(n.fat);
}

/** A seed file: the recipe plus its publication date and the icons its cover is drawn from. */
export const RecipeContentSchema = v.pipe(
  v.object({
    ...RecipeInputSchema.entries,
    summary: text(2000),
    totalTime: minutes,
    tags: v.pipe(v.array(v.pipe(text(40), v.toLowerCase())), v.minLength(3), v.maxLength(8)),
    faqs: v.pipe(v.array(FaqSchema), v.minLength(2), v.maxLength(4)),
    createdAt: v.pipe(v.string(), v.isoTimestamp('Must be an ISO timestamp')),
    illustration: v.pipe(v.array(v.string()), v.minLength(1), v.maxLength(3)),
  }),
  v.forward(
    v.check((r) => r.calories === r.nutrition.calories, 'calories must equal nutrition.calories'),
    ['calories'],
  ),
  v.forward(
    v.check((r) => {
      const expected = caloriesFromMacros(r.nutrition);
      return Math.abs(r.calories - expected) <= 0.15 * expected;
    }, 'calories must be within 15 % of 4·protein + 4·carbs + 9·fat'),
    ['nutrition'],
  ),
  v.forward(
    v.check((r) => r.totalTime >= r.prepTime + r.cookTime, 'totalTime must be at least prepTime + cookTime'),
    ['totalTime'],
  ),
);
export type RecipeContent = v.InferOutput<typeof RecipeContentSchema>;

/** Formats valibot issues as "path: message" lines, for errors that name the field. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string[] {
  return issues.map((issue) => {
    const where = v.getDotPath(issue) ?? '(root)';
    return `${where}: ${issue.message}`;
  });
}
