import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';
import { categoryQuery } from '../../../db/queries/categories.ts';
import { CategoryInputSchema, type Category } from '../../../src/lib/schemas/category.ts';
import { slugify } from '../../../src/lib/slug.ts';
import { ApiError, badRequest, notFound, parseOrThrow } from '../http.ts';
import { publish } from '../publish.ts';
import type { WriteOptions } from './recipe-writes.ts';
import { inTransaction } from './in-transaction.ts';
import { assertSlugFree, isUniqueViolation, slugClash, writeWithSlug } from './slugs.ts';
import { deleteIntoTrash, snapshotRows, type TrashEntry } from './trash.ts';

// Reads are shared with the build (content loaders): they live in db/queries/categories.ts.
export { allCategories as listCategories, categoryBySlug } from '../../../db/queries/categories.ts';

// Writes (admin). One transaction each, then one publish with what changed.

const CATEGORY_COLUMNS = ['id', 'name', 'slug', 'description', 'image', 'created_at', 'updated_at'];

const categoryClash = (slug: string) => slugClash('category', slug);

/** The admin's sentence for a category that still has recipes. */
export const CATEGORY_IN_USE = 'Failed to delete category. It may have associated recipes.';

export async function categoryById(db: Db, id: number): Promise<Category | undefined> {
  return categoryQuery(db).where('c.id', '=', id).executeTakeFirst();
}

/** Creates a category; its slug from the name unless given. A taken slug is a 409. */
export async function createCategory(db: Db, input: unknown, options: WriteOptions = {}): Promise<Category> {
  const values = parseOrThrow(CategoryInputSchema, input, 'category');
  const slug = values.slug ?? slugify(values.name);
  if (!slug) {
    const message = 'The name needs at least one letter or digit';
    throw badRequest(message, [{ path: 'name', message }]);
  }
  const id = await writeWithSlug(db, slug, categoryClash, async (trx) => {
    await assertSlugFree(trx, 'categories', slug, categoryClash);
    const row = await trx
      .insertInto('categories')
      .values({ name: values.name, slug, description: values.description, image: values.image || null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  const category = (await categoryById(db, id))!;
  if (options.publish !== false)
    await publish({ reason: `Category "${category.name}" created`, categories: [slug] }, options.context);
  return category;
}

/** Updates a category; a new slug (asked for) moves its recipes with it. */
export async function updateCategory(
  db: Db,
  id: number,
  input: unknown,
  options: WriteOptions = {},
): Promise<Category> {
  const values = parseOrThrow(CategoryInputSchema, input, 'category');
  const before = await inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('categories')
      .select(['id', 'slug'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Category not found.');
    const slug = values.slug ?? row.slug;
    if (slug !== row.slug) {
      await assertSlugFree(trx, 'categories', slug, categoryClash);
    }
    await trx
      .updateTable('categories')
      .set({
        name: values.name,
        slug,
        description: values.description,
        ...(values.image !== undefined ? { image: values.image || null } : {}),
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
    return row;
  }).catch((err: unknown) => {
    if (isUniqueViolation(err) && values.slug) throw categoryClash(values.slug);
    throw err;
  });
  const category = (await categoryById(db, id))!;
  if (options.publish !== false)
    await publish(
      {
        reason: `Category "${category.name}" updated`,
        categories: [...new Set([before.slug, category.slug])],
        // A new slug moves the category's recipes to new category pages.
        ...(before.slug !== category.slug ? { siteWide: true } : {}),
      },
      options.context,
    );
  return category;
}

/** Deletes a category without recipes (409 with that sentence otherwise), into the trash. */
export async function deleteCategory(db: Db, id: number, options: WriteOptions = {}): Promise<TrashEntry> {
  let removed: { slug: string; name: string } | undefined;
  const entry = await db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .selectFrom('categories')
        .select(['id', 'slug', 'name'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw notFound('Category not found.');
      const used = await trx
        .selectFrom('recipes')
        .select('id')
        .where('category', '=', row.slug)
        .executeTakeFirst();
      if (used) throw new ApiError(409, CATEGORY_IN_USE);
      removed = row;
      const tables = [await snapshotRows(trx, 'categories', CATEGORY_COLUMNS, sql<boolean>`id = ${id}`)];
      return deleteIntoTrash(
        trx,
        { entity: 'category', entityId: id, title: row.name },
        { tables, relink: [] },
        options.author ?? 'admin',
      );
    })
    .catch((err: unknown) => {
      // A recipe added to it between the check and the delete (the foreign key refuses).
      if ((err as { code?: string }).code === '23503') throw new ApiError(409, CATEGORY_IN_USE);
      throw err;
    });
  if (options.publish !== false && removed)
    await publish(
      { reason: `Category "${removed.name}" deleted`, categories: [removed.slug] },
      options.context,
    );
  return entry;
}
