import { sql, type Transaction } from 'kysely';
import * as v from 'valibot';
import type { Db } from '../../../db/client.ts';
import { blogPostToRow } from '../../../db/mappers/blog-post.ts';
import { pageToRow } from '../../../db/mappers/page.ts';
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
import { badRequest, parseOrThrow, type Issue } from '../http.ts';
import { publish } from '../publish.ts';
import { listPosts } from './blog.ts';
import { listPages } from './pages.ts';
import { recipeVersionData, type WriteOptions } from './recipes.ts';
import { readSettings } from './settings.ts';
import { keepVersion } from './versions.ts';

// Export and import of all content (issue 11 item 4). The export is the shape the admin forms
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
  if (issues.length) throw badRequest(`Invalid content: ${issues[0]!.path}: ${issues[0]!.message}`, issues);
}

function bySlug<T extends { slug: string }>(list: readonly T[] | undefined): Map<string, T> {
  return new Map((list ?? []).map((item) => [item.slug, item]));
}

async function importCategories(
  trx: Transaction<Database>,
  doc: ContentExportValues,
  current: ContentExportValues,
  report: ImportKindReport,
): Promise<void> {
  const existing = bySlug(current.categories);
  for (const c of doc.categories) {
    const row = { name: c.name, slug: c.slug, description: c.description, image: c.image || null };
    const before = existing.get(c.slug);
    if (!before) {
      await trx.insertInto('categories').values(row).execute();
      report.created.push(c.slug);
    } else if (canonical({ ...before, image: before.image || null }) !== canonical(row)) {
      await trx
        .updateTable('categories')
        .set({ ...row, updated_at: sql<Date>`now()` })
        .where('slug', '=', c.slug)
        .execute();
      report.updated.push(c.slug);
    } else report.unchanged++;
  }
}

async function importRecipes(
  trx: Transaction<Database>,
  doc: ContentExportValues,
  current: ContentExportValues,
  report: ImportKindReport,
  author: string,
): Promise<void> {
  const existing = bySlug(current.recipes);
  for (const r of doc.recipes) {
    const before = existing.get(r.slug);
    const row = recipeRowOf(r);
    if (!before) {
      await trx.insertInto('recipes').values(row).execute();
      report.created.push(r.slug);
      continue;
    }
    // Compared as stored (defaults filled in, JSON parsed), not as written.
    const stored = (item: typeof r) => {
      const { created_at: _c, updated_at: _u, ...rest } = recipeRowOf(item);
      return {
        ...rest,
        nutrition: json(rest.nutrition),
        ingredients: json(rest.ingredients),
        instructions: json(rest.instructions),
        faqs: json(rest.faqs),
      };
    };
    if (canonical(stored(before)) === canonical(stored(r))) {
      report.unchanged++;
      continue;
    }
    const slug = r.slug;
    const old = await trx
      .selectFrom('recipes')
      .select(RECIPE_COLUMNS)
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    const recipe = recipeFromRow(old);
    await keepVersion(trx, 'recipe', old.id, { title: old.title, data: recipeVersionData(recipe) }, author);
    const { created_at: _created, updated_at: _updatedAt, ...update } = row;
    await trx
      .updateTable('recipes')
      .set({ ...update, updated_at: sql<Date>`now()` })
      .where('id', '=', old.id)
      .execute();
    report.updated.push(slug);
  }
}

async function importPages(
  trx: Transaction<Database>,
  doc: ContentExportValues,
  current: ContentExportValues,
  report: ImportKindReport,
  author: string,
): Promise<void> {
  const existing = bySlug(current.pages);
  for (const page of doc.pages) {
    const values = v.parse(PageInputSchema, page);
    const before = existing.get(page.slug);
    if (!before) {
      await trx.insertInto('pages').values(pageToRow(values)).execute();
      report.created.push(page.slug);
    } else if (canonical(before) !== canonical(values)) {
      const old = await trx
        .selectFrom('pages')
        .selectAll()
        .where('slug', '=', page.slug)
        .executeTakeFirstOrThrow();
      await keepVersion(
        trx,
        'page',
        old.id,
        {
          title: old.title,
          data: {
            title: old.title,
            slug: old.slug,
            description: old.description,
            content: old.content,
            isPublished: old.is_published,
          },
        },
        author,
      );
      await trx
        .updateTable('pages')
        .set({ ...pageToRow(values), updated_at: sql<Date>`now()` })
        .where('id', '=', old.id)
        .execute();
      report.updated.push(page.slug);
    } else report.unchanged++;
  }
}

async function importBlogCategories(
  trx: Transaction<Database>,
  doc: ContentExportValues,
  current: ContentExportValues,
  report: ImportKindReport,
): Promise<void> {
  const existing = bySlug(current.blogCategories);
  for (const c of doc.blogCategories) {
    const values = v.parse(BlogCategoryInputSchema, c);
    const before = existing.get(c.slug);
    if (!before) {
      await trx.insertInto('blog_categories').values(values).execute();
      report.created.push(c.slug);
    } else if (canonical(before) !== canonical(values)) {
      await trx.updateTable('blog_categories').set(values).where('slug', '=', c.slug).execute();
      report.updated.push(c.slug);
    } else report.unchanged++;
  }
}

async function importPosts(
  trx: Transaction<Database>,
  doc: ContentExportValues,
  current: ContentExportValues,
  report: ImportKindReport,
  author: string,
): Promise<void> {
  const existing = bySlug(current.blogPosts);
  const categoryIds = new Map(
    (await trx.selectFrom('blog_categories').select(['id', 'slug']).execute()).map((c) => [c.slug, c.id]),
  );
  for (const post of doc.blogPosts) {
    const { createdAt, categorySlug, categoryId: _ignored, ...values } = post;
    const row = blogPostToRow({
      ...values,
      categoryId: categorySlug ? (categoryIds.get(categorySlug) ?? null) : null,
    });
    const before = existing.get(post.slug);
    if (!before) {
      await trx
        .insertInto('blog_posts')
        .values({ ...row, ...(createdAt ? { created_at: createdAt, updated_at: createdAt } : {}) })
        .execute();
      report.created.push(post.slug);
      continue;
    }
    const strip = (p: typeof post) => {
      const { createdAt: _c, categoryId: _i, ...rest } = p;
      return rest;
    };
    if (canonical(strip(before)) === canonical(strip(post))) {
      report.unchanged++;
      continue;
    }
    const old = await trx
      .selectFrom('blog_posts')
      .selectAll()
      .where('slug', '=', post.slug)
      .executeTakeFirstOrThrow();
    await keepVersion(
      trx,
      'post',
      old.id,
      {
        title: old.title,
        data: {
          title: old.title,
          slug: old.slug,
          content: old.content,
          excerpt: old.excerpt,
          image: old.image ?? '',
          categoryId: old.category_id,
          isPublished: old.is_published,
        },
      },
      author,
    );
    await trx
      .updateTable('blog_posts')
      .set({ ...row, updated_at: sql<Date>`now()` })
      .where('id', '=', old.id)
      .execute();
    report.updated.push(post.slug);
  }
}
