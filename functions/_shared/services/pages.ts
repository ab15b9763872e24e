import { sql, type Selectable, type Transaction } from 'kysely';
import * as v from 'valibot';
import type { Db } from '../../../db/client.ts';
import type { Database, PagesTable } from '../../../db/schema.ts';
import { PAGE_COLUMNS, pageFromRow, pageToRow, pageVersionData } from '../../../db/mappers/page.ts';
import {
  FOOTER_SLUG,
  FooterContentSchema,
  PageInputSchema,
  type FooterContentValues,
  type Page,
  type PageInputValues,
} from '../../../src/lib/schemas/page.ts';
import { badRequest, issueSentence, notFound, parseOrThrow, toIssues } from '../http.ts';
import { publish, type PublishScope } from '../publish.ts';
import type { WriteOptions } from './recipe-writes.ts';
import { deleteIntoTrash, snapshotRows, type TrashEntry } from './trash.ts';
import { assertSlugFree, slugClash, writeWithSlug } from './slugs.ts';
import { keepVersion } from './versions.ts';

// Static pages: reads (drafts only for the admin) and the admin's writes, each
// one transaction and then one publish. The footer is the page with slug `footer`, whose content
// is the footer's JSON (checked with the footer form's rules).

const pageClash = (slug: string) => slugClash('page', slug);

/** Every page (the admin) or the published ones, by title. */
export async function listPages(db: Db, options: { drafts: boolean }): Promise<Page[]> {
  const rows = await db
    .selectFrom('pages')
    .select(PAGE_COLUMNS)
    .$if(!options.drafts, (qb) => qb.where('is_published', '=', true))
    .orderBy('title')
    .orderBy('id')
    .execute();
  return rows.map(pageFromRow);
}

export async function pageBySlug(
  db: Db,
  slug: string,
  options: { drafts: boolean },
): Promise<Page | undefined> {
  const row = await db
    .selectFrom('pages')
    .select(PAGE_COLUMNS)
    .where('slug', '=', slug)
    .$if(!options.drafts, (qb) => qb.where('is_published', '=', true))
    .executeTakeFirst();
  return row ? pageFromRow(row) : undefined;
}

const FOOTER_NOT_JSON = "The footer's content must be JSON (companyName, tagline, copyright, links, social)";

/** A page input with the footer's content checked and normalised when the slug is `footer`. */
export function parsePageInput(input: unknown): PageInputValues {
  const values = parseOrThrow(PageInputSchema, input, 'page');
  if (values.slug !== FOOTER_SLUG) return values;
  let parsed: unknown;
  try {
    parsed = JSON.parse(values.content);
  } catch {
    throw badRequest(FOOTER_NOT_JSON, [{ path: 'content', message: FOOTER_NOT_JSON }]);
  }
  return { ...values, content: JSON.stringify(parseFooter(parsed, 'content.')) };
}

/** Footer form values, or a 400 naming the fields (with `prefix` before each path). */
export function parseFooter(input: unknown, prefix = ''): FooterContentValues {
  const result = v.safeParse(FooterContentSchema, input);
  if (result.success) return result.output;
  const issues = toIssues(result.issues).map((i) => ({ ...i, path: `${prefix}${i.path}` }));
  throw badRequest(issueSentence(issues[0]!), issues);
}

const scopeOf = (reason: string, slugs: string[]): PublishScope =>
  slugs.includes(FOOTER_SLUG) ? { reason, siteWide: true } : { reason, pages: [...new Set(slugs)] };

export async function createPage(db: Db, input: unknown, options: WriteOptions = {}): Promise<Page> {
  const values = parsePageInput(input);
  const row = await writeWithSlug(db, values.slug, pageClash, async (trx) => {
    await assertSlugFree(trx, 'pages', values.slug, pageClash);
    return trx
      .insertInto('pages')
      .values(pageToRow(values))
      .returning(PAGE_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  const page = pageFromRow(row);
  if (options.publish !== false)
    await publish(scopeOf(`Page "${page.title}" created`, [page.slug]), options.context);
  return page;
}

/**
 * Inside `trx`: replaces a stored page with `values`, keeping the state it replaces as a version
 * by `author`. The one versioned write of a page (the form's PUT, a restore, the import).
 */
async function replacePageRow(
  trx: Transaction<Database>,
  stored: Selectable<PagesTable>,
  values: PageInputValues,
  author: string,
): Promise<Selectable<PagesTable>> {
  await keepVersion(
    trx,
    'page',
    stored.id,
    { title: stored.title, data: pageVersionData(pageFromRow(stored)) },
    author,
  );
  return trx
    .updateTable('pages')
    .set({ ...pageToRow(values), updated_at: sql<Date>`now()` })
    .where('id', '=', stored.id)
    .returning(PAGE_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updatePage(
  db: Db,
  id: number,
  input: unknown,
  options: WriteOptions = {},
): Promise<Page> {
  const values = parsePageInput(input);
  let before: Page | undefined;
  const row = await writeWithSlug(db, values.slug, pageClash, async (trx) => {
    const current = await trx
      .selectFrom('pages')
      .select(PAGE_COLUMNS)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound('Page not found.');
    before = pageFromRow(current);
    if (values.slug !== current.slug) {
      await assertSlugFree(trx, 'pages', values.slug, pageClash);
    }
    return replacePageRow(trx, current, values, options.author ?? 'admin');
  });
  const page = pageFromRow(row);
  if (options.publish !== false)
    await publish(
      scopeOf(`Page "${page.title}" updated`, [page.slug, before?.slug ?? page.slug]),
      options.context,
    );
  return page;
}

export async function deletePage(db: Db, id: number, options: WriteOptions = {}): Promise<TrashEntry> {
  let removed: { slug: string; title: string } | undefined;
  const entry = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('pages')
      .select(['id', 'slug', 'title'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Page not found.');
    removed = row;
    const tables = [await snapshotRows(trx, 'pages', [...PAGE_COLUMNS], sql<boolean>`id = ${id}`)];
    return deleteIntoTrash(
      trx,
      { entity: 'page', entityId: id, title: row.title },
      { tables, relink: [] },
      options.author ?? 'admin',
    );
  });
  if (options.publish !== false && removed)
    await publish(scopeOf(`Page "${removed.title}" deleted`, [removed.slug]), options.context);
  return entry;
}

/**
 * What PUT /api/pages/footer was sent, as the footer's values: the footer form's object, or the
 * footer page as GET /api/pages/footer answers it (its `content` the footer's JSON as a string,
 * or that object itself).
 */
export function footerInput(input: unknown): FooterContentValues {
  if (input && typeof input === 'object' && 'content' in input && !('companyName' in input)) {
    const content = (input as { content: unknown }).content;
    if (typeof content !== 'string') return parseFooter(content, 'content.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      throw badRequest(FOOTER_NOT_JSON, [{ path: 'content', message: FOOTER_NOT_JSON }]);
    }
    return parseFooter(parsed, 'content.');
  }
  return parseFooter(input);
}

/** Saves the footer form: the footer page's content, created when missing (published). */
export async function saveFooter(db: Db, input: unknown, options: WriteOptions = {}): Promise<Page> {
  const footer = footerInput(input);
  const existing = await db
    .selectFrom('pages')
    .select(PAGE_COLUMNS)
    .where('slug', '=', FOOTER_SLUG)
    .executeTakeFirst();
  const page = {
    title: existing?.title ?? 'Footer',
    slug: FOOTER_SLUG,
    description: existing?.description ?? 'Site footer (JSON)',
    content: JSON.stringify(footer),
    isPublished: true,
  };
  return existing ? updatePage(db, existing.id, page, options) : createPage(db, page, options);
}
