import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminImages from '../../functions/admin-images.ts';
import images from '../../functions/images.ts';
import { FolderImageStore, setImageStore } from '../../functions/_shared/images/store.ts';
import { publishingSettled } from '../../functions/_shared/publish.ts';
import { type TestAccount } from '../helpers/accounts.ts';
import { guardAccounts } from '../helpers/admin-session.ts';
import { TEST_DATA } from '../helpers/paths.ts';
import { callRoute, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// Unused stored images: an image no recipe, blog post, category, page, saved version or
// trashed item refers to, stored more than a day ago, is removed by POST
// /api/admin/images/remove-unused (row, original and variants) and counted in the image stats
// until then. Everything referenced, and every recent upload (its form may not be saved yet), stays.

/** Where each test image is referred to from (or nowhere), and whether it is a day old. */
const CASES = [
  { name: 'recipe image', where: 'recipe', old: true, kept: true },
  { name: 'recipe video thumbnail', where: 'thumbnail', old: true, kept: true },
  { name: 'blog post Markdown body', where: 'post-body', old: true, kept: true },
  { name: 'category image', where: 'category', old: true, kept: true },
  { name: 'page body', where: 'page', old: true, kept: true },
  { name: 'saved version of a recipe', where: 'version', old: true, kept: true },
  { name: 'trashed recipe', where: 'trash', old: true, kept: true },
  { name: 'nothing, uploaded an hour ago', where: 'none', old: false, kept: true },
  { name: 'nothing, two days old', where: 'none', old: true, kept: false },
  { name: 'nothing, three days old', where: 'none', old: true, kept: false },
] as const;

describe.runIf(databaseAvailable)(`unused image cleanup on ${engine}`, () => {
  const db = useTestDatabase();
  const folder = path.join(TEST_DATA, `image-cleanup-${engine}`);
  let cook: TestAccount;
  let admin: TestAccount;
  const stored: { key: string; url: string; path: string }[] = [];

  const removeUnused = (who: TestAccount | null = admin) =>
    callRoute(adminImages, 'POST', '/api/admin/images/remove-unused', {
      headers: who ? { cookie: who.cookie } : {},
    });
  const stats = () =>
    callRoute(adminImages, 'GET', '/api/admin/images/stats', { headers: { cookie: admin.cookie } });
  const served = async (key: string, width: 1200 | 600) =>
    (await images(new Request(`http://localhost:8888/api/images/${key}/${width}.webp`))).status;

  beforeAll(async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    fs.mkdirSync(folder, { recursive: true });
    setImageStore(new FolderImageStore(folder));
    ({ cook, admin } = await guardAccounts());
    const [recipe] = await db()
      .selectFrom('recipes')
      .select(['id', 'title'])
      .orderBy('id')
      .limit(1)
      .execute();
    for (const [i, c] of CASES.entries()) {
      // A different colour per case: content-addressed keys differ.
      const bytes = await sharp({
        create: { width: 900, height: 600, channels: 3, background: { r: 20 * i, g: 120, b: 200 - 10 * i } },
      })
        .png()
        .toBuffer();
      const body = new FormData();
      body.set('image', new File([new Uint8Array(bytes)], `case-${i}.png`, { type: 'image/png' }));
      const res = await callRoute(adminImages, 'POST', '/api/admin/images/upload', {
        body,
        headers: { cookie: admin.cookie },
      });
      expect(res.status).toBe(201);
      const row = await db()
        .selectFrom('images')
        .select('path')
        .where('key', '=', res.body.key)
        .executeTakeFirstOrThrow();
      stored.push({ key: res.body.key, url: res.body.url, path: row.path });
      const url = res.body.url as string;
      const snapshot = JSON.stringify({ title: 'x', image: url });
      switch (c.where) {
        case 'recipe':
          await db().updateTable('recipes').set({ image: url }).where('id', '=', recipe!.id).execute();
          break;
        case 'thumbnail':
          await db()
            .updateTable('recipes')
            .set({ video_thumbnail: url })
            .where('id', '=', recipe!.id)
            .execute();
          break;
        case 'post-body':
          await db()
            .insertInto('blog_posts')
            .values({ slug: 'cleanup-post', title: 'Cleanup post', content: `Look:\n\n![a dish](${url})\n` })
            .execute();
          break;
        case 'category':
          await db()
            .updateTable('categories')
            .set({ image: url })
            .where('id', '=', sql<number>`(SELECT min(id) FROM categories)`)
            .execute();
          break;
        case 'page':
          await db()
            .insertInto('pages')
            .values({ slug: 'cleanup-page', title: 'Cleanup page', content: `<img src="${url}">` })
            .execute();
          break;
        case 'version':
          await db()
            .insertInto('content_versions')
            .values({
              entity: 'recipe',
              entity_id: recipe!.id,
              title: recipe!.title,
              data: snapshot,
              author: 'admin',
            })
            .execute();
          break;
        case 'trash':
          await db()
            .insertInto('trash')
            .values({
              entity: 'recipe',
              entity_id: 999_999,
              title: 'Gone',
              data: snapshot,
              deleted_by: 'admin',
            })
            .execute();
          break;
      }
      if (c.old)
        await db()
          .updateTable('images')
          .set({ created_at: sql`now() - interval '2 days'` })
          .where('key', '=', res.body.key)
          .execute();
    }
  });

  afterAll(async () => {
    await publishingSettled();
    setImageStore(undefined);
  });

  it.each([
    ['anonymous', null, 401],
    ['a signed-in cook', 'cook', 403],
  ] as const)('refuses %s and removes nothing', async (_who, who, status) => {
    const before = await db().selectFrom('images').select('key').execute();
    const res = await removeUnused(who ? cook : null);
    expect(res.status).toBe(status);
    expect(await db().selectFrom('images').select('key').execute()).toHaveLength(before.length);
  });

  it('counts the unused images in the stats, removes exactly them with their files, reports it, and removes an image once its last reference goes', async () => {
    const unused = CASES.filter((c) => !c.kept).length;
    const statsBefore = await stats();
    expect(statsBefore.status).toBe(200);
    expect(statsBefore.body.unusedImages).toBe(unused);
    expect(statsBefore.body.unusedSizeMB).toBeGreaterThan(0);

    const res = await removeUnused();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ removedImages: unused, removedFiles: unused * 3 }); // original + 2 variants
    expect(res.body.freedMB).toBeGreaterThan(0);

    for (const [i, c] of CASES.entries()) {
      const image = stored[i]!;
      const row = await db()
        .selectFrom('images')
        .select('key')
        .where('key', '=', image.key)
        .executeTakeFirst();
      expect({
        case: c.name,
        row: Boolean(row),
        original: fs.existsSync(path.join(folder, image.path)),
      }).toEqual({
        case: c.name,
        row: c.kept,
        original: c.kept,
      });
      expect({ case: c.name, status: await served(image.key, 600) }).toEqual({
        case: c.name,
        status: c.kept ? 200 : 404,
      });
    }

    const statsAfter = await stats();
    expect(statsAfter.body.unusedImages).toBe(0);
    expect(statsAfter.body.storedImages).toBe(statsBefore.body.storedImages - unused);
    // A second run finds nothing more.
    expect((await removeUnused()).body).toMatchObject({ removedImages: 0 });

    // An image stops being used when its last reference goes, and is removed then. (One test with
    // the above: it starts from the state the removal left, so it must not run before it.)
    const trashIndex = CASES.findIndex((c) => c.where === 'trash');
    await db().deleteFrom('trash').where('entity_id', '=', 999_999).execute();
    expect((await stats()).body.unusedImages).toBe(1);
    const afterTrash = await removeUnused();
    expect(afterTrash.body.removedImages).toBe(1);
    expect(await served(stored[trashIndex]!.key, 1200)).toBe(404);
  });
});
