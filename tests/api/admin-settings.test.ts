import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import settings from '../../functions/settings.ts';
import type { SettingsInput } from '../../src/lib/schemas/settings.ts';
import { expectAdminOnly, useAdminSuite } from '../helpers/admin-session.ts';
import { callRoute, unchecked, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// Site settings: GET for everyone, PUT for the admin (the whole object or part
// of it: a field left out keeps its saved value), bad values are 400 with nothing changed.

const FIELDS = [
  'contactEmail',
  'enableAnalytics',
  'enableComments',
  'enableNewsletter',
  'analyticsId',
  'footerText',
  'googleAnalyticsId',
  'privacyLink',
  'siteDescription',
  'siteName',
  'siteTitle',
  'siteUrl',
  'termsLink',
].sort();

describe.skipIf(!databaseAvailable)(`settings API on ${engine}`, () => {
  const db = useTestDatabase();
  const { cook, admin } = useAdminSuite();

  const row = () => db().selectFrom('settings').selectAll().executeTakeFirstOrThrow();

  // Several tests change the settings: each starts from the seed's, put back through the API (so
  // the settings cache area is cleared the way a real edit clears it), whatever ran before.
  let seeded: SettingsInput = {};
  beforeAll(async () => {
    seeded = (await callRoute(settings, 'GET', '/api/settings')).body;
  });
  beforeEach(async () => {
    const res = await callRoute(settings, 'PUT', '/api/settings', {
      headers: { cookie: admin.cookie },
      body: seeded,
    });
    expect(res.status).toBe(200);
  });

  it('answers every settings field to anyone, cached in the settings area', async () => {
    const res = await callRoute(settings, 'GET', '/api/settings');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(FIELDS);
    expect(res.body).toMatchObject({
      enableComments: true,
      enableNewsletter: true,
      siteDescription: 'Delicious recipes for every occasion',
    });
    expect(res.headers.get('Netlify-Cache-Tag')).toBe('settings');
    const forAdmin = await callRoute(settings, 'GET', '/api/settings', { headers: { cookie: admin.cookie } });
    // The admin also sees when they were last saved (a field outside the public answer).
    expect(forAdmin.body).toHaveProperty('updatedAt', expect.any(String));
  });

  it('replaces the settings with the full object, and the next GET shows it', async () => {
    const current = (await callRoute(settings, 'GET', '/api/settings')).body;
    const next = {
      ...current,
      siteName: 'Forkful Test',
      enableAnalytics: true,
      analyticsId: 'G-TEST123',
      enableComments: false,
    };
    const res = await callRoute(settings, 'PUT', '/api/settings', {
      headers: { cookie: admin.cookie },
      body: next,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(next);
    expect((await callRoute(settings, 'GET', '/api/settings')).body).toEqual(next);
  });

  it('a partial PUT changes only the fields it names and answers the whole settings', async () => {
    const current = (await callRoute(settings, 'GET', '/api/settings')).body;
    await callRoute(settings, 'PUT', '/api/settings', {
      headers: { cookie: admin.cookie },
      body: { ...current, enableAnalytics: true, analyticsId: 'G-KEEP1' },
    });
    const res = await callRoute(settings, 'PUT', '/api/settings', {
      headers: { cookie: admin.cookie },
      body: { siteName: 'Forkful Partial' },
    });
    expect(res.status).toBe(200);
    const whole = { ...current, enableAnalytics: true, analyticsId: 'G-KEEP1', siteName: 'Forkful Partial' };
    expect(res.body).toEqual(whole);
    expect((await callRoute(settings, 'GET', '/api/settings')).body).toEqual(whole);
  });

  it.each([
    ['a bad email', { contactEmail: 'nope' }, 'contactEmail', 'Invalid email address'],
    ['a blank site name', { siteName: '' }, 'siteName', 'Site name is required'],
    ['a site URL that is not one', { siteUrl: 'example' }, 'siteUrl', 'Must be a valid URL'],
    ['a flag as text', { enableComments: 'yes' }, 'enableComments', 'Comments must be true or false'],
    [
      'a privacy link that is not a URL',
      { privacyLink: 'javascript:alert(1)' },
      'privacyLink',
      'Must be a valid URL',
    ],
    [
      'an analytics id with markup',
      { analyticsId: '<script>' },
      'analyticsId',
      'Must be a measurement id like G-XXXXXXX',
    ],
  ])('refuses %s with 400, nothing changed', async (_n, body, path, message) => {
    const before = await row();
    const res = await callRoute(settings, 'PUT', '/api/settings', {
      headers: { cookie: admin.cookie },
      body: unchecked(body),
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path, message });
    expect(await row()).toEqual(before);
  });

  it('PUT: anonymous 401, cook 403, nothing changed', async () => {
    const before = await row();
    await expectAdminOnly(cook, (headers) =>
      callRoute(settings, 'PUT', '/api/settings', { headers, body: { siteName: 'Hacked' } }),
    );
    expect(await row()).toEqual(before);
  });
});
