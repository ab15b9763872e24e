import { describe, expect, it } from 'vitest';
import adminContent from '../../functions/admin-content.ts';
import type { ContentExport } from '../../src/lib/schemas/content-export.ts';
import { expectAdminOnly, useAdminSuite, type AdminRequest } from '../helpers/admin-session.ts';
import { validRecipeInput } from '../helpers/recipe-input.ts';
import { callRoute, unchecked, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

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
    const res = await callRoute(adminContent, 'GET', '/api/admin/content/export', {
      headers: { cookie: admin.cookie },
    });
    expect(res.status).toBe(200);
    return res.body;
  };
  const importing = (body: ContentExport, dryRun = false) =>
    callRoute(adminContent, 'POST', '/api/admin/content/import', {
      headers: { cookie: admin.cookie },
      body,
      query: { dryRun: dryRun ? '1' : undefined },
    });

  it('exports every kind of content', async () => {
    const res = await callRoute(adminContent, 'GET', '/api/admin/content/export', {
      headers: { cookie: admin.cookie },
    });
    expect(res.headers.get('Content-Disposition')).toMatch(/attachment; filename="forkful-content-/);
    expect(res.body).toMatchObject({ format: 'forkful-content', version: 1 });
    expect(res.body.recipes.length).toBeGreaterThanOrEqual(100);
    expect(res.body.categories.length).toBeGreaterThan(4);
    expect(res.body.pages.map((p: { slug: string }) => p.slug)).toContain('footer');
    expect(res.body.blogPosts.length).toBeGreaterThan(0);
    expect(res.body.blogCategories.length).toBeGreaterThan(0);
    expect(res.body.settings?.siteName).toBeTruthy();
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
    doc.recipes[0]!.title = 'Renamed By Import';
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
    doc.settings!.siteName = 'Imported Name';
    const before = await snapshot();
    const dry = await importing(doc, true);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      dryRun: true,
      recipes: { created: ['imported-pie'], updated: [doc.recipes[0]!.slug] },
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
    expect(after.recipes.find((r: { slug: string }) => r.slug === doc.recipes[0]!.slug)?.title).toBe(
      'Renamed By Import',
    );
    expect(after.blogPosts.find((p: { slug: string }) => p.slug === 'imported-post')?.categorySlug).toBe(
      'imported-news',
    );
    expect(after.settings?.siteName).toBe('Imported Name');
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
    ['text that is not JSON', { rawBody: 'hello' }, 'The request body is not valid JSON.', undefined],
    [
      'a JSON string, not a document',
      { body: unchecked<ContentExport>('hello') },
      'Expected a Forkful content export (a JSON object)',
      '',
    ],
    [
      'another format',
      { body: unchecked<ContentExport>({ format: 'wordpress', version: 1 }) },
      'Not a Forkful content export (format must be "forkful-content")',
      'format',
    ],
  ])('refuses %s with 400 and says why, nothing changed', async (_n, request, error, issuePath) => {
    const before = await snapshot();
    const res = await callRoute(adminContent, 'POST', '/api/admin/content/import', {
      headers: { cookie: admin.cookie },
      ...request,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    // The first issue names where the document went wrong (none for a body that is not JSON).
    expect(res.body.issues?.[0]).toEqual(
      issuePath === undefined ? undefined : { path: issuePath, message: error },
    );
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a document with a bad item whole: 400 naming it, nothing changed', async () => {
    const doc = await exported();
    doc.recipes.push({ ...validRecipeInput({ title: 'Good One' }), slug: 'good-one' });
    doc.recipes[3]!.prepTime = 0;
    doc.recipes.push({ ...validRecipeInput({ title: 'Orphan', category: 'nowhere' }), slug: 'orphan' });
    const before = await snapshot();
    const res = await importing(doc);
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({
      path: 'recipes.3.prepTime',
      message: 'Prep time must be at least 1 minute',
    });
    expect(await snapshot()).toEqual(before);
    doc.recipes[3]!.prepTime = 5;
    const orphan = await importing(doc, true);
    expect(orphan.status).toBe(400);
    expect(orphan.body.issues?.[0]).toEqual({
      path: `recipes.${doc.recipes.length - 1}.category`,
      message: 'Category "nowhere" does not exist',
    });
  });

  it.each<[string, AdminRequest]>([
    [
      'GET /api/admin/content/export',
      (headers) => callRoute(adminContent, 'GET', '/api/admin/content/export', { headers }),
    ],
    [
      'POST /api/admin/content/import',
      (headers) =>
        callRoute(adminContent, 'POST', '/api/admin/content/import', {
          headers,
          body: unchecked({ format: 'forkful-content', version: 1 }),
        }),
    ],
  ])('%s: anonymous 401, cook 403', async (_route, send) => {
    await expectAdminOnly(cook, send);
  });
});
