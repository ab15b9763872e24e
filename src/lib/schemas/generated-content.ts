import * as v from 'valibot';
import { requiredText } from './fields.ts';
import { RecipeContentObjectSchema } from './recipe.ts';
import {
  amount,
  atLeastOne,
  CONTENT_RULES,
  GENERATED_LIMITS,
  ingredientText,
  minutes,
  RECIPE_FIELD_MESSAGES,
  stepText,
  withRules,
} from './recipe-rules.ts';

// What the AI model must return. The recipe is the seed file's fields (RecipeContentObjectSchema)
// in the one simple shape a model fills reliably: every field present, ingredients and steps as
// lines, all nutrition amounts, within the tighter ranges of GENERATED_LIMITS. The JSON schema
// sent to the model is derived from GeneratedRecipeObjectSchema
// (functions/_shared/generator/json-schema.ts); the answer is validated again with
// GeneratedRecipeSchema, which adds the content rules a seed recipe keeps (CONTENT_RULES).

const C = RecipeContentObjectSchema.entries;
const M = RECIPE_FIELD_MESSAGES;
const G = GENERATED_LIMITS;

/** A list of lines: at least one, as the form asks, then the model's range. */
const lines = (line: typeof ingredientText, message: string, range: { min: number; max: number }) =>
  v.pipe(
    v.array(line, message),
    v.minLength(1, message),
    v.minLength(range.min, `At least ${range.min}`),
    v.maxLength(range.max, `At most ${range.max}`),
  );

export const GeneratedRecipeObjectSchema = v.object({
  title: C.title,
  description: C.description,
  summary: C.summary,
  category: C.category,
  cuisine: C.cuisine,
  prepTime: atLeastOne(M.prepTime, G.prepTime),
  cookTime: atLeastOne(M.cookTime, G.cookTime),
  totalTime: minutes(G.totalTime),
  servings: atLeastOne(M.servings, G.servings),
  difficulty: C.difficulty,
  calories: atLeastOne(M.calories, G.calories),
  nutrition: v.object({
    calories: atLeastOne(M.calories, G.calories),
    protein: amount('g'),
    carbs: amount('g'),
    fat: amount('g'),
    fiber: amount('g'),
    sugar: amount('g'),
    sodium: amount('mg'),
  }),
  ingredients: lines(ingredientText, M.ingredients, G.ingredients),
  instructions: lines(stepText, M.instructions, G.instructions),
  tags: C.tags,
  faqs: C.faqs,
});

/** The model's recipe with the content rules; `category` is checked against the database too. */
export const GeneratedRecipeSchema = withRules(GeneratedRecipeObjectSchema, CONTENT_RULES);
export type GeneratedRecipe = v.InferOutput<typeof GeneratedRecipeSchema>;

/** A generated blog post (Markdown). Its word count is checked against the chosen length apart. */
export const GeneratedBlogPostSchema = v.object({
  title: requiredText('Must not be empty', 200),
  excerpt: requiredText('Must not be empty', 500),
  content: v.pipe(v.string(), v.trim(), v.nonEmpty('Must not be empty'), v.maxLength(40_000)),
  /** A blog category slug from the list offered, or "" for none. */
  category: v.pipe(v.string(), v.maxLength(100)),
});
export type GeneratedBlogPost = v.InferOutput<typeof GeneratedBlogPostSchema>;
