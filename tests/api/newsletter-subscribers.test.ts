import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import newsletter from '../../functions/newsletter.ts';
import subscribers from '../../functions/newsletter-subscribers.ts';
import { newsletterToken } from '../../functions/_shared/newsletter-tokens.ts';
import type { SubscriberListQuery } from '../../src/lib/schemas/newsletter-subscriber.ts';
import type { RouteOf } from '../../src/lib/api/routes.ts';
import { useAdminSuite } from '../helpers/admin-session.ts';
import { startSmtpSink, linkIn, type SmtpSink } from '../helpers/smtp-sink.ts';
import { callRoute, databaseAvailable, engine, unchecked, useTestDatabase } from '../helpers/test-db.ts';

const LIST = '/api/admin/newsletter/subscribers' as const;

describe.skipIf(!databaseAvailable)(`newsletter subscribers on ${engine}`, () => {
  const db = useTestDatabase();
  const { cook, admin } = useAdminSuite();
  let lastIp = 0;
  const subscribe = (
    json: RouteOf<'POST', '/api/newsletter/subscribe'>['body'],
    headers: Record<string, string> = {},
  ) =>
    callRoute(newsletter, 'POST', '/api/newsletter/subscribe', {
      body: json,
      headers,
      ip: `203.0.113.${(lastIp = (lastIp % 250) + 1)}`,
    });
  const tokenCall = (path: '/api/newsletter/unsubscribe' | '/api/newsletter/confirm', token: string) =>
    callRoute(newsletter, 'POST', path, { body: { token }, ip: `192.0.2.${(lastIp % 250) + 1}` });
  const row = (email: string) =>
    db()
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  const adminHeaders = () => ({ cookie: admin.cookie });
  const list = (query: SubscriberListQuery = {}) =>
    callRoute(subscribers, 'GET', LIST, { query, headers: adminHeaders() });
  const exportCsv = (q?: string) =>
    callRoute(subscribers, 'GET', `${LIST}/export`, { query: { q }, headers: adminHeaders() });
  const remove = (id: number | string) =>
    callRoute(subscribers, 'DELETE', `${LIST}/:id`, { params: { id }, headers: adminHeaders() });

  describe('without mail (single opt-in)', () => {
    it('keeps the consent time and the source page, from the body or a same-site Referer', async () => {
      expect(
        (await subscribe({ email: 'source.body@example.com', source: '/recipes/lemon-chicken' })).status,
      ).toBe(200);
      expect(
        (await subscribe({ email: 'source.ref@example.com' }, { referer: 'http://localhost:8888/blog/soup' }))
          .status,
      ).toBe(200);
      await subscribe({ email: 'source.other@example.com' }, { referer: 'https://elsewhere.example/x' });
      expect(await row('source.body@example.com')).toMatchObject({
        source_page: '/recipes/lemon-chicken',
        status: 'confirmed',
      });
      expect((await row('source.body@example.com'))?.consented_at).toBeInstanceOf(Date);
      expect((await row('source.ref@example.com'))?.source_page).toBe('/blog/soup');
      expect((await row('source.other@example.com'))?.source_page).toBeNull();
    });

    it.each([
      ['not a path', 'https://evil.example/'],
      ['too long', `/${'a'.repeat(600)}`],
      ['not text', 42],
    ])('refuses a source page that is %s and stores nothing', async (_name, source) => {
      const res = await subscribe({
        email: `bad.source.${String(source).length}@example.com`,
        source: unchecked(source),
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/source page/i);
      expect(await row(`bad.source.${String(source).length}@example.com`)).toBeUndefined();
    });

    it('lists, counts, searches and pages subscribers for the admin', async () => {
      for (const n of [1, 2, 3]) await subscribe({ email: `pager${n}@example.com`, name: `Pager ${n}` });
      const all = await list();
      expect(all.status).toBe(200);
      expect(all.body.mailConfigured).toBe(false);
      expect(all.body.pending).toBe(0);
      expect(all.body.confirmed).toBe(all.body.matching);
      const found = await list({ q: 'PAGER', limit: '2' });
      expect(found.body.matching).toBe(3);
      expect(found.body.items.map((s) => s.email)).toEqual(['pager3@example.com', 'pager2@example.com']);
      const next = await list({ q: 'pager', limit: '2', offset: '2' });
      expect(next.body.items.map((s) => s.email)).toEqual(['pager1@example.com']);
      expect(next.body.items[0]?.unsubscribeUrl).toMatch(/^http:\/\/localhost:8888\/unsubscribe\?token=/);
      // LIKE's wildcards are taken literally.
      expect((await list({ q: '%' })).body.matching).toBe(0);
    });

    it.each([
      [{ limit: '0' }, /limit/i],
      [{ limit: '101' }, /limit/i],
      [{ limit: 'ten' }, /limit/i],
      [{ offset: '-1' }, /offset/i],
      [{ q: 'x'.repeat(255) }, /search/i],
    ])('answers %j with a clear 400', async (query, message) => {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    });

    it('exports CSV with quoting and formula cells neutralised', async () => {
      await subscribe({ email: 'formula@example.com', name: '=HYPERLINK("http://x","y")' });
      await subscribe({ email: 'comma@example.com', name: 'Lee, Ann' });
      const res = await exportCsv();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="newsletter-subscribers-/,
      );
      const text = res.body as string;
      expect(text.split('\r\n')[0]).toBe(
        'email,name,status,consented_at,confirmed_at,source_page,unsubscribe_url',
      );
      expect(text).toContain(`formula@example.com,"'=HYPERLINK(""http://x"",""y"")",confirmed,`);
      expect(text).toContain('comma@example.com,"Lee, Ann",confirmed,');
      const only = await exportCsv('comma');
      expect((only.body as string).trim().split('\r\n')).toHaveLength(2);
    });

    it('deletes a subscriber; a second delete is a 404', async () => {
      await subscribe({ email: 'gone@example.com' });
      const id = (await row('gone@example.com'))!.id;
      const res = await remove(id);
      expect(res).toMatchObject({ status: 200, body: { deleted: true } });
      expect(await row('gone@example.com')).toBeUndefined();
      expect((await remove(id)).status).toBe(404);
      expect((await remove('abc')).status).toBe(400);
    });

    it('unsubscribes by the signed link, twice, and refuses a changed token', async () => {
      await subscribe({ email: 'Leaver@Example.com' });
      const subject = await row('leaver@example.com');
      const token = newsletterToken('unsubscribe', subject!);
      const changed = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
      const tampered = await tokenCall('/api/newsletter/unsubscribe', changed);
      expect(tampered.status).toBe(400);
      expect(tampered.body.error).toMatch(/not valid.*Nothing was changed/);
      // Another row's id with this signature is refused too.
      const otherId = token.replace(/^\d+/, String(subject!.id + 1));
      expect((await tokenCall('/api/newsletter/unsubscribe', otherId)).status).toBe(400);
      // A confirm token does not unsubscribe.
      expect(
        (await tokenCall('/api/newsletter/unsubscribe', newsletterToken('confirm', subject!))).status,
      ).toBe(400);
      expect(await row('leaver@example.com')).toMatchObject({ email: 'Leaver@Example.com' });

      const first = await tokenCall('/api/newsletter/unsubscribe', token);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ outcome: 'unsubscribed' });
      expect(await row('leaver@example.com')).toBeUndefined();
      const second = await tokenCall('/api/newsletter/unsubscribe', token);
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({ outcome: 'already-unsubscribed' });
      expect(second.body.message).toMatch(/already unsubscribed/);
    });

    it.each([
      ['no token', undefined, /no token/],
      ['an empty token', '', /no token/],
      ['a number', 7, /no token/],
      ['a huge token', 'x'.repeat(2000), /not valid/],
      ['garbage', 'hello', /not valid/],
    ])('answers %s with a clear 400', async (_name, token, message) => {
      const res = await tokenCall('/api/newsletter/unsubscribe', unchecked(token));
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    });

    it.each([
      ['GET', (headers: HeadersInit) => callRoute(subscribers, 'GET', LIST, { headers })],
      ['GET export', (headers: HeadersInit) => callRoute(subscribers, 'GET', `${LIST}/export`, { headers })],
      [
        'DELETE',
        (headers: HeadersInit) =>
          callRoute(subscribers, 'DELETE', `${LIST}/:id`, { params: { id: 1 }, headers }),
      ],
    ])('%s: anonymous 401, cook 403', async (_name, send) => {
      expect((await send({})).status).toBe(401);
      expect((await send({ cookie: cook.cookie })).status).toBe(403);
    });
  });

  describe('with mail (double opt-in through a local SMTP server)', () => {
    let sink: SmtpSink;
    beforeAll(async () => {
      sink = await startSmtpSink();
      process.env.SMTP_URL = sink.url;
      process.env.MAIL_FROM = 'Forkful <news@forkful.example>';
    });
    afterAll(async () => {
      delete process.env.SMTP_URL;
      delete process.env.MAIL_FROM;
      await sink.close();
    });

    it('stores the address as pending, mails a confirm link, and confirming marks it confirmed', async () => {
      const res = await subscribe({ email: 'double@example.com', source: '/' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ subscribed: true, confirmationSent: true });
      expect(await row('double@example.com')).toMatchObject({ status: 'pending', confirmed_at: null });
      const mail = sink.messages.at(-1)!;
      expect(mail.to).toEqual(['double@example.com']);
      expect(mail.from).toBe('news@forkful.example');
      expect(mail.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/localhost:8888\/unsubscribe\?token=/m);
      const confirmUrl = new URL(linkIn(mail, '/newsletter/confirm')!);
      expect(confirmUrl.pathname).toBe('/newsletter/confirm');

      const counts = await list({ q: 'double' });
      expect(counts.body).toMatchObject({ mailConfigured: true, matching: 1 });
      expect(counts.body.pending).toBeGreaterThanOrEqual(1);
      const exported = await exportCsv('double');
      expect(exported.body).toContain('double@example.com,,pending,');

      const token = confirmUrl.searchParams.get('token')!;
      const confirmed = await tokenCall('/api/newsletter/confirm', token);
      expect(confirmed.body).toMatchObject({ outcome: 'confirmed' });
      expect(await row('double@example.com')).toMatchObject({ status: 'confirmed' });
      expect((await row('double@example.com'))?.confirmed_at).toBeInstanceOf(Date);
      expect((await tokenCall('/api/newsletter/confirm', token)).body).toMatchObject({
        outcome: 'already-confirmed',
      });
      // The unsubscribe link in the same mail works after confirming.
      const unsubscribeUrl = new URL(linkIn(mail, '/unsubscribe')!);
      const gone = await tokenCall('/api/newsletter/unsubscribe', unsubscribeUrl.searchParams.get('token')!);
      expect(gone.body).toMatchObject({ outcome: 'unsubscribed' });
      expect((await tokenCall('/api/newsletter/confirm', token)).status).toBe(404);
    });

    it('sends the link again to a pending address and nothing to a confirmed one, answering the same', async () => {
      await subscribe({ email: 'twice@example.com' });
      const sent = sink.messages.length;
      const again = await subscribe({ email: 'TWICE@example.com' });
      expect(again.body).toEqual({ subscribed: true, confirmationSent: true });
      expect(sink.messages.length).toBe(sent + 1);
      await db()
        .updateTable('newsletter_subscribers')
        .set({ status: 'confirmed' })
        .where('email', '=', 'twice@example.com')
        .execute();
      const third = await subscribe({ email: 'twice@example.com' });
      expect(third.body).toEqual({ subscribed: true, confirmationSent: true });
      expect(sink.messages.length).toBe(sent + 1);
    });

    it('leaves no row behind when the mail server refuses the message', async () => {
      sink.refuse(true);
      try {
        const res = await subscribe({ email: 'refused@example.com' });
        expect(res.status).toBe(503);
        expect(res.body.error).toMatch(/could not send the confirmation email/);
        expect(await row('refused@example.com')).toBeUndefined();
      } finally {
        sink.refuse(false);
      }
    });
  });
});
