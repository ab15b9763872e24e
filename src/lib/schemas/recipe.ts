import * as v from 'valibot';
import { DIETS } from '../diet-names.ts';

// The one recipe schema. RecipeInputSchema is what the admin API (POST/PUT
// /api/recipes) and its form accept; RecipeContentSchema adds the stricter rules of a seed file
// (content/recipes/*.json is checked against it in tests and the seed loads through it);
// RecipeSchema is the public shape every reader gets. Their types are inferred from them:
// declare a recipe field here and nowhere else (db/mappers/recipe.ts maps rows to it).

export const DIFFICULTIES = ['Easy', 'Medium', 'Hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The sentence of each required recipe field, whether it is missing, empty or too small: the
 * schema reports these, and the admin form words its inline errors with the very same ones.
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

/** The sentence of a URL field (a recipe's image, its video) that is neither a site path nor an http(s) URL. */
export const URL_MESSAGE = 'Must be a valid URL';

const text = (max: number, required = 'Must not be empty') =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max));
const minutes = v.pipe(
  v.number('Must be a number of minutes'),
  v.integer('Must be whole minutes'),
  v.minValue(0),
  v.maxValue(60 * 24 * 7),
);
/** A whole number of at least 1, with the form's sentence for anything else. */
const atLeastOne = (message: string, max: number) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(max));
/** Nutrition amounts are strings with a unit ("42g", "780mg"), as stored recipes and the admin form have them. */
const amount = (unit: 'g' | 'mg') =>
  v.pipe(
    v.string(`Must look like "12${unit}"`),
    v.regex(unit === 'g' ? /^\d+(\.\d+)?\s?g$/ : /^\d+(\.\d+)?\s?mg$/, `Must look like "12${unit}"`),
  );

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
const ingredientLine = v.union([text(300, 'An ingredient must not be empty'), ingredientRow]);
const ingredientList = v.pipe(
  v.array(ingredientLine, RECIPE_FIELD_MESSAGES.ingredients),
  v.minLength(1, RECIPE_FIELD_MESSAGES.ingredients),
  v.maxLength(100),
);

/** A list of lines/objects, or section name → list (at least one ingredient). */
export const IngredientsInputSchema = v.union(
  [
    ingredientList,
    v.pipe(
      v.record(text(80, 'A section needs a name'), ingredientList),
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
  v.array(
    v.union([text(2000, 'A step must not be empty'), instructionObject]),
    RECIPE_FIELD_MESSAGES.instructions,
  ),
  v.minLength(1, RECIPE_FIELD_MESSAGES.instructions),
  v.maxLength(60),
);

export const FaqInputSchema = v.object({
  question: text(300, 'A question is required'),
  answer: text(2000, 'An answer is required'),
});

/**
 * Must be a valid URL: an absolute http(s) URL or a path on this site
 * ("/images/recipes/x.webp", "/api/images/…"). The empty string is allowed where a field may be
 * left blank (an empty recipe image becomes the default image).
 */
export function isSiteUrl(value: string): boolean {
  if (/^\/(?!\/)\S*$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
/** A URL that may be left out, blank or null (null and blank are stored as none). */
const optionalUrl = v.optional(
  v.nullable(
    v.pipe(
      v.string(URL_MESSAGE),
      v.trim(),
      v.maxLength(2000),
      v.check((s) => s === '' || isSiteUrl(s), URL_MESSAGE),
    ),
  ),
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
  ingredient: v.pipe(
    v.number('A step ingredient must be an ingredient number'),
    v.integer('A step ingredient must be an ingredient number'),
    v.minValue(0, 'A step ingredient must be an ingredient number'),
    v.maxValue(999, 'A step ingredient must be an ingredient number'),
  ),
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
  v.maxLength(60),
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
  title: text(200, RECIPE_FIELD_MESSAGES.title),
  description: text(600, RECIPE_FIELD_MESSAGES.description),
  // The fields a recipe may lack are nullable as well as optional: a recipe read from the API
  // (where they are null) is accepted back as it is.
  summary: v.optional(v.nullable(v.pipe(v.string('Summary must be text'), v.trim(), v.maxLength(2000)))),
  image: optionalUrl,
  category: v.pipe(
    v.string(RECIPE_FIELD_MESSAGES.category),
    v.trim(),
    v.nonEmpty(RECIPE_FIELD_MESSAGES.category),
    v.regex(SLUG_PATTERN, 'Must be a category slug'),
  ),
  cuisine: text(60, RECIPE_FIELD_MESSAGES.cuisine),
  prepTime: atLeastOne(RECIPE_FIELD_MESSAGES.prepTime, 60 * 24 * 7),
  /** 0 only with `noCooking` (smoothies, salads): at least 1 otherwise. */
  cookTime: minutes,
  /** The form's "No cooking" box: the recipe's cook time is a known zero. */
  noCooking: v.optional(v.boolean()),
  totalTime: v.optional(minutes),
  servings: atLeastOne(RECIPE_FIELD_MESSAGES.servings, 1000),
  difficulty: v.picklist(DIFFICULTIES, RECIPE_FIELD_MESSAGES.difficulty),
  calories: v.pipe(atLeastOne(RECIPE_FIELD_MESSAGES.calories, 10000)),
  nutrition: v.object(NutritionInputSchema.entries, RECIPE_FIELD_MESSAGES.nutrition),
  ingredients: IngredientsInputSchema,
  instructions: InstructionsInputSchema,
  tags: v.pipe(
    v.array(v.pipe(text(40, 'A tag must not be empty'), v.toLowerCase()), RECIPE_FIELD_MESSAGES.tags),
    v.minLength(1, RECIPE_FIELD_MESSAGES.tags),
    v.maxLength(12, 'At most 12 tags'),
  ),
  faqs: v.optional(v.pipe(v.array(FaqInputSchema), v.maxLength(10))),
  videoUrl: v.optional(
    v.pipe(
      v.nullable(
        v.pipe(
          v.string(URL_MESSAGE),
          v.trim(),
          v.check((s) => s === '' || isSiteUrl(s), URL_MESSAGE),
        ),
      ),
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

/** Step ingredients that fit the recipe: no more lists than steps, every index an ingredient line. */
function stepIngredientsFit(r: {
  ingredients: unknown[] | Record<string, unknown[]>;
  instructions: unknown[];
  stepIngredients?: { ingredient: number }[][] | null | undefined;
}): boolean {
  if (!r.stepIngredients) return true;
  const lineCount = Array.isArray(r.ingredients)
    ? r.ingredients.length
    : Object.values(r.ingredients).reduce((n, list) => n + list.length, 0);
  return (
    r.stepIngredients.length <= r.instructions.length &&
    r.stepIngredients.every((step) => step.every((m) => m.ingredient < lineCount))
  );
}
const STEP_INGREDIENTS_MISFIT = "Step ingredients must refer to the recipe's steps and ingredient lines";

export const RecipeInputSchema = v.pipe(
  v.object(recipeInputEntries, (issue) =>
    issue.input === undefined && typeof issue.path?.at(-1)?.key === 'string'
      ? ((RECIPE_FIELD_MESSAGES as Record<string, string>)[issue.path.at(-1)!.key as string] ??
        `${String(issue.path.at(-1)!.key)} is required`)
      : 'Expected a recipe object',
  ),
  v.forward(
    v.check(
      (r) => r.cookTime >= 1 || (r.cookTime === 0 && r.noCooking === true),
      RECIPE_FIELD_MESSAGES.cookTime,
    ),
    ['cookTime'],
  ),
  v.forward(
    v.check((r) => stepIngredientsFit(r), STEP_INGREDIENTS_MISFIT),
    ['stepIngredients'],
  ),
);
/** What a client sends. */
export type RecipeInput = v.InferInput<typeof RecipeInputSchema>;
/** A validated input (trimmed, tags lower-cased): what db/mappers/recipe.ts turns into a row. */
export type RecipeInputValues = v.InferOutput<typeof RecipeInputSchema>;

const grams = (s: string | undefined) => Number.parseFloat(s ?? '0');

/** Energy from macros (Atwater factors 4/4/9). */
export function caloriesFromMacros(n: { protein: string; carbs: string; fat: string }): number {
  return 4 * grams(n.protein) + 4 * grams(n.carbs) + 9 * grams(n.fat);
}

/** A seed file: the recipe plus its publication date and the icons its cover is drawn from. */
export const RecipeContentSchema = v.pipe(
  v.object({
    ...recipeInputEntries,
    summary: text(2000),
    prepTime: minutes,
    cookTime: minutes,
    calories: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10000)),
    totalTime: minutes,
    tags: v.pipe(v.array(v.pipe(text(40), v.toLowerCase())), v.minLength(3), v.maxLength(8)),
    faqs: v.pipe(v.array(FaqInputSchema), v.minLength(2), v.maxLength(4)),
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
  createdAt: v.string(),
  updatedAt: v.string(),
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
