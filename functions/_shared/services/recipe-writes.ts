import type { Context } from '@netlify/functions';
import { sql, type Transaction } from 'kysely';
import type * as v from 'valibot';
import type { Db } from '../../../db/client.ts';
import { RECIPE_COLUMNS, recipeFromRow, recipeToRow } from '../../../db/mappers/recipe.ts';
import type { Database, NewRecipeRow, RecipeRow } from '../../../db/schema.ts';
import { DEFAULT_RECIPE_IMAGE, RecipeInputSchema, type Recipe } from '../../../src/lib/schemas/recipe.ts';
import { slugify, uniqueSlug } from '../../../src/lib/slug.ts';
import { ApiError, badRequest, notFound, parseOrThrow } from '../http.ts';
import { publish } from '../publish.ts';
import { notebookSnapshots } from './notebook-trash.ts';
import { deleteIntoTrash, snapshotRows, type TrashEntry } from './trash.ts';
import { keepVersion } from './versions.ts';

// Writes (admin form, generator, import). Each is one transaction and then one `publish` with
// what changed (docs/DECISIONS.md "Publishing"). Input is validated here, so every caller gets the same rules
// and the recipe form's messages.

/** Who made a change, recorded with versions and trash entries ('admin', 'generator', 'import'). */
export interface WriteOptions {
  author?: string;
  /** False when the caller publishes a batch itself (generator bulk runs, imports). */
  publish?: boolean;
  context?: Partial<Context>;
}

export type RecipeWriteInput = v.InferInput<typeof RecipeInputSchema>;

/** Validates a recipe payload (400 with `issues` and the recipe form's messages otherwise). */
export function parseRecipeInput(input: unknown): v.InferOutput<typeof RecipeInputSchema> {
  return parseOrThrow(RecipeInputSchema, input, 'recipe');
}

const ref = (r: { id: number; slug: string; category: string }) => ({
  id: r.id,
  slug: r.slug,
  category: r.category,
});

async function assertCategoryExists(trx: Transaction<Database>, category: string): Promise<void> {
  const found = await trx
    .selectFrom('categories')
    .select('slug')
    .where('slug', '=', category)
    .executeTakeFirst();
  if (!found) {
    const message = `Category "${category}" does not exist`;
    throw badRequest(message, [{ path: 'category', message }]);
  }
}

/** Slugs in use that start like `base` (for base, base-2, base-3…). */
async function takenSlugs(trx: Transaction<Database>, base: string): Promise<Set<string>> {
  const rows = await trx
    .selectFrom('recipes')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  return new Set(rows.map((r) => r.slug));
}

const slugClash = (slug: string) =>
  new ApiError(409, `The slug "${slug}" is already used by another recipe.`);

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}

function rowValues(input: v.InferOutput<typeof RecipeInputSchema>, slug: string): NewRecipeRow {
  const { slug: _asked, noCooking: _noCooking, ...values } = input;
  return recipeToRow({ ...values, image: values.image || DEFAULT_RECIPE_IMAGE }, { slug });
}

/**
 * Creates a recipe: validated like the admin form, its slug from the title (the slug rule; a clash gets
 * -2, -3…) unless `slug` is given (then a clash is a 409), an empty image → the default image.
 */
export async function createRecipe(db: Db, input: unknown, options: WriteOptions = {}): Promise<Recipe> {
  const values = parseRecipeInput(input);
  const asked = values.slug;
  const base = asked ?? (slugify(values.title) || 'recipe');
  let created: RecipeRow | undefined;
  for (let attempt = 0; !created; attempt++) {
    try {
      created = await db.transaction().execute(async (trx) => {
        await assertCategoryExists(trx, values.category);
        const taken = await takenSlugs(trx, base);
        if (asked && taken.has(asked)) throw slugClash(asked);
        const slug = uniqueSlug(base, taken);
        return trx
          .insertInto('recipes')
          .values(rowValues(values, slug))
          .returning(RECIPE_COLUMNS)
          .executeTakeFirstOrThrow();
      });
    } catch (err) {
      // Two creates with the same title at once: the loser takes the next free suffix.
      if (!isUniqueViolation(err) || asked || attempt >= 4) throw err;
    }
  }
  const recipe = recipeFromRow(created);
  if (options.publish !== false)
    await publish({ reason: `Recipe "${recipe.title}" created`, recipes: [ref(recipe)] }, options.context);
  return recipe;
}

/** The editable state of a recipe (what its form and PUT carry), kept as a version. */
export function recipeVersionData(recipe: Recipe): Record<string, unknown> {
  const {
    id: _id,
    rating: _rating,
    averageRating: _average,
    reviewCount: _count,
    createdAt: _created,
    updatedAt: _updated,
    ...rest
  } = recipe;
  const data: Record<string, unknown> = { ...rest, noCooking: recipe.cookTime === 0 };
  for (const [key, value] of Object.entries(data)) if (value === null) delete data[key];
  return data;
}

type StoredRecipeRow = Pick<RecipeRow, 'id' | 'title'> & Parameters<typeof recipeFromRow>[0];

/**
 * Inside `trx`: replaces a stored recipe's row with `next`, keeping the state it replaces as a
 * version by `author`. The one versioned write of a recipe: the form's PUT and the import use it.
 */
export async function replaceRecipeRow(
  trx: Transaction<Database>,
  stored: StoredRecipeRow,
  next: Omit<NewRecipeRow, 'created_at'>,
  author: string,
): Promise<RecipeRow> {
  const before = recipeFromRow(stored);
  await keepVersion(
    trx,
    'recipe',
    stored.id,
    { title: stored.title, data: recipeVersionData(before) },
    author,
  );
  return trx
    .updateTable('recipes')
    .set({ ...next, updated_at: sql<Date>`now()` })
    .where('id', '=', stored.id)
    .returning(RECIPE_COLUMNS)
    .executeTakeFirstOrThrow();
}

/**
 * Replaces a recipe with the input (the whole form). The slug stays unless `slug` asks for
 * another (409 when taken). The state it replaces is kept as a version.
 */
export async function updateRecipe(
  db: Db,
  id: number,
  input: unknown,
  options: WriteOptions = {},
): Promise<Recipe> {
  const values = parseRecipeInput(input);
  const author = options.author ?? 'admin';
  let before: Recipe | undefined;
  let updated: RecipeRow;
  try {
    updated = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('recipes')
        .select(RECIPE_COLUMNS)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound('Recipe not found.');
      before = recipeFromRow(row);
      await assertCategoryExists(trx, values.category);
      const slug = values.slug ?? row.slug;
      if (slug !== row.slug) {
        const other = await trx
          .selectFrom('recipes')
          .select('id')
          .where('slug', '=', slug)
          .executeTakeFirst();
        if (other) throw slugClash(slug);
      }
      const { created_at: _c, ...next } = rowValues(values, slug);
      return replaceRecipeRow(trx, row, next, author);
    });
  } catch (err) {
    if (isUniqueViolation(err) && values.slug) throw slugClash(values.slug);
    throw err;
  }
  const recipe = recipeFromRow(updated);
  if (options.publish !== false) {
    const recipes = [ref(recipe)];
    if (before && (before.slug !== recipe.slug || before.category !== recipe.category))
      recipes.push(ref(before));
    await publish({ reason: `Recipe "${recipe.title}" updated`, recipes }, options.context);
  }
  return recipe;
}

const REVIEW_COLUMNS = ['id', 'recipe_id', 'user_id', 'rating', 'comment', 'created_at', 'updated_at'];

/**
 * Deletes a recipe, moving it with its reviews, helpful marks and saves to the trash (restore
 * with POST /api/admin/trash/{trashId}/restore). Returns the trash entry.
 */
export async function deleteRecipe(db: Db, id: number, options: WriteOptions = {}): Promise<TrashEntry> {
  let removed: { id: number; slug: string; category: string; title: string } | undefined;
  const entry = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('recipes')
      .select(['id', 'slug', 'category', 'title'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Recipe not found.');
    removed = row;
    const columns = RECIPE_COLUMNS.map((c) => c.slice('recipes.'.length));
    const tables = [
      await snapshotRows(trx, 'recipes', columns, sql<boolean>`id = ${id}`),
      await snapshotRows(trx, 'reviews', REVIEW_COLUMNS, sql<boolean>`recipe_id = ${id}`),
      await snapshotRows(
        trx,
        'review_helpful',
        ['review_id', 'user_id', 'created_at'],
        sql<boolean>`review_id IN (SELECT id FROM reviews WHERE recipe_id = ${id})`,
      ),
      await snapshotRows(
        trx,
        'saved_recipes',
        ['user_id', 'recipe_id', 'created_at'],
        sql<boolean>`recipe_id = ${id}`,
      ),
      ...(await notebookSnapshots(trx, id)),
    ];
    const calorieIds = await trx
      .selectFrom('calorie_entries')
      .select('id')
      .where('recipe_id', '=', id)
      .execute();
    return deleteIntoTrash(
      trx,
      { entity: 'recipe', entityId: id, title: row.title },
      {
        tables,
        relink: [{ table: 'calorie_entries', column: 'recipe_id', ids: calorieIds.map((c) => c.id) }],
      },
      options.author ?? 'admin',
    );
  });
  if (options.publish !== false && removed)
    await publish({ reason: `Recipe "${removed.title}" deleted`, recipes: [ref(removed)] }, options.context);
  return entry;
}
