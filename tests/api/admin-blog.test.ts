import { beforeEach, describe, expect, it } from 'vitest';
import blog from '../../functions/blog.ts';
import contentVersions from '../../functions/content-versions.ts';
import { as } from '../helpers/accounts.ts';
import { useAdminSuite } from '../helpers/admin-session.ts';
import { call, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// Blog posts and blog categories: a new post is a draft, drafts only for the
// admin, categoryId 0 or null means none, the form's messages, 409 on a taken slug.

describe.skipIf(!databaseAvailable)(`blog API on ${engine}`, () => {
  const db = useTestDatabase();
  const { cook, admin } = useAdminSuite();

  const posts = () => db().selectFrom('blog_posts').selectAll().orderBy('id').execute();
  const categories = () => db().selectFrom('blog_categories').selectAll().orderBy('id').execute();
  const post = (extra: Record<string, unknown> = {}) => ({
    title: 'Why Rest Dough',
    slug: 'why-rest-dough',
    content: 'Gluten relaxes.',
    excerpt: 'Patience pays.',
    image: '',
    categoryId: 0,
    ...extra,
  });

  // The rows these tests write, removed before each test so none depends on what another (run before
  // it in whatever order) created.
  beforeEach(async () => {
    await db()
      .deleteFrom('blog_posts')
      .where('slug', 'in', ['why-rest-dough', 'no-category-0', 'no-category-null'])
      .execute();
    await db().deleteFrom('blog_categories').where('slug', '=', 'baking-science').execute();
  });

  /** The 'baking-science' category and the draft 'why-rest-dough' post in it, made through the API. */
  const createPostInCategory = async () => {
    const cat = await call(
      blog,
      '/api/blog/categories',
      as(admin, {
        method: 'POST',
        json: { name: 'Baking', slug: 'baking-science', description: 'Why it works.' },
      }),
    );
    expect(cat.status).toBe(201);
    const res = await call(
      blog,
      '/api/blog/posts',
      as(admin, { method: 'POST', json: post({ categoryId: cat.body.id }) }),
    );
    expect(res.status).toBe(201);
  };

  it('creates a blog category and a post in it; the post is a draft only the admin sees', async () => {
    const cat = await call(
      blog,
      '/api/blog/categories',
      as(admin, {
        method: 'POST',
        json: { name: 'Baking', slug: 'baking-science', description: 'Why it works.' },
      }),
    );
    expect(cat.status).toBe(201);
    expect(cat.body).toMatchObject({ name: 'Baking', slug: 'baking-science', postCount: 0 });
    const res = await call(
      blog,
      '/api/blog/posts',
      as(admin, { method: 'POST', json: post({ categoryId: cat.body.id }) }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      slug: 'why-rest-dough',
      isPublished: false,
      image: null,
      categoryId: cat.body.id,
      category: { id: cat.body.id, slug: 'baking-science', name: 'Baking' },
    });
    const slugs = (list: { slug: string }[]) => list.map((p) => p.slug);
    expect(slugs((await call(blog, '/api/blog/posts')).body)).not.toContain('why-rest-dough');
    expect(slugs((await call(blog, '/api/blog/posts', as(admin))).body)).toContain('why-rest-dough');
    expect((await call(blog, '/api/blog/posts/why-rest-dough')).status).toBe(404);
    expect((await call(blog, '/api/blog/posts/why-rest-dough', as(admin))).status).toBe(200);
  });

  it.each([
    ['0', 0],
    ['null', null],
  ])('categoryId %s means no category', async (_n, categoryId) => {
    const slug = `no-category-${categoryId === null ? 'null' : '0'}`;
    const res = await call(
      blog,
      '/api/blog/posts',
      as(admin, { method: 'POST', json: post({ slug, categoryId }) }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ categoryId: null, category: null });
  });

  it.each([
    ['no title', { title: '' }, 'title', 'Title is required'],
    ['no slug', { slug: undefined }, 'slug', 'Slug is required'],
    ['no content', { content: '  ' }, 'content', 'Content is required'],
    ['an image that is not a URL', { slug: 'img', image: 'nope nope' }, 'image', 'Must be a valid URL'],
    [
      'a negative categoryId',
      { slug: 'neg', categoryId: -1 },
      'categoryId',
      'Choose a blog category (or none)',
    ],
    [
      'an unknown categoryId',
      { slug: 'unk', categoryId: 999999 },
      'categoryId',
      'Blog category 999999 does not exist (0 or null means none)',
    ],
  ])('refuses a post with %s (400, the form message, nothing changed)', async (_n, change, path, message) => {
    const before = await posts();
    const res = await call(blog, '/api/blog/posts', as(admin, { method: 'POST', json: post(change) }));
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path, message });
    expect(await posts()).toEqual(before);
  });

  it('refuses taken slugs with 409 naming them', async () => {
    await createPostInCategory();
    const before = await posts();
    const res = await call(blog, '/api/blog/posts', as(admin, { method: 'POST', json: post() }));
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('"why-rest-dough"');
    expect(await posts()).toEqual(before);
    const cat = await call(
      blog,
      '/api/blog/categories',
      as(admin, { method: 'POST', json: { name: 'B', slug: 'baking-science' } }),
    );
    expect(cat.status).toBe(409);
    expect(cat.body.error).toContain('"baking-science"');
  });

  it.each([
    ['no name', { slug: 'x' }, 'name', 'Name is required'],
    ['no slug', { name: 'X' }, 'slug', 'Slug is required'],
  ])('refuses a blog category with %s', async (_n, body, path, message) => {
    const before = await categories();
    const res = await call(blog, '/api/blog/categories', as(admin, { method: 'POST', json: body }));
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path, message });
    expect(await categories()).toEqual(before);
  });

  it('publishes a post by update, keeps the draft as a version, and restores it', async () => {
    await createPostInCategory();
    const row = (await posts()).find((p) => p.slug === 'why-rest-dough')!;
    const put = await call(
      blog,
      `/api/blog/posts/${row.id}`,
      as(admin, {
        method: 'PUT',
        json: post({ title: 'Why We Rest Dough', isPublished: true, categoryId: row.category_id }),
      }),
    );
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ title: 'Why We Rest Dough', isPublished: true });
    expect((await call(blog, '/api/blog/posts/why-rest-dough')).status).toBe(200);
    const versions = await call(contentVersions, `/api/blog/posts/${row.id}/versions`, as(admin));
    expect(versions.body).toHaveLength(1);
    expect(versions.body[0]).toMatchObject({ title: 'Why Rest Dough', author: 'admin' });
    const restored = await call(
      contentVersions,
      `/api/blog/posts/${row.id}/versions/${versions.body[0].id}/restore`,
      as(admin, { method: 'POST' }),
    );
    expect(restored.body).toMatchObject({ title: 'Why Rest Dough', isPublished: false });
  });

  it('deleting a blog category leaves its posts without one; restoring it puts them back', async () => {
    await createPostInCategory();
    const cat = (await categories()).find((c) => c.slug === 'baking-science')!;
    // What the dashboard's question counts: every post in it for the admin, drafts too.
    const listed = await call(blog, '/api/blog/categories', as(admin));
    expect(listed.body.find((c: { id: number }) => c.id === cat.id)).toMatchObject({ postCount: 1 });
    const del = await call(blog, `/api/blog/categories/${cat.id}`, as(admin, { method: 'DELETE' }));
    expect(del.body).toMatchObject({ deleted: true, trash: { entity: 'blog-category' } });
    expect((await posts()).find((p) => p.slug === 'why-rest-dough')!.category_id).toBeNull();
    const restore = await call(
      contentVersions,
      `/api/admin/trash/${del.body.trash.id}/restore`,
      as(admin, { method: 'POST' }),
    );
    expect(restore.status).toBe(200);
    expect((await posts()).find((p) => p.slug === 'why-rest-dough')!.category_id).toBe(cat.id);
  });

  it('updates a blog category and deletes a post', async () => {
    await createPostInCategory();
    const loose = await call(
      blog,
      '/api/blog/posts',
      as(admin, { method: 'POST', json: post({ slug: 'no-category-0', categoryId: 0 }) }),
    );
    expect(loose.status).toBe(201);
    const cat = (await categories()).find((c) => c.slug === 'baking-science')!;
    const put = await call(
      blog,
      `/api/blog/categories/${cat.id}`,
      as(admin, { method: 'PUT', json: { name: 'Baking Science', slug: 'baking-science' } }),
    );
    expect(put.body).toMatchObject({ name: 'Baking Science', postCount: 1 });
    const row = (await posts()).find((p) => p.slug === 'no-category-0')!;
    const del = await call(blog, `/api/blog/posts/${row.id}`, as(admin, { method: 'DELETE' }));
    expect(del.body).toMatchObject({ deleted: true, trash: { entity: 'post' } });
    expect((await call(blog, `/api/blog/posts/${row.id}`, as(admin, { method: 'DELETE' }))).status).toBe(404);
  });

  it.each([
    ['POST', '/api/blog/posts'],
    ['PUT', '/api/blog/posts/1'],
    ['DELETE', '/api/blog/posts/1'],
    ['POST', '/api/blog/categories'],
    ['PUT', '/api/blog/categories/1'],
    ['DELETE', '/api/blog/categories/1'],
  ])('%s %s: anonymous 401, cook 403, nothing changed', async (method, path) => {
    const before = [await posts(), await categories()];
    const body = { ...post({ slug: 'hack' }), name: 'Hack' };
    expect((await call(blog, path, { method, json: body })).status).toBe(401);
    expect((await call(blog, path, as(cook, { method, json: body }))).status).toBe(403);
    expect([await posts(), await categories()]).toEqual(before);
  });
});
