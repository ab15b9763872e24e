import { describe, expect, it } from 'vitest';
import adminContent from '../../functions/admin-content.ts';
import { as } from '../helpers/accounts.ts';
import { useAdminSuite } from '../helpers/admin-session.ts';
import { validRecipeInput } from '../helpers/recipe-input.ts';
import { call, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// Content export and import: export → import is a no-op; a changed export
// imports its changes in one transaction (a dry run reports them and changes nothing); a bad
// document is refused whole with 400 and every issue.

describe.skipIf(!databaseAvailable)(`content export and import on ${engine}`, () => {
  const db = useTestDatabase();
  const { cook, admin } = useAdminSuite();

  /** Every content row, for "nothing changed". */
  const snapshot = async () => ({
    recipes: await db()
      .selectFrom('recipes')
      .select(['id', 'slug', 'title', 'updated_at', 'image', 'ingredients'])
      .orderBy('id')
      .execute(),
    categories: await db().selectFrom('categories').selectAll().orderBy('id').execute(),
    pages: await db().selectFrom('pages').selectAll().orderBy('id').execute(),
    blogCategories: await db().selectFrom('blog_categories').selectAll().orderBy('id').execute(),
    posts: await db().selectFrom('blog_posts').selectAll().orderBy('id').execute(),
    settings: await db().selectFrom('settings').selectAll().execute(),
  });
  const exported = async () => {
    const res = await call(adminContent, '/api/admin/content/export', as(admin));
    expect(res.status).toBe(200);
    return res.body;
  };
  const importing = (body: unknown, dryRun = false) =>
    call(
      adminContent,
      `/api/admin/content/import${dryRun ? '?dryRun=1' : ''}`,
      as(admin, { method: 'POST', json: body }),
    );

  it('exports every kind of content', async () => {
    const res = await call(adminContent, '/api/admin/content/export', as(admin));
    expect(res.headers.get('Content-Disposition')).toMatch(/attachment; filename="forkful-content-/);
    expect(res.body).toMatchObject({ format: 'forkful-content', version: 1 });
    expect(res.body.recipes.length).toBeGreaterThanOrEqual(100);
    expect(res.body.categories.length).toBeGreaterThan(4);
    expect(res.body.pages.map((p: { slug: string }) => p.slug)).toContain('footer');
    expect(res.body.blogPosts.length).toBeGreaterThan(0);
    expect(res.body.blogCategories.length).toBeGreaterThan(0);
    expect(res.body.settings.siteName).toBeTruthy();
  });

  it('round trip: importing the export changes nothing and says so', async () => {
    const before = await snapshot();
    const res = await importing(await exported());
    expect(res.status).toBe(200);
    for (const kind of ['recipes', 'categories', 'pages', 'blogCategories', 'blogPosts'] as const) {
      expect(res.body[kind].created, kind).toEqual([]);
      expect(res.body[kind].updated, kind).toEqual([]);
    }
    expect(res.body.settings.changed).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it('a dry run reports the changes a document would make and changes nothing', async () => {
    const doc = await exported();
    doc.recipes[0].title = 'Renamed By Import';
    doc.recipes.push({ ...validRecipeInput({ title: 'Imported Pie' }), slug: 'imported-pie' });
    doc.categories.push({ name: 'Imported', slug: 'imported', description: '' });
    doc.pages.push({ title: 'Imported Page', slug: 'imported-page', content: 'Hello', isPublished: true });
    doc.blogCategories.push({ name: 'News', slug: 'imported-news', description: '' });
    doc.blogPosts.push({
      title: 'Imported Post',
      slug: 'imported-post',
      content: 'Hi',
      categorySlug: 'imported-news',
      isPublished: true,
    });
    doc.settings.siteName = 'Imported Name';
    const before = await snapshot();
    const dry = await importing(doc, true);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      dryRun: true,
      recipes: { created: ['imported-pie'], updated: [doc.recipes[0].slug] },
      categories: { created: ['imported'], updated: [] },
      pages: { created: ['imported-page'], updated: [] },
      blogCategories: { created: ['imported-news'] },
      blogPosts: { created: ['imported-post'] },
      settings: { changed: true },
    });
    expect(await snapshot()).toEqual(before);

    const real = await importing(doc);
    expect(real.body).toEqual({ ...dry.body, dryRun: false });
    const after = await exported();
    expect(after.recipes.find((r: { slug: string }) => r.slug === doc.recipes[0].slug).title).toBe(
      'Renamed By Import',
    );
    expect(after.blogPosts.find((p: { slug: string }) => p.slug === 'imported-post').categorySlug).toBe(
      'imported-news',
    );
    expect(after.settings.siteName).toBe('Imported Name');
    // The replaced state of the updated recipe is kept as a version.
    const versions = await db()
      .selectFrom('content_versions')
      .selectAll()
      .where('entity', '=', 'recipe')
      .execute();
    expect(versions.some((v) => v.author === 'admin')).toBe(true);
    // And importing the same document again changes nothing.
    const again = await importing(doc);
    expect(again.body.recipes).toMatchObject({ created: [], updated: [] });
  });

  it.each([
    ['not JSON content', 'hello', ''],
    ['another format', { format: 'wordpress', version: 1 }, 'format'],
  ])('refuses %s with 400', async (_n, body, path) => {
    const res = await importing(body);
    expect(res.status).toBe(400);
    if (path) expect(res.body.issues[0].path).toBe(path);
  });

  it('refuses a document with a bad item whole: 400 naming it, nothing changed', async () => {
    const doc = await exported();
    doc.recipes.push({ ...validRecipeInput({ title: 'Good One' }), slug: 'good-one' });
    doc.recipes[3].prepTime = 0;
    doc.recipes.push({ ...validRecipeInput({ title: 'Orphan', category: 'nowhere' }), slug: 'orphan' });
    const before = await snapshot();
    const res = await importing(doc);
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({
      path: 'recipes.3.prepTime',
      message: 'Prep time must be at least 1 minute',
    });
    expect(await snapshot()).toEqual(before);
    doc.recipes[3].prepTime = 5;
    const orphan = await importing(doc, true);
    expect(orphan.status).toBe(400);
    expect(orphan.body.issues[0]).toEqual({
      path: `recipes.${doc.recipes.length - 1}.category`,
      message: 'Category "nowhere" does not exist',
    });
  });

  it.each([
    ['GET', '/api/admin/content/export'],
    ['POST', '/api/admin/content/import'],
  ])('%s %s: anonymous 401, cook 403', async (method, path) => {
    expect((await call(adminContent, path, { method })).status).toBe(401);
    expect((await call(adminContent, path, as(cook, { method }))).status).toBe(403);
  });
});
