import { adminOnly, idOf } from './_shared/admin-routes.ts';
import { csvText } from '../src/lib/csv.ts';
import { SubscriberListQuerySchema } from '../src/lib/schemas/newsletter-subscriber.ts';
import { csvDownload, json, notFound, parseOrThrow, queryOf } from './_shared/http.ts';
import { mailSettings } from './_shared/mail.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
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
    handler: adminOnly(async (_req, { url }, { db }) => {
      const query = parseOrThrow(SubscriberListQuerySchema, queryOf(url), 'query');
      return json(await listSubscribers(db, query, mailSettings() !== undefined));
    }),
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter/subscribers/export',
    handler: adminOnly(async (_req, { url }, { db }) => {
      const { q } = parseOrThrow(SubscriberListQuerySchema, queryOf(url), 'query');
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
      return csvDownload(body, `newsletter-subscribers-${day}.csv`);
    }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/newsletter/subscribers/:id',
    handler: adminOnly(async (_req, ctx, { db }) => {
      if (!(await deleteSubscriber(db, idOf(ctx)))) throw notFound('Subscriber not found.');
      return json({ deleted: true as const });
    }),
  },
]);
