import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';
import type { NewsletterSubscriberValues } from '../../../src/lib/schemas/newsletter-subscriber.ts';
import type { NewsletterTokenResult } from '../../../src/lib/schemas/newsletter-subscriber.ts';
import { siteUrl } from '../../../src/lib/site-url.ts';
import { ApiError } from '../http.ts';
import { sendMail, type MailSettings } from '../mail.ts';
import { newsletterToken, verifyNewsletterToken, type NewsletterLinkSubject } from '../newsletter-tokens.ts';

// The newsletter list: sign-up (single opt-in, or double opt-in when the site can send mail),
// the confirm link and the one-click unsubscribe link. An address is compared case-insensitively
// (the unique index on lower(email)).

/** False only when the admin switched sign-ups off (no settings row yet counts as open). */
export async function newsletterOpen(db: Db): Promise<boolean> {
  const settings = await db.selectFrom('settings').select('enable_newsletter').executeTakeFirst();
  return !settings || settings.enable_newsletter;
}

/** The absolute address of a subscriber's signed link. */
export function newsletterLink(path: '/unsubscribe' | '/newsletter/confirm', subject: NewsletterLinkSubject) {
  const purpose = path === '/unsubscribe' ? 'unsubscribe' : 'confirm';
  return `${siteUrl(process.env)}${path}?token=${encodeURIComponent(newsletterToken(purpose, subject))}`;
}

/**
 * Adds an address to the list with its consent time and source page. Without mail it is
 * confirmed at once (single opt-in). With mail it waits as pending and the confirm link is mailed;
 * an address already pending gets the link again, one already confirmed nothing — and the caller
 * cannot tell these cases apart. A mail that cannot be sent leaves no new row behind.
 */
export async function subscribe(
  db: Db,
  input: NewsletterSubscriberValues,
  sourcePage: string | null,
  mail: MailSettings | undefined,
): Promise<void> {
  const inserted = await db
    .insertInto('newsletter_subscribers')
    .values({
      email: input.email,
      name: input.name ?? null,
      source_page: sourcePage,
      status: mail ? 'pending' : 'confirmed',
      confirmed_at: mail ? null : sql<Date>`now()`,
    })
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'email'])
    .executeTakeFirst();
  if (!mail) return;
  const waiting =
    inserted ??
    (await db
      .selectFrom('newsletter_subscribers')
      .select(['id', 'email'])
      .where(sql<string>`lower(email)`, '=', input.email.toLowerCase())
      .where('status', '=', 'pending')
      .executeTakeFirst());
  if (!waiting) return;
  try {
    await sendMail(mail, confirmationMail(waiting));
  } catch (err) {
    console.error('[newsletter] the confirmation mail could not be sent:', err);
    if (inserted) await db.deleteFrom('newsletter_subscribers').where('id', '=', inserted.id).execute();
    throw new ApiError(503, 'We could not send the confirmation email just now. Please try again later.');
  }
}

function confirmationMail(subject: NewsletterLinkSubject) {
  const site = siteUrl(process.env);
  const unsubscribeUrl = newsletterLink('/unsubscribe', subject);
  return {
    to: subject.email,
    subject: 'Please confirm your newsletter subscription',
    unsubscribeUrl,
    text: [
      `Someone, hopefully you, asked to receive the Forkful newsletter at ${subject.email} (${site}).`,
      '',
      'Confirm your subscription by opening this link:',
      newsletterLink('/newsletter/confirm', subject),
      '',
      'If you did not ask for it, ignore this email: you will not be added to the list.',
      `To remove this address at any time: ${unsubscribeUrl}`,
    ].join('\n'),
  };
}

const INVALID_LINK = (what: string) =>
  new ApiError(
    400,
    `This ${what} link is not valid: it may have been changed or cut short. Nothing was changed; use the link exactly as it was sent.`,
  );

const subscriberOf = (subject: NewsletterLinkSubject) =>
  sql<boolean>`id = ${subject.id} AND lower(email) = ${subject.email.toLowerCase()}`;

/** The one-click unsubscribe: removes the address; a second click finds it already gone. */
export async function unsubscribeByToken(db: Db, token: string): Promise<NewsletterTokenResult> {
  const subject = verifyNewsletterToken('unsubscribe', token);
  if (!subject) throw INVALID_LINK('unsubscribe');
  const removed = await db
    .deleteFrom('newsletter_subscribers')
    .where(subscriberOf(subject))
    .executeTakeFirst();
  return removed.numDeletedRows > 0n
    ? {
        outcome: 'unsubscribed',
        message: `${subject.email} is unsubscribed: you will get no more newsletters.`,
      }
    : { outcome: 'already-unsubscribed', message: `${subject.email} is already unsubscribed.` };
}

/** The double opt-in's confirm link: the pending address becomes confirmed. */
export async function confirmByToken(db: Db, token: string): Promise<NewsletterTokenResult> {
  const subject = verifyNewsletterToken('confirm', token);
  if (!subject) throw INVALID_LINK('confirmation');
  const row = await db
    .selectFrom('newsletter_subscribers')
    .select('status')
    .where(subscriberOf(subject))
    .executeTakeFirst();
  if (!row)
    throw new ApiError(404, `${subject.email} is not on the list any more. Sign up again to subscribe.`);
  if (row.status === 'confirmed')
    return { outcome: 'already-confirmed', message: `${subject.email} is already confirmed.` };
  await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'confirmed', confirmed_at: sql<Date>`now()` })
    .where(subscriberOf(subject))
    .execute();
  return { outcome: 'confirmed', message: `Thank you: ${subject.email} is subscribed to the newsletter.` };
}
