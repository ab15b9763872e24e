import { sql, type Transaction } from 'kysely';
import * as v from 'valibot';
import type { Db } from '../../../db/client.ts';
import { RECIPE_COLUMNS, recipeFromRow, recipeToRow } from '../../../db/mappers/recipe.ts';
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
import { badRequest, issueSentence, parseOrThrow, type Issue } from '../http.ts';
import { publish } from '../publish.ts';
import { createBlogCategory, createPost, listPosts, updateBlogCategory, updatePost } from './blog.ts';
import { createCategory, updateCategory } from './categories.ts';
import { createPage, listPages, updatePage } from './pages.ts';
import { recipeVersionData, replaceRecipeRow, type WriteOptions } from './recipe-writes.ts';
import { readSettings, saveSettings } from './settings.ts';

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
  // Every write goes through its service inside the import's transaction, unpublished: the
  // import publishes once at the end.
  const quiet: WriteOptions = { author: options.author ?? 'import', publish: false };
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
      const run: ImportRun = { trx, doc, current, quiet };
      await importCategories(run, report.categories);
      await importRecipes(run, report.recipes);
      await importPages(run, report.pages);
      await importBlogCategories(run, report.blogCategories);
      await importPosts(run, report.blogPosts);
      if (doc.settings && canonical(withoutUrl(doc.settings)) !== canonical(withoutUrl(current.settings))) {
        report.settings.changed = true;
        const siteUrl = doc.settings.siteUrl ?? current.settings!.siteUrl!;
        await saveSettings(trx, { ...doc.settings, siteUrl }, quiet);
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
 * One import: its transaction, the document, the current content in the document's terms, and
 * the write options every service call gets.
 */
interface ImportRun {
  trx: Transaction<Database>;
  doc: ContentExportValues;
  current: ContentExportValues;
  quiet: WriteOptions;
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

/** The id of the stored row with `slug`: the import matches items by slug, the services update by id. */
async function idBySlug(
  trx: Transaction<Database>,
  table: 'categories' | 'pages' | 'blog_categories' | 'blog_posts',
  slug: string,
): Promise<number> {
  const { rows } = await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE slug = ${slug}`.execute(
    trx,
  );
  return rows[0]!.id;
}

async function importCategories(
  { trx, doc, current, quiet }: ImportRun,
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
    create: (c) => createCategory(trx, c, quiet),
    update: async (c) => updateCategory(trx, await idBySlug(trx, 'categories', c.slug), c, quiet),
  });
}

async function importRecipes(
  { trx, doc, current, quiet }: ImportRun,
  report: ImportKindReport,
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
      await replaceRecipeRow(trx, old, update, quiet.author!);
    },
  });
}

async function importPages({ trx, doc, current, quiet }: ImportRun, report: ImportKindReport): Promise<void> {
  const pages = doc.pages.map((page) => v.parse(PageInputSchema, page));
  await importBySlug(pages, current.pages, report, {
    same: (before, values) => canonical(before) === canonical(values),
    create: (values) => createPage(trx, values, quiet),
    update: async (values) => updatePage(trx, await idBySlug(trx, 'pages', values.slug), values, quiet),
  });
}

async function importBlogCategories(
  { trx, doc, current, quiet }: ImportRun,
  report: ImportKindReport,
): Promise<void> {
  const categories = doc.blogCategories.map((c) => v.parse(BlogCategoryInputSchema, c));
  await importBySlug(categories, current.blogCategories, report, {
    same: (before, values) => canonical(before) === canonical(values),
    create: (values) => createBlogCategory(trx, values, quiet),
    update: async (values) =>
      updateBlogCategory(trx, await idBySlug(trx, 'blog_categories', values.slug), values, quiet),
  });
}

async function importPosts({ trx, doc, current, quiet }: ImportRun, report: ImportKindReport): Promise<void> {
  type PostItem = ContentExportValues['blogPosts'][number];
  const categoryIds = new Map(
    (await trx.selectFrom('blog_categories').select(['id', 'slug']).execute()).map((c) => [c.slug, c.id]),
  );
  /** The post form's values: the blog category named by its id in this database. */
  const inputOf = (post: PostItem) => {
    const { createdAt: _createdAt, categorySlug, categoryId: _ignored, ...values } = post;
    return { ...values, categoryId: categorySlug ? (categoryIds.get(categorySlug) ?? null) : null };
  };
  const strip = (p: PostItem) => {
    const { createdAt: _c, categoryId: _i, ...rest } = p;
    return rest;
  };
  await importBySlug(doc.blogPosts, current.blogPosts, report, {
    same: (before, post) => canonical(strip(before)) === canonical(strip(post)),
    create: (post) => createPost(trx, inputOf(post), { ...quiet, createdAt: post.createdAt }),
    update: async (post) =>
      updatePost(trx, await idBySlug(trx, 'blog_posts', post.slug), inputOf(post), quiet),
  });
}
