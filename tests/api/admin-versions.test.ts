import { describe, expect, it } from 'vitest';
import blog from '../../functions/blog.ts';
import contentVersions from '../../functions/content-versions.ts';
import pages from '../../functions/pages.ts';
import recipes from '../../functions/recipes.ts';
import reviews from '../../functions/reviews.ts';
import saved from '../../functions/saved.ts';
import { VERSIONS_KEPT } from '../../functions/_shared/services/versions.ts';
import { signUp } from '../helpers/accounts.ts';
import { expectAdminOnly, useAdminSuite, type AdminRequest } from '../helpers/admin-session.ts';
import { validRecipeInput } from '../helpers/recipe-input.ts';
import { callRoute, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// "Nothing is lost by a slip": updates keep the previous state (the last 20,
// with time and author) and restore it; deletes go to the trash with what hangs on them and
// come back whole.

describe.skipIf(!databaseAvailable)(`versions and trash on ${engine}`, () => {
  useTestDatabase();
  const { cook, admin } = useAdminSuite();

  it('keeps the previous state of a recipe on each update and restores one', async () => {
    const made = await callRoute(recipes, 'POST', '/api/recipes', {
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title: 'Version One' }),
    });
    const id = made.body.id;
    await callRoute(recipes, 'PUT', '/api/recipes/:id', {
      params: { id },
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title: 'Version Two', servings: 6 }),
    });
    await callRoute(recipes, 'PUT', '/api/recipes/:id', {
      params: { id },
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title: 'Version Three' }),
    });
    const list = await callRoute(contentVersions, 'GET', '/api/recipes/:id/versions', {
      params: { id },
      headers: { cookie: admin.cookie },
    });
    expect(list.status).toBe(200);
    expect(list.body.map((v: { title: string }) => v.title)).toEqual(['Version Two', 'Version One']);
    expect(list.body[0]).toMatchObject({ author: 'admin' });
    expect(Number.isNaN(Date.parse(list.body[0]!.createdAt))).toBe(false);
    // Each version says what it differs in from the recipe now, field by field.
    expect(list.body[0]!.changes).toContainEqual({
      field: 'title',
      label: 'Title',
      kind: 'value',
      from: 'Version Two',
      to: 'Version Three',
    });
    expect(list.body[0]!.changes.map((c: { field: string }) => c.field)).toContain('servings');
    expect(list.body[1]!.changes.map((c: { field: string }) => c.field)).not.toContain('ingredients');
    const one = await callRoute(contentVersions, 'GET', '/api/recipes/:id/versions/:versionId', {
      params: { id, versionId: list.body[0]!.id },
      headers: { cookie: admin.cookie },
    });
    expect(one.body.data).toMatchObject({ title: 'Version Two', servings: 6, slug: 'version-one' });
    const restored = await callRoute(
      contentVersions,
      'POST',
      '/api/recipes/:id/versions/:versionId/restore',
      { params: { id, versionId: list.body[0]!.id }, headers: { cookie: admin.cookie } },
    );
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id, title: 'Version Two', servings: 6 });
    expect((await callRoute(recipes, 'GET', '/api/recipes/:id', { params: { id } })).body.title).toBe(
      'Version Two',
    );
    // The restore is an update too: the state it replaced can be restored in turn.
    const after = await callRoute(contentVersions, 'GET', '/api/recipes/:id/versions', {
      params: { id },
      headers: { cookie: admin.cookie },
    });
    expect(after.body[0]!.title).toBe('Version Three');
    expect(
      (
        await callRoute(contentVersions, 'GET', '/api/recipes/:id/versions/:versionId', {
          params: { id, versionId: 999999 },
          headers: { cookie: admin.cookie },
        })
      ).status,
    ).toBe(404);
  });

  it(`keeps only the last ${VERSIONS_KEPT} versions`, async () => {
    const made = await callRoute(pages, 'POST', '/api/pages', {
      headers: { cookie: admin.cookie },
      body: { title: 'Edit 0', slug: 'often-edited', content: 'x' },
    });
    for (let n = 1; n <= VERSIONS_KEPT + 3; n++)
      await callRoute(pages, 'PUT', '/api/pages/:id', {
        params: { id: made.body.id },
        headers: { cookie: admin.cookie },
        body: { title: `Edit ${n}`, slug: 'often-edited', content: 'x' },
      });
    const list = await callRoute(contentVersions, 'GET', '/api/pages/:id/versions', {
      params: { id: made.body.id },
      headers: { cookie: admin.cookie },
    });
    expect(list.body).toHaveLength(VERSIONS_KEPT);
    expect(list.body[0]!.title).toBe(`Edit ${VERSIONS_KEPT + 2}`);
    expect(list.body.at(-1)!.title).toBe('Edit 3');
    expect(list.body[0]!.changes).toEqual([
      {
        field: 'title',
        label: 'Title',
        kind: 'value',
        from: `Edit ${VERSIONS_KEPT + 2}`,
        to: `Edit ${VERSIONS_KEPT + 3}`,
      },
    ]);
  });

  it('lists what a blog post changed since a version', async () => {
    const draft = {
      title: 'Versioned Post',
      slug: 'versioned-post',
      content: 'Intro.\nBody.',
      excerpt: 'Short.',
    };
    const made = await callRoute(blog, 'POST', '/api/blog/posts', {
      headers: { cookie: admin.cookie },
      body: draft,
    });
    expect(made.status).toBe(201);
    const put = await callRoute(blog, 'PUT', '/api/blog/posts/:id', {
      params: { id: made.body.id },
      headers: { cookie: admin.cookie },
      body: { ...draft, content: 'Intro.\nBody.\nOutro.', isPublished: true },
    });
    expect(put.status).toBe(200);
    const list = await callRoute(contentVersions, 'GET', '/api/blog/posts/:id/versions', {
      params: { id: made.body.id },
      headers: { cookie: admin.cookie },
    });
    expect(list.body[0]!.changes).toEqual([
      { field: 'content', label: 'Content', kind: 'lines', removed: [], added: ['Outro.'] },
      { field: 'isPublished', label: 'Published', kind: 'value', from: 'no', to: 'yes' },
    ]);
  });

  it('lists the lines of a page that changed since a version', async () => {
    const made = await callRoute(pages, 'POST', '/api/pages', {
      headers: { cookie: admin.cookie },
      body: { title: 'Lines', slug: 'lines-page', content: 'one\ntwo\nthree' },
    });
    await callRoute(pages, 'PUT', '/api/pages/:id', {
      params: { id: made.body.id },
      headers: { cookie: admin.cookie },
      body: { title: 'Lines', slug: 'lines-page', content: 'one\n2\nthree\nfour' },
    });
    const list = await callRoute(contentVersions, 'GET', '/api/pages/:id/versions', {
      params: { id: made.body.id },
      headers: { cookie: admin.cookie },
    });
    expect(list.body[0]!.changes).toEqual([
      { field: 'content', label: 'Content', kind: 'lines', removed: ['two'], added: ['2', 'four'] },
    ]);
  });

  it('restores a deleted recipe whole: reviews, rating, saves; gone again from the trash', async () => {
    const made = await callRoute(recipes, 'POST', '/api/recipes', {
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title: 'Much Loved Stew' }),
    });
    const id = made.body.id;
    const fan = await signUp('fan');
    expect(
      (
        await callRoute(reviews, 'POST', '/api/recipes/:id/reviews', {
          params: { id },
          headers: { cookie: fan.cookie },
          body: { rating: 5, comment: 'Great.' },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await callRoute(saved, 'POST', '/api/recipes/:id/save', {
          params: { id },
          headers: { cookie: fan.cookie },
        })
      ).status,
    ).toBeLessThan(300);
    const before = await callRoute(recipes, 'GET', '/api/recipes/:id', { params: { id } });
    expect(before.body.reviewCount).toBe(1);

    const del = await callRoute(recipes, 'DELETE', '/api/recipes/:id', {
      params: { id },
      headers: { cookie: admin.cookie },
    });
    expect((await callRoute(recipes, 'GET', '/api/recipes/:id', { params: { id } })).status).toBe(404);
    const trash = await callRoute(contentVersions, 'GET', '/api/admin/trash', {
      headers: { cookie: admin.cookie },
    });
    expect(trash.body[0]).toMatchObject({
      id: del.body.trash.id,
      entity: 'recipe',
      entityId: id,
      title: 'Much Loved Stew',
      deletedBy: 'admin',
    });

    const restore = await callRoute(contentVersions, 'POST', '/api/admin/trash/:id/restore', {
      params: { id: del.body.trash.id },
      headers: { cookie: admin.cookie },
    });
    expect(restore.status).toBe(200);
    expect(restore.body).toEqual({ restored: true, entity: 'recipe', id, title: 'Much Loved Stew' });
    const back = await callRoute(recipes, 'GET', '/api/recipes/:id', { params: { id } });
    expect(back.body).toMatchObject({ id, slug: 'much-loved-stew', reviewCount: 1, rating: 50 });
    expect(
      (await callRoute(reviews, 'GET', '/api/recipes/:id/reviews', { params: { id } })).body,
    ).toHaveLength(1);
    expect(
      (
        await callRoute(saved, 'GET', '/api/recipes/:id/saved', {
          params: { id },
          headers: { cookie: fan.cookie },
        })
      ).body.saved,
    ).toBe(true);
    const again = await callRoute(contentVersions, 'POST', '/api/admin/trash/:id/restore', {
      params: { id: del.body.trash.id },
      headers: { cookie: admin.cookie },
    });
    expect(again.status).toBe(404);
  });

  it('refuses to restore over a slug taken since, with 409 naming it, trash kept', async () => {
    const made = await callRoute(recipes, 'POST', '/api/recipes', {
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title: 'Taken Later' }),
    });
    const del = await callRoute(recipes, 'DELETE', '/api/recipes/:id', {
      params: { id: made.body.id },
      headers: { cookie: admin.cookie },
    });
    await callRoute(recipes, 'POST', '/api/recipes', {
      headers: { cookie: admin.cookie },
      body: validRecipeInput({ title: 'Taken Later' }),
    });
    const restore = await callRoute(contentVersions, 'POST', '/api/admin/trash/:id/restore', {
      params: { id: del.body.trash.id },
      headers: { cookie: admin.cookie },
    });
    expect(restore.status).toBe(409);
    expect(restore.body.error).toContain('"taken-later"');
    const trash = await callRoute(contentVersions, 'GET', '/api/admin/trash', {
      headers: { cookie: admin.cookie },
    });
    expect(trash.body.map((t: { id: number }) => t.id)).toContain(del.body.trash.id);
  });

  const params = { id: 1, versionId: 1 };
  it.each<[string, AdminRequest]>([
    [
      'GET /api/recipes/1/versions',
      (headers) => callRoute(contentVersions, 'GET', '/api/recipes/:id/versions', { params, headers }),
    ],
    [
      'GET /api/recipes/1/versions/1',
      (headers) =>
        callRoute(contentVersions, 'GET', '/api/recipes/:id/versions/:versionId', { params, headers }),
    ],
    [
      'POST /api/recipes/1/versions/1/restore',
      (headers) =>
        callRoute(contentVersions, 'POST', '/api/recipes/:id/versions/:versionId/restore', {
          params,
          headers,
        }),
    ],
    ['GET /api/admin/trash', (headers) => callRoute(contentVersions, 'GET', '/api/admin/trash', { headers })],
    [
      'POST /api/admin/trash/1/restore',
      (headers) => callRoute(contentVersions, 'POST', '/api/admin/trash/:id/restore', { params, headers }),
    ],
  ])('%s: anonymous 401, cook 403', async (_route, send) => {
    await expectAdminOnly(cook, send);
  });
});
