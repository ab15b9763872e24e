import * as v from 'valibot';
import { DIETS } from '../diet-names.ts';
import {
  isUrlOrPath,
  requiredText,
  SLUG_PATTERN,
  timestampEntries,
  URL_MESSAGE,
  wholeNumber,
} from './fields.ts';
import {
  amount,
  atLeastOne,
  CONTENT_RULES,
  contentFaqs,
  contentSummary,
  contentTags,
  DIFFICULTIES,
  FaqInputSchema,
  ingredientText,
  INPUT_RULES,
  minutes,
  RECIPE_FIELD_MESSAGES,
  RECIPE_LIMITS,
  stepText,
  tagText,
  withRules,
} from './recipe-rules.ts';

// The one recipe schema. RecipeInputSchema is what the admin API (POST/PUT
// /api/recipes) and its form accept; RecipeContentSchema adds the stricter rules of a seed file
// (content/recipes/*.json is checked against it in tests and the seed loads through it);
// RecipeSchema is the public shape every reader gets. Their types are inferred from them:
// declare a recipe field here and nowhere else (db/mappers/recipe.ts maps rows to it). The
// limits, sentences and checks across fields come from recipe-rules.ts.

export { DIFFICULTIES, type Difficulty } from './recipe-rules.ts';

export const NutritionInputSchema = v.object({
  calories: v.pipe(
    v.number('Calories must be a number'),
    v.integer('Calories must be a number'),
    v.minValue(0),
  ),
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

/** An ingredient row of the admin form: quantity, unit, item and note ("2 | cups | flour | sifted"). */
const ingredientObject = v.object({
  quantity: v.optional(v.union([v.string(), v.number()])),
  unit: v.optional(v.string()),
  item: v.optional(v.string()),
  name: v.optional(v.string()),
  measurement: v.optional(v.string()),
  note: v.optional(v.string()),
});
const ingredientRow = v.pipe(
  ingredientObject,
  v.check((row) => Boolean((row.item ?? row.name ?? '').trim()), 'Each ingredient needs an item'),
);
const ingredientList = v.pipe(
  v.array(v.union([ingredientText, ingredientRow]), RECIPE_FIELD_MESSAGES.ingredients),
  v.minLength(1, RECIPE_FIELD_MESSAGES.ingredients),
  v.maxLength(RECIPE_LIMITS.ingredientLines),
);

/** A list of lines/objects, or section name → list (at least one ingredient). */
export const IngredientsInputSchema = v.union(
  [
    ingredientList,
    v.pipe(
      v.record(requiredText('A section needs a name', RECIPE_LIMITS.sectionName), ingredientList),
      v.check((groups) => Object.keys(groups).length > 0, RECIPE_FIELD_MESSAGES.ingredients),
    ),
  ],
  RECIPE_FIELD_MESSAGES.ingredients,
);

const instructionObject = v.object({
  step: v.optional(v.union([v.string(), v.number()])),
  instruction: v.optional(v.string()),
  text: v.optional(v.string()),
  image: v.optional(v.string()),
});
export const InstructionsInputSchema = v.pipe(
  v.array(v.union([stepText, instructionObject]), RECIPE_FIELD_MESSAGES.instructions),
  v.minLength(1, RECIPE_FIELD_MESSAGES.instructions),
  v.maxLength(RECIPE_LIMITS.steps),
);

/** A URL that may be left out, blank or null (null and blank are stored as none). */
const optionalUrl = v.optional(
  v.nullable(v.pipe(v.string(URL_MESSAGE), v.trim(), v.maxLength(2000), v.check(isUrlOrPath, URL_MESSAGE))),
);

/** The image a recipe gets when the form leaves it empty. */
export const DEFAULT_RECIPE_IMAGE = '/images/fallback/dish-1.webp';

/**
 * The ingredients each step uses, set by the admin where the automatic matching
 * (src/lib/step-ingredients.ts) is wrong: per step, indexes into the ingredient lines (sections
 * flattened in order) with the share of the line the step uses. Absent or null: matched
 * automatically.
 */
const StepIngredientSchema = v.object({
  ingredient: wholeNumber('A step ingredient must be an ingredient number', 0, 999),
  portion: v.pipe(
    v.number('A step ingredient share must be a number'),
    v.gtValue(0, 'A step ingredient share must be more than 0'),
    v.maxValue(1, 'A step ingredient share must be at most 1'),
  ),
});
export const StepIngredientsSchema = v.pipe(
  v.array(
    v.pipe(v.array(StepIngredientSchema), v.maxLength(100)),
    'Step ingredients must be a list per step',
  ),
  v.maxLength(RECIPE_LIMITS.steps),
);

const recipeInputEntries = {
  /**
   * Asked-for slug. Create: used instead of one from the title (a clash is a 409). Update: the
   * slug stays unless this asks for another.
   */
  slug: v.optional(
    v.pipe(
      v.string('Must be a slug like "lemon-chicken"'),
      v.trim(),
      v.regex(SLUG_PATTERN, 'Must be a slug like "lemon-chicken"'),
      v.maxLength(120),
    ),
  ),
  title: requiredText(RECIPE_FIELD_MESSAGES.title, RECIPE_LIMITS.title),
  description: requiredText(RECIPE_FIELD_MESSAGES.description, RECIPE_LIMITS.description),
  // The fields a recipe may lack are nullable as well as optional: a recipe read from the API
  // (where they are null) is accepted back as it is.
  summary: v.optional(
    v.nullable(v.pipe(v.string('Summary must be text'), v.trim(), v.maxLength(RECIPE_LIMITS.summary))),
  ),
  image: optionalUrl,
  category: v.pipe(
    v.string(RECIPE_FIELD_MESSAGES.category),
    v.trim(),
    v.nonEmpty(RECIPE_FIELD_MESSAGES.category),
    v.regex(SLUG_PATTERN, 'Must be a category slug'),
  ),
  cuisine: requiredText(RECIPE_FIELD_MESSAGES.cuisine, RECIPE_LIMITS.cuisine),
  prepTime: atLeastOne(RECIPE_FIELD_MESSAGES.prepTime, RECIPE_LIMITS.minutes),
  /** 0 only with `noCooking` (smoothies, salads): at least 1 otherwise. */
  cookTime: minutes(RECIPE_LIMITS.minutes),
  /** The form's "No cooking" box: the recipe's cook time is a known zero. */
  noCooking: v.optional(v.boolean()),
  totalTime: v.optional(minutes(RECIPE_LIMITS.minutes)),
  servings: atLeastOne(RECIPE_FIELD_MESSAGES.servings, RECIPE_LIMITS.servings),
  difficulty: v.picklist(DIFFICULTIES, RECIPE_FIELD_MESSAGES.difficulty),
  calories: atLeastOne(RECIPE_FIELD_MESSAGES.calories, RECIPE_LIMITS.calories),
  nutrition: v.object(NutritionInputSchema.entries, RECIPE_FIELD_MESSAGES.nutrition),
  ingredients: IngredientsInputSchema,
  instructions: InstructionsInputSchema,
  tags: v.pipe(
    v.array(tagText, RECIPE_FIELD_MESSAGES.tags),
    v.minLength(1, RECIPE_FIELD_MESSAGES.tags),
    v.maxLength(RECIPE_LIMITS.tags, `At most ${RECIPE_LIMITS.tags} tags`),
  ),
  faqs: v.optional(v.pipe(v.array(FaqInputSchema), v.maxLength(RECIPE_LIMITS.faqs))),
  videoUrl: v.optional(
    v.pipe(
      v.nullable(v.pipe(v.string(URL_MESSAGE), v.trim(), v.check(isUrlOrPath, URL_MESSAGE))),
      v.transform((s) => (s ? s : undefined)),
    ),
  ),
  videoThumbnail: optionalUrl,
  videoDuration: v.optional(
    v.nullable(
      v.pipe(
        v.number('Video duration must be a number of seconds'),
        v.integer('Video duration must be whole seconds'),
        v.minValue(1, 'Video duration must be at least 1 second'),
      ),
    ),
  ),
  stepIngredients: v.optional(v.nullable(StepIngredientsSchema)),
  /**
   * The diets, kept as given when `dietsByHand` is true; otherwise they are read from the
   * ingredients as the recipe is saved (src/lib/diets.ts), so a recipe read from the API and sent
   * back keeps automatic diets automatic.
   */
  dietsByHand: v.optional(v.boolean('dietsByHand must be true or false')),
  diets: v.optional(
    v.nullable(
      v.pipe(
        v.array(v.picklist(DIETS, `A diet must be one of ${DIETS.join(', ')}`), 'Diets must be a list'),
        v.maxLength(DIETS.length),
      ),
    ),
  ),
};

export const RecipeInputSchema = withRules(
  v.object(recipeInputEntries, (issue) =>
    issue.input === undefined && typeof issue.path?.at(-1)?.key === 'string'
      ? ((RECIPE_FIELD_MESSAGES as Record<string, string>)[issue.path.at(-1)!.key as string] ??
        `${String(issue.path.at(-1)!.key)} is required`)
      : 'Expected a recipe object',
  ),
  INPUT_RULES,
);
/** What a client sends. */
export type RecipeInput = v.InferInput<typeof RecipeInputSchema>;
/** A validated input (trimmed, tags lower-cased): what db/mappers/recipe.ts turns into a row. */
export type RecipeInputValues = v.InferOutput<typeof RecipeInputSchema>;

/**
 * A seed file: the recipe plus its publication date and the icons its cover is drawn from, held
 * to the published content's rules. A seed's cook time may be 0 without `noCooking`.
 */
export const RecipeContentObjectSchema = v.object({
  ...recipeInputEntries,
  summary: contentSummary,
  cookTime: minutes(RECIPE_LIMITS.minutes),
  totalTime: minutes(RECIPE_LIMITS.minutes),
  tags: contentTags,
  faqs: contentFaqs,
  createdAt: v.pipe(v.string(), v.isoTimestamp('Must be an ISO timestamp')),
  illustration: v.pipe(v.array(v.string()), v.minLength(1), v.maxLength(3)),
});
export const RecipeContentSchema = withRules(RecipeContentObjectSchema, CONTENT_RULES);
export type RecipeContent = v.InferOutput<typeof RecipeContentSchema>;

// The public shapes below say what a reader may receive, without the input's length and format
// rules: stored data is checked when written, and readers cope with every shape a recipe may store
// (a recipe whose ingredients cannot be read shows "Unable to display ingredients").

/** Nutrition as served: the calories always, the other amounts as the recipe states them. */
export const NutritionSchema = v.required(v.partial(NutritionInputSchema), ['calories']);
const IngredientLineSchema = v.union([v.string(), ingredientObject]);
/** A list of lines/objects, or section name → list. */
export const IngredientsSchema = v.union([
  v.array(IngredientLineSchema),
  v.record(v.string(), v.array(IngredientLineSchema)),
]);
const InstructionStepSchema = v.union([v.string(), instructionObject]);
export const InstructionsSchema = v.array(InstructionStepSchema);
export const FaqSchema = v.object({ question: v.string(), answer: v.string() });

/** A recipe as the API returns it and pages render it. */
export const RecipeSchema = v.object({
  id: v.number(),
  slug: v.string(),
  title: v.string(),
  description: v.string(),
  summary: v.nullable(v.string()),
  image: v.nullable(v.string()),
  category: v.string(),
  cuisine: v.string(),
  prepTime: v.number(),
  cookTime: v.number(),
  /** True when the cook time is a known zero (cookTime 0): what the form's "No cooking" box sends back. */
  noCooking: v.boolean(),
  totalTime: v.number(),
  servings: v.number(),
  difficulty: v.picklist(DIFFICULTIES),
  calories: v.number(),
  nutrition: NutritionSchema,
  ingredients: IngredientsSchema,
  instructions: InstructionsSchema,
  /** Tenths of a star, 0-50 (45 = 4.5). */
  rating: v.number(),
  /** The same rating in stars with one decimal (starsFromTenths). */
  averageRating: v.number(),
  reviewCount: v.number(),
  faqs: v.array(FaqSchema),
  tags: v.array(v.string()),
  videoUrl: v.nullable(v.string()),
  videoThumbnail: v.nullable(v.string()),
  videoDuration: v.nullable(v.number()),
  /** The admin's step ingredients; null: matched automatically from the text. */
  stepIngredients: v.nullable(StepIngredientsSchema),
  /** The diets the recipe suits (read from its ingredients, or set by the admin: dietsByHand). */
  diets: v.array(v.picklist(DIETS)),
  dietsByHand: v.boolean(),
  ...timestampEntries,
});
export type Recipe = v.InferOutput<typeof RecipeSchema>;
export type Nutrition = v.InferOutput<typeof NutritionSchema>;
export type Ingredients = v.InferOutput<typeof IngredientsSchema>;
export type IngredientLine = v.InferOutput<typeof IngredientLineSchema>;
export type InstructionStep = v.InferOutput<typeof InstructionStepSchema>;
export type Faq = v.InferOutput<typeof FaqSchema>;
export type StepIngredients = v.InferOutput<typeof StepIngredientsSchema>;

/** Tenths of a star → stars with one decimal (45 → 4.5). */
export const starsFromTenths = (tenths: number) => Math.round(tenths) / 10;

const SUMMARY_FIELDS = [
  'id',
  'slug',
  'title',
  'description',
  'image',
  'category',
  'cuisine',
  'prepTime',
  'cookTime',
  'totalTime',
  'servings',
  'difficulty',
  'calories',
  'rating',
  'averageRating',
  'reviewCount',
  'tags',
  'createdAt',
] as const;
/** What a card or a list needs (no ingredients or steps). */
export const RecipeSummarySchema = v.pick(RecipeSchema, SUMMARY_FIELDS);
export type RecipeSummary = v.InferOutput<typeof RecipeSummarySchema>;

const RELATED_FIELDS = [
  'id',
  'slug',
  'title',
  'image',
  'category',
  'servings',
  'rating',
  'prepTime',
  'cookTime',
] as const;
/** Related recipes: exactly these fields. */
export const RelatedRecipeSchema = v.pick(RecipeSchema, RELATED_FIELDS);
export type RelatedRecipe = v.InferOutput<typeof RelatedRecipeSchema>;

function pickFields<T, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}

/** The card fields of a recipe. */
export const summaryOf = (recipe: RecipeSummary): RecipeSummary => pickFields(recipe, SUMMARY_FIELDS);

/** Related items carry exactly these fields. */
export const relatedOf = (recipe: Recipe): RelatedRecipe => pickFields(recipe, RELATED_FIELDS);
