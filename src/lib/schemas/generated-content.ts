import * as v from 'valibot';
import { caloriesFromMacros, RecipeInputSchema } from './recipe.ts';

// What the AI model must return. The recipe is the shared recipe schema's
// fields (RecipeInputSchema.entries) in the one simple shape a model fills reliably: every field
// present, ingredients and steps as lines, all nutrition amounts. The JSON schema sent to the
// model is derived from GeneratedRecipeObjectSchema (functions/_shared/generator/json-schema.ts);
// the answer is validated again with GeneratedRecipeSchema, which adds the content rules a seed
// recipe passes (content/recipes/*.json, RecipeContentSchema): calories equal to the nutrition's
// and within 15 % of 4·protein + 4·carbs + 9·fat, total time at least prep + cook, 3–8 tags.

const E = RecipeInputSchema.entries;
const line = (max: number) => v.pipe(v.string(), v.trim(), v.nonEmpty('Must not be empty'), v.maxLength(max));
const wholeMinutes = (min: number, max: number) =>
  v.pipe(v.number(), v.integer('Must be whole minutes'), v.minValue(min), v.maxValue(max));
const grams = v.pipe(v.string(), v.regex(/^\d+(\.\d+)?\s?g$/, 'Must look like "12g"'));
const milligrams = v.pipe(v.string(), v.regex(/^\d+(\.\d+)?\s?mg$/, 'Must look like "780mg"'));

export const GeneratedRecipeObjectSchema = v.object({
  title: E.title,
  description: E.description,
  summary: line(2000),
  category: E.category,
  cuisine: E.cuisine,
  prepTime: wholeMinutes(1, 600),
  cookTime: wholeMinutes(1, 24 * 60),
  totalTime: wholeMinutes(2, 48 * 60),
  servings: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(24)),
  difficulty: E.difficulty,
  calories: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5000)),
  nutrition: v.object({
    calories: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5000)),
    protein: grams,
    carbs: grams,
    fat: grams,
    fiber: grams,
    sugar: grams,
    sodium: milligrams,
  }),
  ingredients: v.pipe(v.array(line(300)), v.minLength(2), v.maxLength(40)),
  instructions: v.pipe(v.array(line(2000)), v.minLength(2), v.maxLength(30)),
  tags: v.pipe(v.array(v.pipe(line(40), v.toLowerCase())), v.minLength(3), v.maxLength(8)),
  faqs: v.pipe(
    v.array(v.object({ question: line(300), answer: line(2000) })),
    v.minLength(2),
    v.maxLength(4),
  ),
});

/** The model's recipe with the content rules; `category` is checked against the database too. */
export const GeneratedRecipeSchema = v.pipe(
  GeneratedRecipeObjectSchema,
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
  v.forward(
    v.check((r) => new Set(r.tags).size === r.tags.length, 'tags must not repeat'),
    ['tags'],
  ),
);
export type GeneratedRecipe = v.InferOutput<typeof GeneratedRecipeSchema>;

/** A generated blog post (Markdown). Its word count is checked against the chosen length apart. */
export const GeneratedBlogPostSchema = v.object({
  title: line(200),
  excerpt: line(500),
  content: v.pipe(v.string(), v.trim(), v.nonEmpty('Must not be empty'), v.maxLength(40_000)),
  /** A blog category slug from the list offered, or "" for none. */
  category: v.pipe(v.string(), v.maxLength(100)),
});
export type GeneratedBlogPost = v.InferOutput<typeof GeneratedBlogPostSchema>;
