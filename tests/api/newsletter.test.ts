import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import * as v from 'valibot';
import newsletter from '../../functions/newsletter.ts';
import { isNewsletterEmail } from '../../src/lib/newsletter-rules.ts';
import { NewsletterSubscriberInputSchema } from '../../src/lib/schemas/newsletter-subscriber.ts';
import type { PathOf, RouteOf } from '../../src/lib/api/routes.ts';
import { rowCount } from '../helpers/api-fixtures.ts';
import { callRoute, databaseAvailable, engine, unchecked, useTestDatabase } from '../helpers/test-db.ts';

describe.skipIf(!databaseAvailable)(`newsletter API on ${engine}`, () => {
  const db = useTestDatabase();
  // Each request comes from its own address, so the per-address sign-up limit never depends on
  // how many sign-ups earlier tests (in whatever order they ran) already made.
  let lastIp = 0;
  const nextIp = () => `198.51.100.${(lastIp = (lastIp % 250) + 1)}`;
  const post = (body: RouteOf<'POST', '/api/newsletter/subscribe'>['body'], headers: HeadersInit = {}) =>
    callRoute(newsletter, 'POST', '/api/newsletter/subscribe', { ip: nextIp(), body, headers });
  const rows = async (email: string) =>
    db()
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .execute();
  const count = () => rowCount(db(), 'newsletter_subscribers');

  it('subscribes an address with a trimmed name', async () => {
    const res = await post({ email: '  Trimmed.Cook@Example.com ', name: '  Ada  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ subscribed: true });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const saved = await rows('trimmed.cook@example.com');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ email: 'Trimmed.Cook@Example.com', name: 'Ada' });
  });

  it.each([
    ['the same address', 'again.cook@example.com', 'again.cook@example.com'],
    ['the address in other letter case', 'Case.Cook@Example.com', 'CASE.COOK@EXAMPLE.COM'],
  ])('subscribing %s again succeeds and adds no row', async (_name, first, email) => {
    const setup = await post({ email: first, name: 'Ada' });
    expect(setup.status).toBe(200);
    const before = await count();
    const res = await post({ email, name: 'Someone Else' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ subscribed: true });
    expect(await count()).toBe(before);
    expect(await rows(first)).toHaveLength(1);
    expect((await rows(first))[0]?.name).toBe('Ada');
  });

  it.each([
    ['no name', { email: 'noname@example.com' }, null],
    ['a blank name', { email: 'blank@example.com', name: '   ' }, null],
    ['a null name', { email: 'nullname@example.com', name: null }, null],
    ['a 100-character name', { email: 'long@example.com', name: 'n'.repeat(100) }, 'n'.repeat(100)],
  ])('accepts %s', async (_name, body, storedName) => {
    const res = await post(body);
    expect(res.status).toBe(200);
    expect((await rows(body.email))[0]?.name).toBe(storedName);
  });

  it.each([
    ['no email', { name: 'Ada' }],
    ['an empty email', { email: '' }],
    ['a blank email', { email: '   ' }],
    ['an address without @', { email: 'cook.example.com' }],
    ['an address without a domain', { email: 'cook@' }],
    ['two addresses', { email: 'a@example.com, b@example.com' }],
    ['a number', { email: 42 }],
    ['an overlong address', { email: `${'a'.repeat(250)}@example.com` }],
    ['a JSON array', ['cook@example.com']],
    ['a JSON string', 'cook@example.com'],
  ])('rejects %s with the email message and writes nothing', async (_name, body) => {
    const before = await count();
    const res = await post(unchecked(body));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Please enter a valid email address');
    expect(await count()).toBe(before);
  });

  it('rejects a name over 100 characters', async () => {
    const res = await post({ email: 'toolong@example.com', name: 'n'.repeat(101) });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Name must be at most 100 characters/);
    expect(await rows('toolong@example.com')).toHaveLength(0);
  });

  it.each([
    ['malformed JSON', '{"email": ', 400],
    ['an empty body', '', 400],
  ])('answers %s with %i', async (_name, body, status) => {
    const res = await callRoute(newsletter, 'POST', '/api/newsletter/subscribe', {
      ip: nextIp(),
      rawBody: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(status);
    expect(typeof res.body.error).toBe('string');
  });

  it('refuses an oversized body with 413 and writes nothing', async () => {
    const before = await count();
    const res = await post({ email: 'big@example.com', name: 'x'.repeat(10_000) });
    expect(res.status).toBe(413);
    expect(await count()).toBe(before);
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
  ])('refuses a cross-site POST (%s) with 403', async (_name, headers) => {
    const res = await post({ email: 'csrf@example.com' }, headers);
    expect(res.status).toBe(403);
    expect(await rows('csrf@example.com')).toHaveLength(0);
  });

  it('accepts a same-origin POST from the browser', async () => {
    const res = await post(
      { email: 'browser@example.com' },
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:8888' },
    );
    expect(res.status).toBe(200);
  });

  it.each(['GET', 'PUT', 'DELETE'] as const)('answers %s with 405', async (method) => {
    // The address is a route of the table for POST only.
    const res = await callRoute(
      newsletter,
      method,
      unchecked<PathOf<typeof method>>('/api/newsletter/subscribe'),
      unchecked({ ip: nextIp() }),
    );
    expect(res.status).toBe(405);
    expect(res.body.error).toMatch(/not allowed/);
  });

  it('throttles one address after 20 sign-ups an hour (429 with Retry-After)', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 20; i++) {
      const res = await callRoute(newsletter, 'POST', '/api/newsletter/subscribe', {
        ip,
        body: { email: `flood${i}@example.com` },
      });
      expect(res.status).toBe(200);
    }
    const res = await callRoute(newsletter, 'POST', '/api/newsletter/subscribe', {
      ip,
      body: { email: 'flood-last@example.com' },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rows('flood-last@example.com')).toHaveLength(0);
  });

  it('refuses sign-ups while the newsletter is switched off in the settings', async () => {
    await db().updateTable('settings').set({ enable_newsletter: false }).execute();
    try {
      const res = await post({ email: 'closed@example.com' });
      expect(res.status).toBe(403);
      expect(await rows('closed@example.com')).toHaveLength(0);
    } finally {
      await db().updateTable('settings').set({ enable_newsletter: true }).execute();
    }
  });
});

describe('the sign-up form checks an address exactly as the API does', () => {
  it.each([
    ['cook@example.com'],
    ['  Cook.Name+tag@Example.co.uk  '],
    ['a@b.io'],
    [''],
    ['   '],
    ['cook'],
    ['cook@'],
    ['@example.com'],
    ['cook@example'],
    ['cook@@example.com'],
    ['cook example@example.com'],
    ['a@example.com, b@example.com'],
    [`${'a'.repeat(250)}@example.com`],
  ])('%j', (email) => {
    expect(isNewsletterEmail(email)).toBe(v.safeParse(NewsletterSubscriberInputSchema, { email }).success);
  });
});
