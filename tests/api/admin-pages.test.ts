import { beforeEach, describe, expect, it } from 'vitest';
import blog from '../../functions/blog.ts';
import pages from '../../functions/pages.ts';
import settings from '../../functions/settings.ts';
import { isCached } from '../../functions/_shared/cache/local-cache.ts';
import { expectAdminOnly, useAdminSuite, type AdminRequest } from '../helpers/admin-session.ts';
import { callRoute, unchecked, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// Static pages and the footer: drafts only for the admin, {title, slug,
// content, isPublished} with the form's messages, 409 on a taken slug, the footer's JSON checked
// with the footer form's rules, GET /api/pages/footer cached and refreshed after a save.

describe.skipIf(!databaseAvailable)(`pages API on ${engine}`, () => {
  const db = useTestDatabase();
  const { cook, admin } = useAdminSuite();

  const rows = () => db().selectFrom('pages').selectAll().orderBy('id').execute();
  const slugsOf = (list: { slug: string }[]) => list.map((p) => p.slug);

  // The pages these tests create, removed before each test so none depends on what another (run
  // before it in whatever order) created.
  beforeEach(async () => {
    await db().deleteFrom('pages').where('slug', 'in', ['shipping', 'secret']).execute();
  });

  /** The published 'shipping' page, made through the API. */
  const createShipping = async () => {
    const res = await callRoute(pages, 'POST', '/api/pages', {
      headers: { cookie: admin.cookie },
      body: { title: 'Shipping', slug: 'shipping', content: '# Shipping\n\nFast.' },
    });
    expect(res.status).toBe(201);
  };

  it('creates a page, published by default; a draft only the admin sees', async () => {
    const res = await callRoute(pages, 'POST', '/api/pages', {
      headers: { cookie: admin.cookie },
      body: { title: 'Shipping', slug: 'shipping', content: '# Shipping\n\nFast.' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'Shipping', slug: 'shipping', isPublished: true });
    const draft = await callRoute(pages, 'POST', '/api/pages', {
      headers: { cookie: admin.cookie },
      body: { title: 'Secret', slug: 'secret', content: 'Soon.', isPublished: false },
    });
    expect(draft.body.isPublished).toBe(false);
    const publicList = await callRoute(pages, 'GET', '/api/pages');
    expect(slugsOf(publicList.body)).toContain('shipping');
    expect(slugsOf(publicList.body)).not.toContain('secret');
    expect(publicList.headers.get('Netlify-Cache-Tag')).toContain('pages');
    const cookList = await callRoute(pages, 'GET', '/api/pages', { headers: { cookie: cook.cookie } });
    expect(slugsOf(cookList.body)).not.toContain('secret');
    const adminList = await callRoute(pages, 'GET', '/api/pages', { headers: { cookie: admin.cookie } });
    expect(slugsOf(adminList.body)).toContain('secret');
    expect(adminList.headers.get('Cache-Control')).toContain('no-store');
    expect((await callRoute(pages, 'GET', '/api/pages/:slug', { params: { slug: 'secret' } })).status).toBe(
      404,
    );
    expect(
      (
        await callRoute(pages, 'GET', '/api/pages/:slug', {
          params: { slug: 'secret' },
          headers: { cookie: admin.cookie },
        })
      ).status,
    ).toBe(200);
    // The admin's look did not leave the drafts in the shared cache.
    expect(slugsOf((await callRoute(pages, 'GET', '/api/pages')).body)).not.toContain('secret');
  });

  it.each([
    ['no title', { slug: 'x', content: 'y' }, 'title', 'Title is required'],
    ['a blank title', { title: ' ', slug: 'x', content: 'y' }, 'title', 'Title is required'],
    ['no slug', { title: 'X', content: 'y' }, 'slug', 'Slug is required'],
    [
      'a bad slug',
      { title: 'X', slug: 'Bad Slug', content: 'y' },
      'slug',
      'Must be a slug like "summer-salads" (lowercase letters, digits and hyphens)',
    ],
    ['no content', { title: 'X', slug: 'x' }, 'content', 'Content is required'],
    [
      'isPublished as text',
      { title: 'X', slug: 'x', content: 'y', isPublished: 'yes' },
      'isPublished',
      'Must be true or false',
    ],
  ])('refuses %s with 400 and the form message, nothing changed', async (_n, body, path, message) => {
    const before = await rows();
    const res = await callRoute(pages, 'POST', '/api/pages', {
      headers: { cookie: admin.cookie },
      body: unchecked(body),
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path, message });
    expect(await rows()).toEqual(before);
  });

  it('refuses a taken slug with 409 naming it, on create and on update', async () => {
    await createShipping();
    const before = await rows();
    const res = await callRoute(pages, 'POST', '/api/pages', {
      headers: { cookie: admin.cookie },
      body: { title: 'A', slug: 'about-us', content: 'x' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('"about-us"');
    const shipping = before.find((p) => p.slug === 'shipping')!;
    const put = await callRoute(pages, 'PUT', '/api/pages/:id', {
      params: { id: shipping.id },
      headers: { cookie: admin.cookie },
      body: { title: 'A', slug: 'about-us', content: 'x' },
    });
    expect(put.status).toBe(409);
    expect(await rows()).toEqual(before);
  });

  it('updates a page and deletes it into the trash', async () => {
    await createShipping();
    const shipping = (await rows()).find((p) => p.slug === 'shipping')!;
    const put = await callRoute(pages, 'PUT', '/api/pages/:id', {
      params: { id: shipping.id },
      headers: { cookie: admin.cookie },
      body: { title: 'Shipping & Returns', slug: 'shipping', content: 'Free.' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ title: 'Shipping & Returns', content: 'Free.' });
    expect(
      (await callRoute(pages, 'GET', '/api/pages/:slug', { params: { slug: 'shipping' } })).body.title,
    ).toBe('Shipping & Returns');
    const del = await callRoute(pages, 'DELETE', '/api/pages/:id', {
      params: { id: shipping.id },
      headers: { cookie: admin.cookie },
    });
    expect(del.body).toMatchObject({ deleted: true, trash: { entity: 'page' } });
    expect((await callRoute(pages, 'GET', '/api/pages/:slug', { params: { slug: 'shipping' } })).status).toBe(
      404,
    );
    expect(
      (
        await callRoute(pages, 'DELETE', '/api/pages/:id', {
          params: { id: shipping.id },
          headers: { cookie: admin.cookie },
        })
      ).status,
    ).toBe(404);
  });

  it('answers the footer with its content as a JSON string, cached, fresh after a save', async () => {
    const first = await callRoute(pages, 'GET', '/api/pages/footer');
    expect(first.status).toBe(200);
    expect(typeof first.body.content).toBe('string');
    expect(JSON.parse(first.body.content).companyName).toBe('Forkful');
    expect(first.headers.get('Netlify-CDN-Cache-Control')).toContain('s-maxage=300');
    // Browsers keep it five minutes too; the admin's own read is fresh and never kept.
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=300');
    const forAdmin = await callRoute(pages, 'GET', '/api/pages/footer', {
      headers: { cookie: admin.cookie },
    });
    expect(forAdmin.headers.get('Cache-Control')).toBe('private, no-store');
    const saved = await callRoute(pages, 'PUT', '/api/pages/footer', {
      headers: { cookie: admin.cookie },
      body: {
        companyName: 'Forkful Kitchen',
        tagline: 'Cook more.',
        copyright: '© Forkful',
        social: { facebook: 'https://facebook.com/forkful', youtube: '' },
      },
    });
    expect(saved.status).toBe(200);
    const after = await callRoute(pages, 'GET', '/api/pages/footer');
    expect(JSON.parse(after.body.content)).toMatchObject({
      companyName: 'Forkful Kitchen',
      tagline: 'Cook more.',
    });
  });

  it.each([
    ['no company name', { tagline: 't', copyright: 'c' }, 'companyName', 'Company name is required'],
    ['no tagline', { companyName: 'n', copyright: 'c' }, 'tagline', 'Tagline is required'],
    [
      'a blank copyright',
      { companyName: 'n', tagline: 't', copyright: '' },
      'copyright',
      'Copyright is required',
    ],
    [
      'a social link that is not a URL',
      { companyName: 'n', tagline: 't', copyright: 'c', social: { twitter: 'not a url' } },
      'social.twitter',
      'Must be a valid URL',
    ],
    [
      'content (as GET answers it) that is not JSON',
      { slug: 'footer', content: '{oops' },
      'content',
      "The footer's content must be JSON (companyName, tagline, copyright, links, social)",
    ],
    [
      'content (as GET answers it) without a company name',
      { slug: 'footer', content: JSON.stringify({ tagline: 't', copyright: 'c' }) },
      'content.companyName',
      'Company name is required',
    ],
  ])('refuses a footer with %s (400, the form message, nothing changed)', async (_n, body, path, message) => {
    const before = await rows();
    const res = await callRoute(pages, 'PUT', '/api/pages/footer', {
      headers: { cookie: admin.cookie },
      body: unchecked(body),
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path, message });
    expect(await rows()).toEqual(before);
  });

  it('checks the footer rules when the footer page is written through PUT /api/pages/{id}', async () => {
    const footer = (await rows()).find((p) => p.slug === 'footer')!;
    const notJson = await callRoute(pages, 'PUT', '/api/pages/:id', {
      params: { id: footer.id },
      headers: { cookie: admin.cookie },
      body: { title: 'Footer', slug: 'footer', content: '{oops' },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.issues).toContainEqual({
      path: 'content',
      message: "The footer's content must be JSON (companyName, tagline, copyright, links, social)",
    });
    const missing = await callRoute(pages, 'PUT', '/api/pages/:id', {
      params: { id: footer.id },
      headers: { cookie: admin.cookie },
      body: { title: 'Footer', slug: 'footer', content: JSON.stringify({ tagline: 't' }) },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toContainEqual({
      path: 'content.companyName',
      message: 'Company name is required',
    });
  });

  it.each([
    ['pages', '/api/pages', () => callRoute(pages, 'GET', '/api/pages')],
    ['pages', '/api/pages/footer', () => callRoute(pages, 'GET', '/api/pages/footer')],
    [
      'pages',
      '/api/pages/about-us',
      () => callRoute(pages, 'GET', '/api/pages/:slug', { params: { slug: 'about-us' } }),
    ],
    ['pages', '/api/blog/posts', () => callRoute(blog, 'GET', '/api/blog/posts')],
    ['pages', '/api/blog/categories', () => callRoute(blog, 'GET', '/api/blog/categories')],
    ['settings', '/api/settings', () => callRoute(settings, 'GET', '/api/settings')],
  ] as const)('%s area: %s answers the same from the response cache', async (area, path, get) => {
    const miss = await get();
    expect(miss.status).toBe(200);
    expect(isCached(area, path)).toBe(true);
    const hit = await get();
    expect(hit.body).toEqual(miss.body);
    expect([...hit.headers.entries()]).toEqual([...miss.headers.entries()]);
  });

  const hackedPage = { title: 'H', slug: 'h', content: 'h' };
  it.each<[string, AdminRequest]>([
    ['POST /api/pages', (headers) => callRoute(pages, 'POST', '/api/pages', { headers, body: hackedPage })],
    [
      'PUT /api/pages/1',
      (headers) =>
        callRoute(pages, 'PUT', '/api/pages/:id', { params: { id: 1 }, headers, body: hackedPage }),
    ],
    [
      'PUT /api/pages/footer',
      (headers) =>
        callRoute(pages, 'PUT', '/api/pages/footer', {
          headers,
          body: { companyName: 'h', tagline: 'h', copyright: 'h' },
        }),
    ],
    [
      'DELETE /api/pages/1',
      (headers) => callRoute(pages, 'DELETE', '/api/pages/:id', { params: { id: 1 }, headers }),
    ],
  ])('%s: anonymous 401, cook 403, nothing changed', async (_route, send) => {
    const before = await rows();
    await expectAdminOnly(cook, send);
    expect(await rows()).toEqual(before);
  });
});
