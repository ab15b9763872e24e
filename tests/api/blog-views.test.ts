import { beforeEach, describe, expect, it } from 'vitest';
import blog from '../../functions/blog.ts';
import {
  countPostView,
  prunePastDays,
  viewDay,
  visitorKey,
} from '../../functions/_shared/services/blog-views.ts';
import { useAdminSuite } from '../helpers/admin-session.ts';
import { callRoute, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// Blog post views: one per visitor (address + browser) per post per day, robots not counted,
// beacons rate-limited per address, drafts and unknown posts refused; the admin's list shows them.

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SLUG = 'counted-post';
const DRAFT = 'counted-draft';

describe.skipIf(!databaseAvailable)(`blog post views on ${engine}`, () => {
  const db = useTestDatabase();
  const { admin } = useAdminSuite();

  const view = (slug: string, userAgent: string | null, ip = '203.0.113.7') =>
    callRoute(blog, 'POST', '/api/blog/posts/:slug/view', {
      params: { slug },
      ip,
      headers: userAgent === null ? {} : { 'user-agent': userAgent },
    });
  const views = async (slug = SLUG) =>
    (await db().selectFrom('blog_posts').select('views').where('slug', '=', slug).executeTakeFirstOrThrow())
      .views;

  beforeEach(async () => {
    await db().deleteFrom('blog_posts').where('slug', 'in', [SLUG, DRAFT]).execute();
    await db().deleteFrom('rate_limits').where('key', 'like', 'blog-view:%').execute();
    await db()
      .insertInto('blog_posts')
      .values([
        { slug: SLUG, title: 'Counted', content: 'Read me.', is_published: true },
        { slug: DRAFT, title: 'Draft', content: 'Not yet.', is_published: false },
      ])
      .execute();
  });

  it('counts a visitor once a day, and another browser or address as another visitor', async () => {
    const steps: [string, string, string, boolean, number][] = [
      ['first view', CHROME, '203.0.113.7', true, 1],
      ['reload', CHROME, '203.0.113.7', false, 1],
      ['again later', CHROME, '203.0.113.7', false, 1],
      ['another browser', FIREFOX, '203.0.113.7', true, 2],
      ['another address', CHROME, '198.51.100.4', true, 3],
    ];
    for (const [name, agent, ip, counted, total] of steps) {
      const res = await view(SLUG, agent, ip);
      expect(res.status, name).toBe(200);
      expect(res.body, name).toEqual({ counted });
      expect(await views(), name).toBe(total);
    }
  });

  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['curl', 'curl/8.5.0'],
    ['a headless browser', CHROME.replace('Chrome/', 'HeadlessChrome/')],
    ['Lighthouse', `${CHROME} Chrome-Lighthouse`],
    ['a link preview', 'facebookexternalhit/1.1'],
    ['no user agent', null],
  ])('does not count %s', async (_name, agent) => {
    const res = await view(SLUG, agent);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ counted: false });
    expect(await views()).toBe(0);
    expect(await db().selectFrom('blog_post_views').selectAll().execute()).toEqual([]);
  });

  it.each([
    ['a draft', DRAFT, 404, 'Blog post not found.'],
    ['an unknown post', 'no-such-post', 404, 'Blog post not found.'],
    ['a malformed slug', 'Not_A_Slug', 400, 'Slug must be a slug'],
  ])('refuses %s and counts nothing', async (_name, slug, status, message) => {
    const res = await view(slug, CHROME);
    expect(res.status).toBe(status);
    expect(res.body.error).toContain(message);
    expect(await views(DRAFT)).toBe(0);
  });

  it('refuses an address sending beacons by the hundred (429), counting nothing more', async () => {
    await db().insertInto('rate_limits').values({ key: 'blog-view:ip:192.0.2.9', count: 120 }).execute();
    const res = await view(SLUG, CHROME, '192.0.2.9');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await views()).toBe(0);
  });

  it('counts the same visitor again the next day and prunes days gone by', async () => {
    const secret = new TextEncoder().encode('a-secret-of-at-least-thirty-two-bytes!!');
    const today = viewDay(new Date('2026-11-27T23:59:00Z'));
    const tomorrow = viewDay(new Date('2026-11-28T00:01:00Z'));
    const later = viewDay(new Date('2026-11-30T12:00:00Z'));
    expect([today, tomorrow]).toEqual(['2026-11-27', '2026-11-28']);
    const key = (day: string) => visitorKey(secret, '203.0.113.7', CHROME, day);
    expect(key(today)).not.toBe(key(tomorrow));
    await expect(countPostView(db(), SLUG, key(today), today)).resolves.toEqual({ counted: true });
    await expect(countPostView(db(), SLUG, key(today), today)).resolves.toEqual({ counted: false });
    await expect(countPostView(db(), SLUG, key(tomorrow), tomorrow)).resolves.toEqual({ counted: true });
    expect(await views()).toBe(2);
    await prunePastDays(db(), later);
    await expect(countPostView(db(), SLUG, key(later), later)).resolves.toEqual({ counted: true });
    const kept = await db().selectFrom('blog_post_views').select('visitor').execute();
    expect(kept.map((r) => r.visitor)).toEqual([key(later)]);
  });

  it("shows the count in the admin's list of posts", async () => {
    await view(SLUG, CHROME);
    const list = await callRoute(blog, 'GET', '/api/blog/posts', {
      query: { limit: 200 },
      headers: { cookie: admin.cookie },
    });
    expect(list.body.find((p) => p.slug === SLUG)).toMatchObject({ views: 1 });
  });
});
