import { sql } from 'kysely';
import * as v from 'valibot';
import type { Db } from '../../../db/client.ts';
import type { GenerationKind } from '../../../db/schema.ts';
import {
  GeneratedRecipeObjectSchema,
  GeneratedRecipeSchema,
  type GeneratedRecipe,
} from '../../../src/lib/schemas/generated-content.ts';
import type { AiModel } from '../../../src/lib/schemas/generator-config.ts';
import { toIssues } from '../http.ts';
import { GenerationError, type Deadline } from './ai-client.ts';
import { GenerationRun } from './generation-run.ts';
import { createRecipe } from '../services/recipe-writes.ts';
import { slugify } from '../../../src/lib/slug.ts';
import { isAskedDish, namedDish } from '../../../src/lib/asked-dish.ts';
import { coverFor } from './cover.ts';
import { structuredOutputSchema } from './json-schema.ts';

// One generated recipe: the model answers in the structured-output schema derived
// from the shared recipe schema; the answer is validated again with the content rules a seed
// recipe passes and an existing category; the title must be the dish asked for (a CSV row's title,
// or the dish a prompt names: src/lib/asked-dish.ts); a title close to a recipe on the site (trigram
// similarity) is refused and asked for again once, naming the clash; then the recipe goes in
// through the same service as the admin form. The caller publishes (one recipe, or a batch once).

/** Titles at least this similar (pg_trgm similarity, 0–1) count as the same dish. */
export const TITLE_SIMILARITY_LIMIT = 0.6;

export interface GeneratedRecipeRef {
  id: number;
  slug: string;
  title: string;
  category: string;
}

export interface RecipeGenerationRequest {
  prompt: string;
  model: AiModel;
  kind: GenerationKind;
  jobId?: number | null;
  /** Titles just made by the same batch (not yet worth a query), to steer away from. */
  avoid?: string[];
  /** When the whole generation must be over (the one-recipe route; batches have none). */
  deadline?: Deadline;
}

interface CategoryInfo {
  slug: string;
  name: string;
  recipes: number;
}

async function categoriesWithCounts(db: Db): Promise<CategoryInfo[]> {
  const rows = await db
    .selectFrom('categories as c')
    .select(['c.slug', 'c.name'])
    .select(sql<number>`(SELECT count(*)::int FROM recipes r WHERE r.category = c.slug)`.as('recipes'))
    .orderBy('c.slug')
    .execute();
  return rows.map((r) => ({ slug: r.slug, name: r.name, recipes: Number(r.recipes) }));
}

/** The existing recipe whose title is closest to `title`, when it is close enough to be the same dish. */
export async function similarRecipe(
  db: Db,
  title: string,
): Promise<{ id: number; title: string; slug: string; score: number } | undefined> {
  const slug = slugify(title);
  const row = await db
    .selectFrom('recipes')
    .select(['id', 'title', 'slug', sql<number>`similarity(lower(title), lower(${title}))`.as('score')])
    .where((eb) =>
      eb.or([
        eb('slug', '=', slug),
        sql<boolean>`similarity(lower(title), lower(${title})) >= ${TITLE_SIMILARITY_LIMIT}`,
        sql<boolean>`similarity(replace(slug, '-', ' '), ${slug.replace(/-/g, ' ')}) >= ${TITLE_SIMILARITY_LIMIT}`,
      ]),
    )
    .orderBy('score', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { ...row, score: Number(row.score) } : undefined;
}

function systemPrompt(categories: CategoryInfo[]): string {
  return [
    'You are the recipe developer of Forkful, a recipe website for home cooks.',
    'Write one original, cookable recipe and answer with JSON only, following the schema exactly.',
    `category must be one of these slugs: ${categories.map((c) => c.slug).join(', ')}.`,
    'Times are whole minutes: prepTime and cookTime at least 1, totalTime at least prepTime + cookTime.',
    'Nutrition is per serving: calories equals nutrition.calories and lies within 10 % of',
    '4 × protein + 4 × carbs + 9 × fat (grams). Amounts are strings like "12g"; sodium like "480mg".',
    'ingredients: one line each with quantity and unit ("2 cups flour"); instructions: one step each.',
    'tags: 3 to 8 short lowercase words, no repeats. faqs: 2 to 4 useful questions with answers.',
    'The title names the dish plainly (no "The best…", no emoji).',
  ].join('\n');
}

async function userPrompt(
  db: Db,
  request: RecipeGenerationRequest,
  categories: CategoryInfo[],
): Promise<string> {
  const avoid = request.avoid?.length
    ? `\nDo not write any of these, made moments ago: ${request.avoid.join('; ')}.`
    : '';
  if (request.prompt) return `Write a recipe for: ${request.prompt}${avoid}`;
  // No prompt: a dish the site lacks, in its thinnest category.
  const thinnest = [...categories].sort((a, b) => a.recipes - b.recipes)[0];
  const titles = thinnest
    ? await db
        .selectFrom('recipes')
        .select('title')
        .where('category', '=', thinnest.slug)
        .orderBy('created_at', 'desc')
        .limit(80)
        .execute()
    : [];
  return [
    `Choose a popular dish this site does not have yet${thinnest ? `, in the category "${thinnest.slug}" (${thinnest.name})` : ''}.`,
    titles.length ? `The site already has: ${titles.map((t) => t.title).join('; ')}.` : '',
    avoid,
  ]
    .filter(Boolean)
    .join('\n');
}

/** The first problem of an answer that breaks the schema, as a sentence. */
function schemaProblem(issues: readonly v.BaseIssue<unknown>[]): string {
  const [first] = toIssues(issues);
  return first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'it does not match the schema';
}

/**
 * Generates, checks and inserts one recipe, and logs the attempt. Throws GenerationError (nothing
 * inserted, the failure logged) when the provider fails or the answer is unusable.
 */
export async function generateRecipe(db: Db, request: RecipeGenerationRequest): Promise<GeneratedRecipeRef> {
  const run = new GenerationRun(db, request);
  let lastTitle: string | null = null;
  try {
    const categories = await categoriesWithCounts(db);
    if (categories.length === 0)
      throw new GenerationError(409, 'There are no categories to put a recipe in.');
    const schema = structuredOutputSchema(GeneratedRecipeObjectSchema, {
      category: { type: 'string', enum: categories.map((c) => c.slug) },
    });
    const system = systemPrompt(categories);
    let user = await userPrompt(db, request, categories);
    // A CSV row is a title to write; a typed prompt may name a dish. Either must be what comes back.
    const asked = request.kind === 'csv' ? request.prompt.trim() || null : namedDish(request.prompt);
    for (let attempt = 0; ; attempt++) {
      const answer = await run.complete({ system, user, schemaName: 'recipe', schema });
      const parsed = v.safeParse(GeneratedRecipeSchema, answer.value);
      if (!parsed.success)
        throw new GenerationError(
          502,
          `The model's recipe broke the rules (${schemaProblem(parsed.issues)}).`,
        );
      const recipe: GeneratedRecipe = parsed.output;
      lastTitle = recipe.title;
      if (!categories.some((c) => c.slug === recipe.category))
        throw new GenerationError(
          502,
          `The model chose a category that does not exist ("${recipe.category}").`,
        );
      if (asked && !isAskedDish(asked, recipe.title))
        throw new GenerationError(502, `The model wrote "${recipe.title}", not the requested "${asked}".`);
      const clash = await similarRecipe(db, recipe.title);
      if (clash) {
        // A named dish is not swapped for another one to dodge the clash: it fails, saying why.
        if (attempt === 0 && !asked) {
          user = `${user}\n\nNot "${recipe.title}": the site already has "${clash.title}". Choose a clearly different dish with a different title.`;
          continue;
        }
        throw new GenerationError(
          409,
          asked
            ? `"${recipe.title}" is too close to the existing recipe "${clash.title}".`
            : `The model suggested "${recipe.title}", too close to the existing recipe "${clash.title}", even after being told.`,
        );
      }
      const image = await coverFor(db, recipe, request.deadline);
      const created = await createRecipe(
        db,
        { ...recipe, ...(image ? { image } : {}) },
        { author: 'generator', publish: false },
      );
      const ref = { id: created.id, slug: created.slug, title: created.title, category: created.category };
      await run.record(request.prompt || null, {
        status: 'success',
        title: ref.title,
        id: ref.id,
        slug: ref.slug,
      });
      return ref;
    }
  } catch (err) {
    throw await run.failed(
      err,
      'recipe',
      request.prompt || (lastTitle ? `(model's choice: ${lastTitle})` : null),
    );
  }
}
