import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';
import { RECIPE_COLUMNS, recipeFromRow } from '../../../db/mappers/recipe.ts';
import { COLLECTION_LIMITS, type Collection } from '../../../src/lib/schemas/collection.ts';
import type { Recipe } from '../../../src/lib/schemas/recipe.ts';
import { saveRecipe } from './saved.ts';

// A cook's collections (collections + collection_recipes). Every query is scoped by user_id, so
// another cook's collection is indistinguishable from a missing one. Putting a recipe in a
// collection also saves it, so 'All saved' always holds every collected recipe.

export type CollectionRefusal = 'full' | 'duplicate' | 'missing' | 'no-recipe';

const nameTaken = async (db: Db, userId: number, name: string, exceptId?: number) =>
  Boolean(
    await db
      .selectFrom('collections')
      .select('id')
      .where('user_id', '=', userId)
      .where(sql`lower(name)`, '=', name.toLowerCase())
      .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId!))
      .executeTakeFirst(),
  );

const recipeExists = async (db: Db, recipeId: number) =>
  Boolean(await db.selectFrom('recipes').select('id').where('id', '=', recipeId).executeTakeFirst());

/** One writer per cook at a time, so two tabs cannot both pass the limit or the name check. */
const lockUser = (db: Db, userId: number) =>
  db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();

/** The cook's collections in their order, each with how many recipes it holds. */
export async function listCollections(db: Db, userId: number): Promise<Collection[]> {
  const rows = await db
    .selectFrom('collections')
    .leftJoin('collection_recipes', 'collection_recipes.collection_id', 'collections.id')
    .select([
      'collections.id',
      'collections.name',
      'collections.position',
      sql<number>`count(collection_recipes.recipe_id)::int`.as('recipe_count'),
    ])
    .where('collections.user_id', '=', userId)
    .groupBy(['collections.id', 'collections.name', 'collections.position'])
    .orderBy('collections.position')
    .orderBy('collections.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, position: r.position, recipeCount: r.recipe_count }));
}

async function oneCollection(db: Db, userId: number, id: number): Promise<Collection | undefined> {
  return (await listCollections(db, userId)).find((c) => c.id === id);
}

export async function createCollection(
  db: Db,
  userId: number,
  name: string,
  recipeId?: number,
): Promise<Collection | CollectionRefusal> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const { count } = await trx
      .selectFrom('collections')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (count >= COLLECTION_LIMITS.perUser) return 'full';
    if (await nameTaken(trx, userId, name)) return 'duplicate';
    if (recipeId !== undefined && !(await recipeExists(trx, recipeId))) return 'no-recipe';
    const { id } = await trx
      .insertInto('collections')
      .values({
        user_id: userId,
        name,
        // New collections go last.
        position: sql<number>`coalesce((SELECT max(position) + 1 FROM collections WHERE user_id = ${userId}), 0)`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (recipeId !== undefined) await addRecipe(trx, userId, id, recipeId);
    return (await oneCollection(trx, userId, id))!;
  });
}

export async function renameCollection(
  db: Db,
  userId: number,
  id: number,
  name: string,
): Promise<Collection | CollectionRefusal> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    if (await nameTaken(trx, userId, name, id)) return 'duplicate';
    const row = await trx
      .updateTable('collections')
      .set({ name })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('id')
      .executeTakeFirst();
    return row ? (await oneCollection(trx, userId, id))! : 'missing';
  });
}

/** Puts the cook's collections in the order of `ids`, which must name each of them once. */
export async function reorderCollections(
  db: Db,
  userId: number,
  ids: number[],
): Promise<Collection[] | 'mismatch'> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const own = (
      await trx.selectFrom('collections').select('id').where('user_id', '=', userId).execute()
    ).map((r) => r.id);
    const wanted = new Set(ids);
    if (wanted.size !== ids.length || own.length !== ids.length || own.some((id) => !wanted.has(id)))
      return 'mismatch';
    for (const [position, id] of ids.entries()) {
      await trx
        .updateTable('collections')
        .set({ position })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
    }
    return listCollections(trx, userId);
  });
}

export async function deleteCollection(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('collections')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The collection and its recipes, most recently added first; undefined when the cook has none such. */
export async function collectionWithRecipes(
  db: Db,
  userId: number,
  id: number,
): Promise<{ collection: Collection; recipes: Recipe[] } | undefined> {
  const collection = await oneCollection(db, userId, id);
  if (!collection) return undefined;
  const rows = await db
    .selectFrom('collection_recipes')
    .innerJoin('recipes', 'recipes.id', 'collection_recipes.recipe_id')
    .select(RECIPE_COLUMNS)
    .where('collection_recipes.collection_id', '=', id)
    .orderBy('collection_recipes.added_at', 'desc')
    .orderBy('recipes.id', 'desc')
    .execute();
  return { collection, recipes: rows.map(recipeFromRow) };
}

async function addRecipe(db: Db, userId: number, collectionId: number, recipeId: number): Promise<void> {
  await db
    .insertInto('collection_recipes')
    .values({ collection_id: collectionId, recipe_id: recipeId })
    .onConflict((oc) => oc.columns(['collection_id', 'recipe_id']).doNothing())
    .execute();
  await saveRecipe(db, userId, recipeId);
}

const ownsCollection = async (db: Db, userId: number, id: number) =>
  Boolean(
    await db
      .selectFrom('collections')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );

/** Puts a recipe in one of the cook's collections (idempotent). */
export async function addToCollection(
  db: Db,
  userId: number,
  collectionId: number,
  recipeId: number,
): Promise<'added' | 'missing' | 'no-recipe'> {
  if (!(await ownsCollection(db, userId, collectionId))) return 'missing';
  if (!(await recipeExists(db, recipeId))) return 'no-recipe';
  await addRecipe(db, userId, collectionId, recipeId);
  return 'added';
}

/** Takes a recipe out of one of the cook's collections (it stays saved); false for a foreign id. */
export async function removeFromCollection(
  db: Db,
  userId: number,
  collectionId: number,
  recipeId: number,
): Promise<boolean> {
  if (!(await ownsCollection(db, userId, collectionId))) return false;
  await db
    .deleteFrom('collection_recipes')
    .where('collection_id', '=', collectionId)
    .where('recipe_id', '=', recipeId)
    .execute();
  return true;
}

/** Which of the cook's collections hold the recipe. */
export async function collectionsHolding(db: Db, userId: number, recipeId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('collection_recipes')
    .innerJoin('collections', 'collections.id', 'collection_recipes.collection_id')
    .select('collections.id')
    .where('collections.user_id', '=', userId)
    .where('collection_recipes.recipe_id', '=', recipeId)
    .orderBy('collections.position')
    .execute();
  return rows.map((r) => r.id);
}
