import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import categories from '../../functions/categories.ts';
import recipes from '../../functions/recipes.ts';
import settings from '../../functions/settings.ts';
import { setPurgeApiUrl } from '../../functions/_shared/cache/cdn-purge.ts';
import { publishingSettled } from '../../functions/_shared/publish.ts';
import { useAdminSuite } from '../helpers/admin-session.ts';
import { validRecipeInput } from '../helpers/recipe-input.ts';
import { callRoute, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// The CDN purge as deployed: Netlify gives the functions NETLIFY_PURGE_API_TOKEN and SITE_ID, and
// an admin write, through its route and the publish step, sends @netlify/functions' purgeCache
// request (its real body and headers) with the tags of what changed — here to a local stand-in
// for Netlify's API on 127.0.0.1 instead of api.netlify.com.

interface Purge {
  method: string | undefined;
  url: string | undefined;
  auth: string | undefined;
  body: { cache_tags: string[]; site_id: string };
}

describe.skipIf(!databaseAvailable)(`CDN purge on publish on ${engine}`, () => {
  const db = useTestDatabase();
  const { admin } = useAdminSuite();
  const purges: Purge[] = [];
  let server: http.Server;
  const saved = { token: process.env.NETLIFY_PURGE_API_TOKEN, site: process.env.SITE_ID };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        purges.push({
          method: req.method,
          url: req.url,
          auth: req.headers.authorization,
          body: JSON.parse(body) as Purge['body'],
        });
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.NETLIFY_PURGE_API_TOKEN = 'env-purge-token';
    process.env.SITE_ID = 'env-site-id';
    setPurgeApiUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await publishingSettled();
    setPurgeApiUrl(undefined);
    if (saved.token === undefined) delete process.env.NETLIFY_PURGE_API_TOKEN;
    else process.env.NETLIFY_PURGE_API_TOKEN = saved.token;
    if (saved.site === undefined) delete process.env.SITE_ID;
    else process.env.SITE_ID = saved.site;
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(async () => {
    await publishingSettled();
    purges.length = 0;
  });

  /** The one purge the write sent, its tags sorted. */
  const onlyPurge = async () => {
    await publishingSettled();
    expect(purges).toHaveLength(1);
    const [purge] = purges;
    expect(purge).toMatchObject({
      method: 'POST',
      url: '/api/v1/purge',
      auth: 'Bearer env-purge-token',
      body: { site_id: 'env-site-id' },
    });
    return [...purge!.body.cache_tags].sort();
  };

  it('a recipe edit purges the recipe, its category and the recipe lists, search and featured', async () => {
    const input = validRecipeInput({ title: 'Purge Test Lemon Pasta', category: 'main-course' });
    const made = await callRoute(recipes, 'POST', '/api/recipes', {
      body: input,
      headers: { cookie: admin.cookie },
    });
    expect(made.status).toBe(201);
    await publishingSettled();
    purges.length = 0;
    const recipe = { id: made.body.id, category: 'main-course' };
    const res = await callRoute(recipes, 'PUT', '/api/recipes/:id', {
      params: { id: recipe.id },
      body: { ...input, description: `${input.description} Edited.` },
      headers: { cookie: admin.cookie },
    });
    expect(res.status).toBe(200);
    expect(await onlyPurge()).toEqual(
      ['featured', 'recipes', 'search', `recipe-${recipe.id}`, `category-${recipe.category}`].sort(),
    );
  });

  it('a category edit purges the categories area and that category', async () => {
    const category = await db()
      .selectFrom('categories')
      .select(['id', 'slug', 'name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await callRoute(categories, 'PUT', '/api/categories/:id', {
      params: { id: category.id },
      body: { name: category.name, description: 'Edited for the purge test.' },
      headers: { cookie: admin.cookie },
    });
    expect(res.status).toBe(200);
    expect(await onlyPurge()).toEqual(['categories', `category-${category.slug}`].sort());
  });

  it('a settings change purges settings and pages, nothing of recipes', async () => {
    const current = (await callRoute(settings, 'GET', '/api/settings')).body;
    const res = await callRoute(settings, 'PUT', '/api/settings', {
      body: { ...current, siteName: `${current.siteName} (edited)` },
      headers: { cookie: admin.cookie },
    });
    expect(res.status).toBe(200);
    expect(await onlyPurge()).toEqual(['pages', 'settings']);
  });
});
