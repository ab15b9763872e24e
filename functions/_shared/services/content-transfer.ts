import { sql, type Transaction } from 'kysely';
import * as v from 'valibot';
import type { Db } from '../../../db/client.ts';
import { blogPostToRow } from '../../../db/mappers/blog-post.ts';
import { PAGE_COLUMNS, pageToRow } from '../../../db/mappers/page.ts';
import { RECIPE_COLUMNS, recipeFromRow, recipeToRow } from '../../../db/mappers/recipe.ts';
import { settingsToRow } from '../../../db/mappers/settings.ts';
import type { Database } from '../../../db/schema.ts';
import { BlogCategoryInputSchema } from '../../../src/lib/schemas/blog-category.ts';
import {
  CONTENT_FORMAT,
  CONTENT_VERSION,
  ContentExportSchema,
  type ContentExport,
  type ContentExportValues,
  type ImportKindReport,
  type ImportReport,
} from '../../../src/lib/schemas/content-export.ts';
import { PageInputSchema } from '../../../src/lib/schemas/page.ts';
import type { Settings } from '../../../src/lib/schemas/settings.ts';
import { badRequest, issueSentence, parseOrThrow, type Issue } from '../http.ts';
import { publish } from '../publish.ts';
import { listPosts, postById, replacePostRow } from './blog.ts';
import { listPages, replacePageRow } from './pages.ts';
import { recipeVersionData, replaceRecipeRow, type WriteOptions } from './recipe-writes.ts';
import { readSettings } from './settings.ts';

// Export and import of all content. The export is the shape the admin forms
// send (plus slugs and dates), so an import is validated by the very same schemas. An import
// matches items by slug, creates the new ones and updates the changed ones (keeping versions),
// in one transaction; a dry run does all of it and rolls back, so its report is exact. Nothing
// is deleted by an import.

/** Every piece of content as one document (GET /api/admin/content/export). */
export async function exportContent(db: Db): Promise<ContentExport> {
  const [categories, recipeRows, pages, blogCategories, posts, settings] = await Promise.all([
    db.selectFrom('categories').select(['name', 'slug', 'description', 'image']).orderBy('id').execute(),
    db.selectFrom('recipes').select(RECIPE_COLUMNS).orderBy('id').execute(),
    listPages(db, { drafts: true }),
    db.selectFrom('blog_categories').select(['name', 'slug', 'description']).orderBy('id').execute(),
    listPosts(db, { drafts: true, limit: 100_000, offset: 0 }),
    readSettings(db),
  ]);
  const { updatedAt: _updated, ...settingsValues } = settings;
  return {
    format: CONTENT_FORMAT,
    version: CONTENT_VERSION,
    exportedAt: new Date().toISOString(),
    categories: categories.map((c) => ({ ...c, image: c.image ?? '' })),
    recipes: recipeRows.map((row) => {
      const recipe = recipeFromRow(row);
      return {
        ...recipeVersionData(recipe),
        createdAt: recipe.createdAt,
      } as ContentExport['recipes'][number];
    }),
    pages: pages.map((p) => ({
      title: p.title,
      slug: p.slug,
      description: p.description,
      content: p.content,
      isPublished: p.isPublished,
    })),
    blogCategories,
    blogPosts: posts
      .sort((a, b) => a.id - b.id)
      .map((p) => ({
        title: p.title,
        slug: p.slug,
        content: p.content,
        excerpt: p.excerpt,
        image: p.image ?? '',
        categorySlug: p.category?.slug ?? null,
        isPublished: p.isPublished,
        createdAt: p.createdAt,
      })),
    settings: settingsValues,
  };
}

type RecipeItem = ContentExportValues['recipes'][number];

/** The row an imported recipe becomes (an empty image stays empty: the file says what it had). */
function recipeRowOf(item: RecipeItem) {
  const { createdAt, slug, noCooking: _noCooking, ...values } = item;
  return recipeToRow({ ...values, image: values.image || undefined }, { slug, createdAt });
}

const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** JSON with object keys sorted, so two equal items compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, val: unknown) =>
    val && typeof val === 'object' && !Array.isArray(val)
      ? Object.fromEntries(
          Object.entries(val as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : val,
  );
}

const emptyReport = (): ImportKindReport => ({ created: [], updated: [], unchanged: 0 });

class DryRunRollback extends Error {}

/**
 * Imports a content document: validated whole first (400 with every issue, nothing changed),
 * then applied in one transaction. `dryRun` applies and rolls back, reporting the same.
 */
export async function importContent(
  db: Db,
  input: unknown,
  options: WriteOptions & { dryRun: boolean },
): Promise<ImportReport> {
  const doc = parseOrThrow(ContentExportSchema, input, 'content');
  const author = options.author ?? 'import';
  const report: ImportReport = {
    dryRun: options.dryRun,
    recipes: emptyReport(),
    categories: emptyReport(),
    pages: emptyReport(),
    blogCategories: emptyReport(),
    blogPosts: emptyReport(),
    settings: { changed: false },
  };
  // What the current state looks like in the document's own terms (for "unchanged").
  const current = parseOrThrow(ContentExportSchema, await exportContent(db), 'current content');
  try {
    await db.transaction().execute(async (trx) => {
      await checkReferences(trx, doc);
      await importCategories(trx, doc, current, report.categories);
      await importRecipes(trx, doc, current, report.recipes, author);
      await importPages(trx, doc, current, report.pages, author);
      await importBlogCategories(trx, doc, current, report.blogCategories);
      await importPosts(trx, doc, current, report.blogPosts, author);
      if (doc.settings && canonical(withoutUrl(doc.settings)) !== canonical(withoutUrl(current.settings))) {
        report.settings.changed = true;
        const settings: Settings = {
          ...doc.settings,
          siteUrl: doc.settings.siteUrl ?? current.settings!.siteUrl!,
        };
        await trx
          .updateTable('settings')
          .set({ ...settingsToRow(settings), updated_at: sql<Date>`now()` })
          .where('id', '=', 1)
          .execute();
      }
      if (options.dryRun) throw new DryRunRollback();
    });
  } catch (err) {
    if (!(err instanceof DryRunRollback)) throw err;
  }
  const changed =
    report.settings.changed ||
    [report.recipes, report.categories, report.pages, report.blogCategories, report.blogPosts].some(
      (r) => r.created.length + r.updated.length > 0,
    );
  if (!options.dryRun && changed && options.publish !== false)
    await publish({ reason: 'Content imported', siteWide: true }, options.context);
  return report;
}

/** An omitted siteUrl keeps the current one. */
const withoutUrl = (settings: ContentExportValues['settings']) =>
  settings ? { ...settings, siteUrl: settings.siteUrl ?? null } : null;

/** Recipes must name a category in the file or the database; posts a blog category likewise. */
async function checkReferences(trx: Transaction<Database>, doc: ContentExportValues): Promise<void> {
  const categories = new Set([
    ...doc.categories.map((c) => c.slug),
    ...(await trx.selectFrom('categories').select('slug').execute()).map((c) => c.slug),
  ]);
  const blogCategories = new Set([
    ...doc.blogCategories.map((c) => c.slug),
    ...(await trx.selectFrom('blog_categories').select('slug').execute()).map((c) => c.slug),
  ]);
  const issues: Issue[] = [];
  doc.recipes.forEach((r, i) => {
    if (!categories.has(r.category))
      issues.push({ path: `recipes.${i}.category`, message: `Category "${r.category}" does not exist` });
  });
  doc.blogPosts.forEach((p, i) => {
    if (p.categorySlug && !blogCategories.has(p.categorySlug))
      issues.push({
        path: `blogPosts.${i}.categorySlug`,
        message: `Blog category "${p.categorySlug}" does not exist`,
      });
  });
  for (const [kind, list] of [
    ['categories', doc.categories],
    ['recipes', doc.recipes],
    ['pages', doc.pages],
    ['blogCategories', doc.blogCategories],
    ['blogPosts', doc.blogPosts],
  ] as const) {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      if (seen.has(item.slug))
        issues.push({ path: `${kind}.${i}.slug`, message: `The slug "${item.slug}" appears twice` });
      seen.add(item.slug);
    });
  }
  if (issues.length) throw badRequest(issueSentence(issues[0]!), issues);
}

/**
 * One kind's import, matched by slug: an item the database lacks is created, one that differs
 * from what is stored is updated, and the rest are counted as unchanged.
 */
async function importBySlug<Item extends { slug: string }, Stored extends { slug: string }>(
  items: readonly Item[],
  stored: readonly Stored[] | undefined,
  report: ImportKindReport,
  write: {
    same: (before: Stored, item: Item) => boolean;
    create: (item: Item) => Promise<unknown>;
    update: (item: Item) => Promise<unknown>;
  },
): Promise<void> {
  const existing = new Map((stored ?? []).map((item) => [item.slug, item]));
  for (const item of items) {
    const before = existing.get(item.slug);
    if (!before) {
      await write.create(item);
      report.created.push(item.slug);
    } else if (!write.same(before, item)) {
      await write.update(item);
      report.updated.push(item.slug);
    } else report.unchanged++;
  }
}

async function importCategories(
  trx: Transaction<Database>,
  doc: ContentExportValues,
  current: ContentExportValues,
  report: ImportKindReport,
): Promise<void> {
  const rowOf = (c: ContentExportValues['categories'][number]) => ({
    name: c.name,
    slug: c.slug,
    description: c.description,
    image: c.image || null,
  });
  await importBySlug(doc.categories, current.categories, report, {
    same: (before, c) => canonical({ ...before, image: before.image || null }) === canonical(rowOf(c)),
    create: (c) => trx.insertInto('categories').values(rowOf(c)).execute(),
    update: (c) =>
      trx
        .updateTable('categories')
        .set({ ...rowOf(c), updated_at: sql<Date>`now()` })
        .where('slug', '=', c.slug)
        .execute(),
  });
}

async function importRecipes(
  trx: Transaction<Database>,
  doc: ContentExportValues,
  current: ContentExportValues,
  report: ImportKindReport,
  author: string,
): Promise<void> {
  // Compared as stored (defaults filled in, JSON parsed), not as written.
  const stored = (item: RecipeItem) => {
    const { created_at: _c, updated_at: _u, ...rest } = recipeRowOf(item);
    return {
      ...rest,
      nutrition: json(rest.nutrition),
      ingredients: json(rest.ingredients),
      instructions: json(rest.instructions),
      faqs: json(rest.faqs),
    };
  };
  await importBySlug(doc.recipes, current.recipes, report, {
    same: (before, r) => canonical(stored(before)) === canonical(stored(r)),
    create: (r) => trx.insertInto('recipes').values(recipeRowOf(r)).execute(),
    update: async (r) => {
      const old = await trx
        .selectFrom('recipes')
        .select(RECIPE_COLUMNS)
        .where('slug', '=', r.slug)
        .executeTakeFirstOrThrow();
      const { created_at: _created, updated_at: _updatedAt, ...update } = recipeRowOf(r);
      await replaceRecipeRow(trx, old, update, author);
    },
  });
}

async function importPages(
  trx: Transaction<Database>,
  doc: ContentExportValues,
  current: ContentExportValues,
  report: ImportKindReport,
  author: string,
): Promise<void> {
  const pages = doc.pages.map((page) => v.parse(PageInputSchema, page));
  await importBySlug(pages, current.pages, report, {
    same: (before, values) => canonical(before) === canonical(values),
    create: (values) => trx.insertInto('pages').values(pageToRow(values)).execute(),
    update: async (values) => {
      const old = await trx
        .selectFrom('pages')
        .select(PAGE_COLUMNS)
        .where('slug', '=', values.slug)
        .executeTakeFirstOrThrow();
      await replacePageRow(trx, old, values, author);
    },
  });
}

async function importBlogCategories(
  trx: Transaction<Database>,
  doc: ContentExportValues,
  current: ContentExportValues,
  report: ImportKindReport,
): Promise<void> {
  const categories = doc.blogCategories.map((c) => v.parse(BlogCategoryInputSchema, c));
  await importBySlug(categories, current.blogCategories, report, {
    same: (before, values) => canonical(before) === canonical(values),
    create: (values) => trx.insertInto('blog_categories').values(values).execute(),
    update: (values) =>
      trx.updateTable('blog_categories').set(values).where('slug', '=', values.slug).execute(),
  });
}

async function importPosts(
  trx: Transaction<Database>,
  doc: ContentExportValues,
  current: ContentExportValues,
  report: ImportKindReport,
  author: string,
): Promise<void> {
  type PostItem = ContentExportValues['blogPosts'][number];
  const categoryIds = new Map(
    (await trx.selectFrom('blog_categories').select(['id', 'slug']).execute()).map((c) => [c.slug, c.id]),
  );
  const rowOf = (post: PostItem) => {
    const { createdAt: _createdAt, categorySlug, categoryId: _ignored, ...values } = post;
    return blogPostToRow({
      ...values,
      categoryId: categorySlug ? (categoryIds.get(categorySlug) ?? null) : null,
    });
  };
  const strip = (p: PostItem) => {
    const { createdAt: _c, categoryId: _i, ...rest } = p;
    return rest;
  };
  await importBySlug(doc.blogPosts, current.blogPosts, report, {
    same: (before, post) => canonical(strip(before)) === canonical(strip(post)),
    create: (post) =>
      trx
        .insertInto('blog_posts')
        .values({
          ...rowOf(post),
          ...(post.createdAt ? { created_at: post.createdAt, updated_at: post.createdAt } : {}),
        })
        .execute(),
    update: async (post) => {
      const old = await trx
        .selectFrom('blog_posts')
        .select('id')
        .where('slug', '=', post.slug)
        .executeTakeFirstOrThrow();
      await replacePostRow(trx, (await postById(trx, old.id))!, rowOf(post), author);
    },
  });
}
