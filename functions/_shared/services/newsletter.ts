import type { Db } from '../../../db/client.ts';
import type { NewsletterSubscriberValues } from '../../../src/lib/schemas/newsletter-subscriber.ts';

// The newsletter list.

/** False only when the admin switched sign-ups off (no settings row yet counts as open). */
export async function newsletterOpen(db: Db): Promise<boolean> {
  const settings = await db.selectFrom('settings').select('enable_newsletter').executeTakeFirst();
  return !settings || settings.enable_newsletter;
}

/**
 * Adds an address to the list. One already on it (compared case-insensitively by the unique
 * index on lower(email)) is left as it is, and the caller cannot tell the difference.
 */
export async function subscribe(db: Db, input: NewsletterSubscriberValues): Promise<void> {
  await db
    .insertInto('newsletter_subscribers')
    .values({ email: input.email, name: input.name ?? null })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
