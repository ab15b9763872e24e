import { sql, type Selectable } from 'kysely';
import type { Db } from '../../../db/client.ts';
import { isoTimestamp } from '../../../db/mappers/timestamp.ts';
import type { NewsletterSubscribersTable } from '../../../db/schema.ts';
import type { NewsletterSubscriber, SubscriberList } from '../../../src/lib/schemas/newsletter-subscriber.ts';
import { newsletterLink } from './newsletter.ts';

// The owner's view of the newsletter list: counts, a searched page, every row for the export,
// and removing an address.

type SubscriberRow = Selectable<NewsletterSubscribersTable>;

export function subscriberFromRow(row: SubscriberRow): NewsletterSubscriber {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    status: row.status,
    consentedAt: isoTimestamp(row.consented_at),
    confirmedAt: row.confirmed_at ? isoTimestamp(row.confirmed_at) : null,
    sourcePage: row.source_page,
    unsubscribeUrl: newsletterLink('/unsubscribe', row),
  };
}

/** A LIKE pattern matching `text` anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function searched(db: Db, q: string) {
  let query = db.selectFrom('newsletter_subscribers');
  if (q) {
    const pattern = containing(q);
    query = query.where((eb) =>
      eb.or([eb('email', 'ilike', pattern), eb(sql<string>`coalesce(name, '')`, 'ilike', pattern)]),
    );
  }
  return query;
}

/** A page of the list, newest first, with the counts of the whole list and of the search. */
export async function listSubscribers(
  db: Db,
  query: { q: string; offset: number; limit: number },
  mailConfigured: boolean,
): Promise<SubscriberList> {
  const [rows, matching, counts] = await Promise.all([
    searched(db, query.q).selectAll().orderBy('id', 'desc').limit(query.limit).offset(query.offset).execute(),
    searched(db, query.q)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('newsletter_subscribers')
      .select([
        sql<number>`count(*) FILTER (WHERE status = 'confirmed')::int`.as('confirmed'),
        sql<number>`count(*) FILTER (WHERE status = 'pending')::int`.as('pending'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(subscriberFromRow),
    matching: matching.n,
    confirmed: counts.confirmed,
    pending: counts.pending,
    offset: query.offset,
    limit: query.limit,
    mailConfigured,
  };
}

/** Every subscriber the search matches, oldest first (the export). */
export async function subscribersForExport(db: Db, q: string): Promise<NewsletterSubscriber[]> {
  const rows = await searched(db, q).selectAll().orderBy('id', 'asc').execute();
  return rows.map(subscriberFromRow);
}

/** Removes one address; false when there is none with that id. */
export async function deleteSubscriber(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('newsletter_subscribers').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
