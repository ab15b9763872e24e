import { getDb } from '../db/client.ts';
import { csvText } from '../src/lib/csv.ts';
import { SubscriberListQuerySchema } from '../src/lib/schemas/newsletter-subscriber.ts';
import { json, notFound, parseOrThrow, queryOf } from './_shared/http.ts';
import { mailSettings } from './_shared/mail.ts';
import { IdParam, pathParam } from './_shared/params.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import { requireAdmin } from './_shared/session.ts';
import {
  deleteSubscriber,
  listSubscribers,
  subscribersForExport,
} from './_shared/services/newsletter-subscribers.ts';

// The owner's newsletter list, admin only: a searched, paged list with the counts of confirmed
// and pending addresses, the CSV export (every match, with each address's unsubscribe link for
// the mailing tool) and removing an address.

export const config: Config = {
  path: [
    '/api/admin/newsletter/subscribers',
    '/api/admin/newsletter/subscribers/export',
    '/api/admin/newsletter/subscribers/:id',
  ],
  method: ['GET', 'DELETE'],
};

const EXPORT_COLUMNS = [
  'email',
  'name',
  'status',
  'consented_at',
  'confirmed_at',
  'source_page',
  'unsubscribe_url',
] as const;

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/newsletter/subscribers',
    handler: async (req) => {
      const db = getDb();
      await requireAdmin(req, db);
      const query = parseOrThrow(SubscriberListQuerySchema, queryOf(new URL(req.url)), 'query');
      return json(await listSubscribers(db, query, mailSettings() !== undefined));
    },
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter/subscribers/export',
    handler: async (req) => {
      const db = getDb();
      await requireAdmin(req, db);
      const { q } = parseOrThrow(SubscriberListQuerySchema, queryOf(new URL(req.url)), 'query');
      const subscribers = await subscribersForExport(db, q);
      const body = csvText(
        EXPORT_COLUMNS,
        subscribers.map((s) => [
          s.email,
          s.name,
          s.status,
          s.consentedAt,
          s.confirmedAt,
          s.sourcePage,
          s.unsubscribeUrl,
        ]),
      );
      const day = new Date().toISOString().slice(0, 10);
      return new Response(body, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="newsletter-subscribers-${day}.csv"`,
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
        },
      });
    },
  },
  {
    method: 'DELETE',
    path: '/api/admin/newsletter/subscribers/:id',
    handler: async (req, { params }) => {
      const db = getDb();
      await requireAdmin(req, db);
      const id = pathParam(IdParam, params.id, 'id');
      if (!(await deleteSubscriber(db, id))) throw notFound('Subscriber not found.');
      return json({ deleted: true as const });
    },
  },
]);
