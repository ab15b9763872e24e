import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import settings from '../../functions/settings.ts';
import { as } from '../helpers/accounts.ts';
import { useAdminSuite } from '../helpers/admin-session.ts';
import { call, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

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
  let seeded: Record<string, unknown> = {};
  beforeAll(async () => {
    seeded = (await call(settings, '/api/settings')).body;
  });
  beforeEach(async () => {
    const res = await call(settings, '/api/settings', as(admin, { method: 'PUT', json: seeded }));
    expect(res.status).toBe(200);
  });

  it('answers every settings field to anyone, cached in the settings area', async () => {
    const res = await call(settings, '/api/settings');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(FIELDS);
    expect(res.body).toMatchObject({
      enableComments: true,
      enableNewsletter: true,
      siteDescription: 'Delicious recipes for every occasion',
    });
    expect(res.headers.get('Netlify-Cache-Tag')).toBe('settings');
    const forAdmin = await call(settings, '/api/settings', as(admin));
    expect(typeof forAdmin.body.updatedAt).toBe('string');
  });

  it('replaces the settings with the full object, and the next GET shows it', async () => {
    const current = (await call(settings, '/api/settings')).body;
    const next = {
      ...current,
      siteName: 'Forkful Test',
      enableAnalytics: true,
      analyticsId: 'G-TEST123',
      enableComments: false,
    };
    const res = await call(settings, '/api/settings', as(admin, { method: 'PUT', json: next }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(next);
    expect((await call(settings, '/api/settings')).body).toEqual(next);
  });

  it('a partial PUT changes only the fields it names and answers the whole settings', async () => {
    const current = (await call(settings, '/api/settings')).body;
    await call(
      settings,
      '/api/settings',
      as(admin, { method: 'PUT', json: { ...current, enableAnalytics: true, analyticsId: 'G-KEEP1' } }),
    );
    const res = await call(
      settings,
      '/api/settings',
      as(admin, { method: 'PUT', json: { siteName: 'Forkful Partial' } }),
    );
    expect(res.status).toBe(200);
    const whole = { ...current, enableAnalytics: true, analyticsId: 'G-KEEP1', siteName: 'Forkful Partial' };
    expect(res.body).toEqual(whole);
    expect((await call(settings, '/api/settings')).body).toEqual(whole);
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
    const res = await call(settings, '/api/settings', as(admin, { method: 'PUT', json: body }));
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path, message });
    expect(await row()).toEqual(before);
  });

  it('PUT: anonymous 401, cook 403, nothing changed', async () => {
    const before = await row();
    expect(
      (await call(settings, '/api/settings', { method: 'PUT', json: { siteName: 'Hacked' } })).status,
    ).toBe(401);
    expect(
      (await call(settings, '/api/settings', as(cook, { method: 'PUT', json: { siteName: 'Hacked' } })))
        .status,
    ).toBe(403);
    expect(await row()).toEqual(before);
  });
});
