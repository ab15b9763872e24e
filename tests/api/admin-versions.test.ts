import { describe, expect, it } from 'vitest';
import blog from '../../functions/blog.ts';
import contentVersions from '../../functions/content-versions.ts';
import pages from '../../functions/pages.ts';
import recipes from '../../functions/recipes.ts';
import reviews from '../../functions/reviews.ts';
import saved from '../../functions/saved.ts';
import { VERSIONS_KEPT } from '../../functions/_shared/services/versions.ts';
import { as, signUp } from '../helpers/accounts.ts';
import { useAdminSuite } from '../helpers/admin-session.ts';
import { validRecipeInput } from '../helpers/recipe-input.ts';
import { call, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// "Nothing is lost by a slip": updates keep the previous state (the last 20,
// with time and author) and restore it; deletes go to the trash with what hangs on them and
// come back whole.

describe.skipIf(!databaseAvailable)(`versions and trash on ${engine}`, () => {
  useTestDatabase();
  const { cook, admin } = useAdminSuite();

  it('keeps the previous state of a recipe on each update and restores one', async () => {
    const made = await call(
      recipes,
      '/api/recipes',
      as(admin, { method: 'POST', json: validRecipeInput({ title: 'Version One' }) }),
    );
    const id = made.body.id;
    await call(
      recipes,
      `/api/recipes/${id}`,
      as(admin, { method: 'PUT', json: validRecipeInput({ title: 'Version Two', servings: 6 }) }),
    );
    await call(
      recipes,
      `/api/recipes/${id}`,
      as(admin, { method: 'PUT', json: validRecipeInput({ title: 'Version Three' }) }),
    );
    const list = await call(contentVersions, `/api/recipes/${id}/versions`, as(admin));
    expect(list.status).toBe(200);
    expect(list.body.map((v: { title: string }) => v.title)).toEqual(['Version Two', 'Version One']);
    expect(list.body[0]).toMatchObject({ author: 'admin' });
    expect(Number.isNaN(Date.parse(list.body[0].createdAt))).toBe(false);
    // Each version says what it differs in from the recipe now, field by field.
    expect(list.body[0].changes).toContainEqual({
      field: 'title',
      label: 'Title',
      kind: 'value',
      from: 'Version Two',
      to: 'Version Three',
    });
    expect(list.body[0].changes.map((c: { field: string }) => c.field)).toContain('servings');
    expect(list.body[1].changes.map((c: { field: string }) => c.field)).not.toContain('ingredients');
    const one = await call(contentVersions, `/api/recipes/${id}/versions/${list.body[0].id}`, as(admin));
    expect(one.body.data).toMatchObject({ title: 'Version Two', servings: 6, slug: 'version-one' });
    const restored = await call(
      contentVersions,
      `/api/recipes/${id}/versions/${list.body[0].id}/restore`,
      as(admin, { method: 'POST' }),
    );
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id, title: 'Version Two', servings: 6 });
    expect((await call(recipes, `/api/recipes/${id}`)).body.title).toBe('Version Two');
    // The restore is an update too: the state it replaced can be restored in turn.
    const after = await call(contentVersions, `/api/recipes/${id}/versions`, as(admin));
    expect(after.body[0].title).toBe('Version Three');
    expect((await call(contentVersions, `/api/recipes/${id}/versions/999999`, as(admin))).status).toBe(404);
  });

  it(`keeps only the last ${VERSIONS_KEPT} versions`, async () => {
    const made = await call(
      pages,
      '/api/pages',
      as(admin, { method: 'POST', json: { title: 'Edit 0', slug: 'often-edited', content: 'x' } }),
    );
    for (let n = 1; n <= VERSIONS_KEPT + 3; n++)
      await call(
        pages,
        `/api/pages/${made.body.id}`,
        as(admin, { method: 'PUT', json: { title: `Edit ${n}`, slug: 'often-edited', content: 'x' } }),
      );
    const list = await call(contentVersions, `/api/pages/${made.body.id}/versions`, as(admin));
    expect(list.body).toHaveLength(VERSIONS_KEPT);
    expect(list.body[0].title).toBe(`Edit ${VERSIONS_KEPT + 2}`);
    expect(list.body.at(-1).title).toBe('Edit 3');
    expect(list.body[0].changes).toEqual([
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
    const made = await call(blog, '/api/blog/posts', as(admin, { method: 'POST', json: draft }));
    expect(made.status).toBe(201);
    const put = await call(
      blog,
      `/api/blog/posts/${made.body.id}`,
      as(admin, { method: 'PUT', json: { ...draft, content: 'Intro.\nBody.\nOutro.', isPublished: true } }),
    );
    expect(put.status).toBe(200);
    const list = await call(contentVersions, `/api/blog/posts/${made.body.id}/versions`, as(admin));
    expect(list.body[0].changes).toEqual([
      { field: 'content', label: 'Content', kind: 'lines', removed: [], added: ['Outro.'] },
      { field: 'isPublished', label: 'Published', kind: 'value', from: 'no', to: 'yes' },
    ]);
  });

  it('lists the lines of a page that changed since a version', async () => {
    const made = await call(
      pages,
      '/api/pages',
      as(admin, { method: 'POST', json: { title: 'Lines', slug: 'lines-page', content: 'one\ntwo\nthree' } }),
    );
    await call(
      pages,
      `/api/pages/${made.body.id}`,
      as(admin, {
        method: 'PUT',
        json: { title: 'Lines', slug: 'lines-page', content: 'one\n2\nthree\nfour' },
      }),
    );
    const list = await call(contentVersions, `/api/pages/${made.body.id}/versions`, as(admin));
    expect(list.body[0].changes).toEqual([
      { field: 'content', label: 'Content', kind: 'lines', removed: ['two'], added: ['2', 'four'] },
    ]);
  });

  it('restores a deleted recipe whole: reviews, rating, saves; gone again from the trash', async () => {
    const made = await call(
      recipes,
      '/api/recipes',
      as(admin, { method: 'POST', json: validRecipeInput({ title: 'Much Loved Stew' }) }),
    );
    const id = made.body.id;
    const fan = await signUp('fan');
    expect(
      (
        await call(
          reviews,
          `/api/recipes/${id}/reviews`,
          as(fan, { method: 'POST', json: { rating: 5, comment: 'Great.' } }),
        )
      ).status,
    ).toBe(201);
    expect((await call(saved, `/api/recipes/${id}/save`, as(fan, { method: 'POST' }))).status).toBeLessThan(
      300,
    );
    const before = await call(recipes, `/api/recipes/${id}`);
    expect(before.body.reviewCount).toBe(1);

    const del = await call(recipes, `/api/recipes/${id}`, as(admin, { method: 'DELETE' }));
    expect((await call(recipes, `/api/recipes/${id}`)).status).toBe(404);
    const trash = await call(contentVersions, '/api/admin/trash', as(admin));
    expect(trash.body[0]).toMatchObject({
      id: del.body.trash.id,
      entity: 'recipe',
      entityId: id,
      title: 'Much Loved Stew',
      deletedBy: 'admin',
    });

    const restore = await call(
      contentVersions,
      `/api/admin/trash/${del.body.trash.id}/restore`,
      as(admin, { method: 'POST' }),
    );
    expect(restore.status).toBe(200);
    expect(restore.body).toEqual({ restored: true, entity: 'recipe', id, title: 'Much Loved Stew' });
    const back = await call(recipes, `/api/recipes/${id}`);
    expect(back.body).toMatchObject({ id, slug: 'much-loved-stew', reviewCount: 1, rating: 50 });
    expect((await call(reviews, `/api/recipes/${id}/reviews`)).body).toHaveLength(1);
    expect((await call(saved, `/api/recipes/${id}/saved`, as(fan))).body.saved).toBe(true);
    const again = await call(
      contentVersions,
      `/api/admin/trash/${del.body.trash.id}/restore`,
      as(admin, { method: 'POST' }),
    );
    expect(again.status).toBe(404);
  });

  it('refuses to restore over a slug taken since, with 409 naming it, trash kept', async () => {
    const made = await call(
      recipes,
      '/api/recipes',
      as(admin, { method: 'POST', json: validRecipeInput({ title: 'Taken Later' }) }),
    );
    const del = await call(recipes, `/api/recipes/${made.body.id}`, as(admin, { method: 'DELETE' }));
    await call(
      recipes,
      '/api/recipes',
      as(admin, { method: 'POST', json: validRecipeInput({ title: 'Taken Later' }) }),
    );
    const restore = await call(
      contentVersions,
      `/api/admin/trash/${del.body.trash.id}/restore`,
      as(admin, { method: 'POST' }),
    );
    expect(restore.status).toBe(409);
    expect(restore.body.error).toContain('"taken-later"');
    const trash = await call(contentVersions, '/api/admin/trash', as(admin));
    expect(trash.body.map((t: { id: number }) => t.id)).toContain(del.body.trash.id);
  });

  it.each([
    ['GET', '/api/recipes/1/versions'],
    ['GET', '/api/recipes/1/versions/1'],
    ['POST', '/api/recipes/1/versions/1/restore'],
    ['GET', '/api/admin/trash'],
    ['POST', '/api/admin/trash/1/restore'],
  ])('%s %s: anonymous 401, cook 403', async (method, path) => {
    expect((await call(contentVersions, path, { method })).status).toBe(401);
    expect((await call(contentVersions, path, as(cook, { method }))).status).toBe(403);
  });
});
