import { beforeEach, describe, expect, it } from 'vitest';
import blog from '../../functions/blog.ts';
import contentVersions from '../../functions/content-versions.ts';
import type { BlogPostInput } from '../../src/lib/schemas/blog-post.ts';
import { expectAdminOnly, useAdminSuite, type AdminRequest } from '../helpers/admin-session.ts';
import { callRoute, unchecked, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// Blog posts and blog categories: a new post is a draft, drafts only for the
// admin, categoryId 0 or null means none, the form's messages, 409 on a taken slug.

describe.skipIf(!databaseAvailable)(`blog API on ${engine}`, () => {
  const db = useTestDatabase();
  const { cook, admin } = useAdminSuite();

  const posts = () => db().selectFrom('blog_posts').selectAll().orderBy('id').execute();
  const categories = () => db().selectFrom('blog_categories').selectAll().orderBy('id').execute();
  const post = (extra: Partial<BlogPostInput> = {}): BlogPostInput => ({
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
    const cat = await callRoute(blog, 'POST', '/api/blog/categories', {
      headers: { cookie: admin.cookie },
      body: { name: 'Baking', slug: 'baking-science', description: 'Why it works.' },
    });
    expect(cat.status).toBe(201);
    const res = await callRoute(blog, 'POST', '/api/blog/posts', {
      headers: { cookie: admin.cookie },
      body: post({ categoryId: cat.body.id }),
    });
    expect(res.status).toBe(201);
    return { cat, res };
  };

  it('creates a blog category and a post in it; the post is a draft only the admin sees', async () => {
    const { cat, res } = await createPostInCategory();
    expect(cat.body).toMatchObject({ name: 'Baking', slug: 'baking-science', postCount: 0 });
    expect(res.body).toMatchObject({
      slug: 'why-rest-dough',
      isPublished: false,
      image: null,
      categoryId: cat.body.id,
      category: { id: cat.body.id, slug: 'baking-science', name: 'Baking' },
    });
    const slugs = (list: { slug: string }[]) => list.map((p) => p.slug);
    expect(slugs((await callRoute(blog, 'GET', '/api/blog/posts')).body)).not.toContain('why-rest-dough');
    expect(
      slugs((await callRoute(blog, 'GET', '/api/blog/posts', { headers: { cookie: admin.cookie } })).body),
    ).toContain('why-rest-dough');
    expect(
      (await callRoute(blog, 'GET', '/api/blog/posts/:slug', { params: { slug: 'why-rest-dough' } })).status,
    ).toBe(404);
    expect(
      (
        await callRoute(blog, 'GET', '/api/blog/posts/:slug', {
          params: { slug: 'why-rest-dough' },
          headers: { cookie: admin.cookie },
        })
      ).status,
    ).toBe(200);
  });

  it.each([
    ['0', 0],
    ['null', null],
  ])('categoryId %s means no category', async (_n, categoryId) => {
    const slug = `no-category-${categoryId === null ? 'null' : '0'}`;
    const res = await callRoute(blog, 'POST', '/api/blog/posts', {
      headers: { cookie: admin.cookie },
      body: post({ slug, categoryId }),
    });
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
    const res = await callRoute(blog, 'POST', '/api/blog/posts', {
      headers: { cookie: admin.cookie },
      body: post(unchecked(change)),
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path, message });
    expect(await posts()).toEqual(before);
  });

  it('refuses taken slugs with 409 naming them', async () => {
    await createPostInCategory();
    const before = await posts();
    const res = await callRoute(blog, 'POST', '/api/blog/posts', {
      headers: { cookie: admin.cookie },
      body: post(),
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('"why-rest-dough"');
    expect(await posts()).toEqual(before);
    const cat = await callRoute(blog, 'POST', '/api/blog/categories', {
      headers: { cookie: admin.cookie },
      body: { name: 'B', slug: 'baking-science' },
    });
    expect(cat.status).toBe(409);
    expect(cat.body.error).toContain('"baking-science"');
  });

  it.each([
    ['no name', { slug: 'x' }, 'name', 'Name is required'],
    ['no slug', { name: 'X' }, 'slug', 'Slug is required'],
  ])('refuses a blog category with %s', async (_n, body, path, message) => {
    const before = await categories();
    const res = await callRoute(blog, 'POST', '/api/blog/categories', {
      headers: { cookie: admin.cookie },
      body: unchecked(body),
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path, message });
    expect(await categories()).toEqual(before);
  });

  it('publishes a post by update, keeps the draft as a version, and restores it', async () => {
    await createPostInCategory();
    const row = (await posts()).find((p) => p.slug === 'why-rest-dough')!;
    const put = await callRoute(blog, 'PUT', '/api/blog/posts/:id', {
      params: { id: row.id },
      headers: { cookie: admin.cookie },
      body: post({ title: 'Why We Rest Dough', isPublished: true, categoryId: row.category_id }),
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ title: 'Why We Rest Dough', isPublished: true });
    expect(
      (await callRoute(blog, 'GET', '/api/blog/posts/:slug', { params: { slug: 'why-rest-dough' } })).status,
    ).toBe(200);
    const versions = await callRoute(contentVersions, 'GET', '/api/blog/posts/:id/versions', {
      params: { id: row.id },
      headers: { cookie: admin.cookie },
    });
    expect(versions.body).toHaveLength(1);
    expect(versions.body[0]).toMatchObject({ title: 'Why Rest Dough', author: 'admin' });
    const restored = await callRoute(
      contentVersions,
      'POST',
      '/api/blog/posts/:id/versions/:versionId/restore',
      { params: { id: row.id, versionId: versions.body[0]!.id }, headers: { cookie: admin.cookie } },
    );
    expect(restored.body).toMatchObject({ title: 'Why Rest Dough', isPublished: false });
  });

  it('deleting a blog category leaves its posts without one; restoring it puts them back', async () => {
    await createPostInCategory();
    const cat = (await categories()).find((c) => c.slug === 'baking-science')!;
    // What the dashboard's question counts: every post in it for the admin, drafts too.
    const listed = await callRoute(blog, 'GET', '/api/blog/categories', {
      headers: { cookie: admin.cookie },
    });
    expect(listed.body.find((c: { id: number }) => c.id === cat.id)).toMatchObject({ postCount: 1 });
    const del = await callRoute(blog, 'DELETE', '/api/blog/categories/:id', {
      params: { id: cat.id },
      headers: { cookie: admin.cookie },
    });
    expect(del.body).toMatchObject({ deleted: true, trash: { entity: 'blog-category' } });
    expect((await posts()).find((p) => p.slug === 'why-rest-dough')!.category_id).toBeNull();
    const restore = await callRoute(contentVersions, 'POST', '/api/admin/trash/:id/restore', {
      params: { id: del.body.trash.id },
      headers: { cookie: admin.cookie },
    });
    expect(restore.status).toBe(200);
    expect((await posts()).find((p) => p.slug === 'why-rest-dough')!.category_id).toBe(cat.id);
  });

  it('updates a blog category and deletes a post', async () => {
    await createPostInCategory();
    const loose = await callRoute(blog, 'POST', '/api/blog/posts', {
      headers: { cookie: admin.cookie },
      body: post({ slug: 'no-category-0', categoryId: 0 }),
    });
    expect(loose.status).toBe(201);
    const cat = (await categories()).find((c) => c.slug === 'baking-science')!;
    const put = await callRoute(blog, 'PUT', '/api/blog/categories/:id', {
      params: { id: cat.id },
      headers: { cookie: admin.cookie },
      body: { name: 'Baking Science', slug: 'baking-science' },
    });
    expect(put.body).toMatchObject({ name: 'Baking Science', postCount: 1 });
    const row = (await posts()).find((p) => p.slug === 'no-category-0')!;
    const del = await callRoute(blog, 'DELETE', '/api/blog/posts/:id', {
      params: { id: row.id },
      headers: { cookie: admin.cookie },
    });
    expect(del.body).toMatchObject({ deleted: true, trash: { entity: 'post' } });
    expect(
      (
        await callRoute(blog, 'DELETE', '/api/blog/posts/:id', {
          params: { id: row.id },
          headers: { cookie: admin.cookie },
        })
      ).status,
    ).toBe(404);
  });

  const hackedPost = post({ slug: 'hack' });
  const hackedCategory = { name: 'Hack', slug: 'hack' };
  const id = 1;
  it.each<[string, AdminRequest]>([
    [
      'POST /api/blog/posts',
      (headers) => callRoute(blog, 'POST', '/api/blog/posts', { headers, body: hackedPost }),
    ],
    [
      'PUT /api/blog/posts/1',
      (headers) =>
        callRoute(blog, 'PUT', '/api/blog/posts/:id', { params: { id }, headers, body: hackedPost }),
    ],
    [
      'DELETE /api/blog/posts/1',
      (headers) => callRoute(blog, 'DELETE', '/api/blog/posts/:id', { params: { id }, headers }),
    ],
    [
      'POST /api/blog/categories',
      (headers) => callRoute(blog, 'POST', '/api/blog/categories', { headers, body: hackedCategory }),
    ],
    [
      'PUT /api/blog/categories/1',
      (headers) =>
        callRoute(blog, 'PUT', '/api/blog/categories/:id', { params: { id }, headers, body: hackedCategory }),
    ],
    [
      'DELETE /api/blog/categories/1',
      (headers) => callRoute(blog, 'DELETE', '/api/blog/categories/:id', { params: { id }, headers }),
    ],
  ])('%s: anonymous 401, cook 403, nothing changed', async (_route, send) => {
    const before = [await posts(), await categories()];
    await expectAdminOnly(cook, send);
    expect([await posts(), await categories()]).toEqual(before);
  });
});
