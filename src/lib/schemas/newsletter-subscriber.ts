import * as v from 'valibot';
import { NEWSLETTER_EMAIL_MAX, NEWSLETTER_INVALID_EMAIL, NEWSLETTER_NAME_MAX } from '../newsletter-rules.ts';

// Newsletter subscribers: the sign-up (a valid email, an optional name, the page the form was on),
// the signed token of a mailed link, and the admin's list query and answer.

export { NEWSLETTER_INVALID_EMAIL, NEWSLETTER_NAME_MAX, type NewsletterResult } from '../newsletter-rules.ts';

/** The page a sign-up form was on: a path on this site, kept as the consent's source. */
export const NewsletterSourceSchema = v.pipe(
  v.string('The source page must be text'),
  v.trim(),
  v.maxLength(500, 'The source page must be at most 500 characters'),
  v.regex(/^\/(?!\/)\S*$/, 'The source page must be a path on this site'),
);

/** POST /api/newsletter/subscribe */
export const NewsletterSubscriberInputSchema = v.object({
  email: v.pipe(
    v.string(NEWSLETTER_INVALID_EMAIL),
    v.trim(),
    v.maxLength(NEWSLETTER_EMAIL_MAX, NEWSLETTER_INVALID_EMAIL),
    v.email(NEWSLETTER_INVALID_EMAIL),
  ),
  /** Optional; blank becomes absent. */
  name: v.optional(
    v.pipe(
      v.nullable(v.string('Name must be text')),
      v.transform((name) => name?.trim() || undefined),
      v.optional(
        v.pipe(
          v.string(),
          v.maxLength(NEWSLETTER_NAME_MAX, `Name must be at most ${NEWSLETTER_NAME_MAX} characters`),
        ),
      ),
    ),
  ),
  /** The page the form is on; when absent the API takes it from the request's same-site Referer. */
  source: v.optional(NewsletterSourceSchema),
});

export type NewsletterSubscriberInput = v.InferInput<typeof NewsletterSubscriberInputSchema>;
/** A validated sign-up (email trimmed, blank name absent): what the service stores. */
export type NewsletterSubscriberValues = v.InferOutput<typeof NewsletterSubscriberInputSchema>;

/** POST /api/newsletter/unsubscribe and /api/newsletter/confirm: the token a mailed link carries. */
export const NewsletterTokenInputSchema = v.object(
  {
    token: v.pipe(
      v.string('The link is incomplete: it carries no token.'),
      v.trim(),
      v.nonEmpty('The link is incomplete: it carries no token.'),
      v.maxLength(1000, 'This link is not valid.'),
    ),
    // A body without the key at all reads the same.
  },
  'The link is incomplete: it carries no token.',
);

/** Subscribers the admin's list shows per page at most. */
export const SUBSCRIBERS_PAGE_MAX = 100;

const wholeNumber = (message: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, message),
    v.transform(Number),
    v.number(),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

/** GET /api/admin/newsletter/subscribers: a search in email or name, and a page of the list. */
export const SubscriberListQuerySchema = v.object({
  q: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(254, 'The search must be at most 254 characters')),
    '',
  ),
  offset: v.optional(wholeNumber('Offset must be a whole number from 0', 0, 1_000_000_000), '0'),
  limit: v.optional(
    wholeNumber(`Limit must be a whole number from 1 to ${SUBSCRIBERS_PAGE_MAX}`, 1, SUBSCRIBERS_PAGE_MAX),
    '25',
  ),
});
export type SubscriberListQuery = v.InferInput<typeof SubscriberListQuerySchema>;

/** One address on the list, as the admin sees it. */
export interface NewsletterSubscriber {
  id: number;
  email: string;
  name: string | null;
  status: 'pending' | 'confirmed';
  consentedAt: string;
  confirmedAt: string | null;
  sourcePage: string | null;
  /** The signed one-click link that takes this address off the list. */
  unsubscribeUrl: string;
}

/** The admin's page of the list with the list's counts. */
export interface SubscriberList {
  items: NewsletterSubscriber[];
  /** Subscribers the search matches (all of them without a search). */
  matching: number;
  confirmed: number;
  pending: number;
  offset: number;
  limit: number;
  /** Whether the site can send mail (SMTP_URL and MAIL_FROM): double opt-in is on only then. */
  mailConfigured: boolean;
}

/** The answer of the token links. */
export interface NewsletterTokenResult {
  outcome: 'unsubscribed' | 'already-unsubscribed' | 'confirmed' | 'already-confirmed';
  message: string;
}
