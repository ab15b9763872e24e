import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/client.ts';
import { blogCategoryFromRow } from '../../../db/mappers/blog-category.ts';
import {
  BLOG_POST_COLUMNS,
  blogPostFromRow,
  blogPostToRow,
  blogPostVersionData,
} from '../../../db/mappers/blog-post.ts';
import type { Database } from '../../../db/schema.ts';
import { BlogCategoryInputSchema, type BlogCategory } from '../../../src/lib/schemas/blog-category.ts';
import {
  BlogPostInputSchema,
  type BlogPost,
  type BlogPostInputValues,
} from '../../../src/lib/schemas/blog-post.ts';
import { badRequest, notFound, parseOrThrow } from '../http.ts';
import { publish } from '../publish.ts';
import type { WriteOptions } from './recipe-writes.ts';
import { deleteIntoTrash, snapshotRows, type TrashEntry } from './trash.ts';
import { assertSlugFree, slugClash, writeWithSlug } from './slugs.ts';
import { keepVersion } from './versions.ts';

// The blog: posts (drafts only for the admin) and blog categories, the admin's
// writes one transaction each and then one publish of the blog.

const postClash = (slug: string) => slugClash('blog post', slug);
const categoryClash = (slug: string) => slugClash('blog category', slug);

/** One publish of the blog after a write, unless the caller publishes a batch itself. */
async function publishBlog(reason: string, options: WriteOptions): Promise<void> {
  if (options.publish !== false) await publish({ reason, blog: true }, options.context);
}

function postQuery(db: Db | Transaction<Database>) {
  return db
    .selectFrom('blog_posts as p')
    .leftJoin('blog_categories as c', 'c.id', 'p.category_id')
    .select(BLOG_POST_COLUMNS)
    .select(['c.name as category_name', 'c.slug as category_slug']);
}

export interface PostQuery {
  drafts: boolean;
  /** A blog category's slug. */
  category?: string | undefined;
  limit: number;
  offset: number;
}

/** Posts, newest first: every one for the admin, published ones for everyone else. */
export async function listPosts(db: Db, query: PostQuery): Promise<BlogPost[]> {
  const rows = await postQuery(db)
    .$if(!query.drafts, (qb) => qb.where('p.is_published', '=', true))
    .$if(Boolean(query.category), (qb) => qb.where('c.slug', '=', query.category!))
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return rows.map(blogPostFromRow);
}

export async function postBySlug(
  db: Db,
  slug: string,
  options: { drafts: boolean },
): Promise<BlogPost | undefined> {
  const row = await postQuery(db)
    .where('p.slug', '=', slug)
    .$if(!options.drafts, (qb) => qb.where('p.is_published', '=', true))
    .executeTakeFirst();
  return row ? blogPostFromRow(row) : undefined;
}

export async function postById(trx: Db | Transaction<Database>, id: number): Promise<BlogPost | undefined> {
  const row = await postQuery(trx).where('p.id', '=', id).executeTakeFirst();
  return row ? blogPostFromRow(row) : undefined;
}

async function assertBlogCategory(trx: Transaction<Database>, values: BlogPostInputValues): Promise<void> {
  if (values.categoryId === null) return;
  const found = await trx
    .selectFrom('blog_categories')
    .select('id')
    .where('id', '=', values.categoryId)
    .executeTakeFirst();
  if (!found) {
    const message = `Blog category ${values.categoryId} does not exist (0 or null means none)`;
    throw badRequest(message, [{ path: 'categoryId', message }]);
  }
}

/** Creates a post; `createdAt` (an imported post's) dates it, otherwise it is new now. */
export async function createPost(
  db: Db,
  input: unknown,
  options: WriteOptions & { createdAt?: string | undefined } = {},
): Promise<BlogPost> {
  const values = parseOrThrow(BlogPostInputSchema, input, 'blog post');
  const post = await writeWithSlug(db, values.slug, postClash, async (trx) => {
    await assertBlogCategory(trx, values);
    await assertSlugFree(trx, 'blog_posts', values.slug, postClash);
    const { id } = await trx
      .insertInto('blog_posts')
      .values({
        ...blogPostToRow(values),
        ...(options.createdAt ? { created_at: options.createdAt, updated_at: options.createdAt } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await postById(trx, id))!;
  });
  await publishBlog(`Blog post "${post.title}" created`, options);
  return post;
}

/**
 * Inside `trx`: replaces a stored post's row with `row`, keeping the state it replaces (`before`)
 * as a version by `author`. The one versioned write of a post (the form's PUT, a restore, the import).
 */
async function replacePostRow(
  trx: Transaction<Database>,
  before: BlogPost,
  row: ReturnType<typeof blogPostToRow>,
  author: string,
): Promise<void> {
  await keepVersion(
    trx,
    'post',
    before.id,
    { title: before.title, data: blogPostVersionData(before) },
    author,
  );
  await trx
    .updateTable('blog_posts')
    .set({ ...row, updated_at: sql<Date>`now()` })
    .where('id', '=', before.id)
    .execute();
}

export async function updatePost(
  db: Db,
  id: number,
  input: unknown,
  options: WriteOptions = {},
): Promise<BlogPost> {
  const values = parseOrThrow(BlogPostInputSchema, input, 'blog post');
  const post = await writeWithSlug(db, values.slug, postClash, async (trx) => {
    const locked = await trx
      .selectFrom('blog_posts')
      .select('id')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    const before = locked && (await postById(trx, id));
    if (!before) throw notFound('Blog post not found.');
    await assertBlogCategory(trx, values);
    if (values.slug !== before.slug) {
      await assertSlugFree(trx, 'blog_posts', values.slug, postClash);
    }
    await replacePostRow(trx, before, blogPostToRow(values), options.author ?? 'admin');
    return (await postById(trx, id))!;
  });
  await publishBlog(`Blog post "${post.title}" updated`, options);
  return post;
}

const POST_TABLE_COLUMNS = BLOG_POST_COLUMNS.map((c) => c.slice(2));

export async function deletePost(db: Db, id: number, options: WriteOptions = {}): Promise<TrashEntry> {
  let title = '';
  const entry = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('blog_posts')
      .select(['id', 'title'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Blog post not found.');
    title = row.title;
    const tables = [await snapshotRows(trx, 'blog_posts', POST_TABLE_COLUMNS, sql<boolean>`id = ${id}`)];
    return deleteIntoTrash(
      trx,
      { entity: 'post', entityId: id, title },
      { tables, relink: [] },
      options.author ?? 'admin',
    );
  });
  await publishBlog(`Blog post "${title}" deleted`, options);
  return entry;
}

// Blog categories.

function categoryQuery(db: Db | Transaction<Database>, drafts: boolean) {
  return db
    .selectFrom('blog_categories as c')
    .select(['c.id', 'c.name', 'c.slug', 'c.description'])
    .select(
      (drafts
        ? sql<number>`(SELECT count(*)::int FROM blog_posts p WHERE p.category_id = c.id)`
        : sql<number>`(SELECT count(*)::int FROM blog_posts p WHERE p.category_id = c.id AND p.is_published)`
      ).as('post_count'),
    );
}

export async function listBlogCategories(db: Db, options: { drafts: boolean }): Promise<BlogCategory[]> {
  const rows = await categoryQuery(db, options.drafts).orderBy('c.name').execute();
  return rows.map(blogCategoryFromRow);
}

async function blogCategoryById(
  db: Db | Transaction<Database>,
  id: number,
): Promise<BlogCategory | undefined> {
  const row = await categoryQuery(db, true).where('c.id', '=', id).executeTakeFirst();
  return row ? blogCategoryFromRow(row) : undefined;
}

export async function createBlogCategory(
  db: Db,
  input: unknown,
  options: WriteOptions = {},
): Promise<BlogCategory> {
  const values = parseOrThrow(BlogCategoryInputSchema, input, 'blog category');
  const category = await writeWithSlug(db, values.slug, categoryClash, async (trx) => {
    await assertSlugFree(trx, 'blog_categories', values.slug, categoryClash);
    const { id } = await trx
      .insertInto('blog_categories')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await blogCategoryById(trx, id))!;
  });
  await publishBlog(`Blog category "${category.name}" created`, options);
  return category;
}

export async function updateBlogCategory(
  db: Db,
  id: number,
  input: unknown,
  options: WriteOptions = {},
): Promise<BlogCategory> {
  const values = parseOrThrow(BlogCategoryInputSchema, input, 'blog category');
  const category = await writeWithSlug(db, values.slug, categoryClash, async (trx) => {
    const row = await trx
      .selectFrom('blog_categories')
      .select(['id', 'slug'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Blog category not found.');
    if (values.slug !== row.slug) {
      await assertSlugFree(trx, 'blog_categories', values.slug, categoryClash);
    }
    await trx.updateTable('blog_categories').set(values).where('id', '=', id).execute();
    return (await blogCategoryById(trx, id))!;
  });
  await publishBlog(`Blog category "${category.name}" updated`, options);
  return category;
}

/** Deletes a blog category into the trash; its posts stay, without a category (restored with it). */
export async function deleteBlogCategory(
  db: Db,
  id: number,
  options: WriteOptions = {},
): Promise<TrashEntry> {
  let name = '';
  const entry = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('blog_categories')
      .select(['id', 'name'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Blog category not found.');
    name = row.name;
    const posts = await trx.selectFrom('blog_posts').select('id').where('category_id', '=', id).execute();
    const tables = [
      await snapshotRows(
        trx,
        'blog_categories',
        ['id', 'name', 'slug', 'description'],
        sql<boolean>`id = ${id}`,
      ),
    ];
    return deleteIntoTrash(
      trx,
      { entity: 'blog-category', entityId: id, title: name },
      { tables, relink: [{ table: 'blog_posts', column: 'category_id', ids: posts.map((p) => p.id) }] },
      options.author ?? 'admin',
    );
  });
  await publishBlog(`Blog category "${name}" deleted`, options);
  return entry;
}
