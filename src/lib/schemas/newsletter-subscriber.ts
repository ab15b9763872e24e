import * as v from 'valibot';
import { NEWSLETTER_EMAIL_MAX, NEWSLETTER_INVALID_EMAIL, NEWSLETTER_NAME_MAX } from '../newsletter-rules.ts';

// Newsletter subscribers: a valid email and an optional name, as the API reads it.

export { NEWSLETTER_INVALID_EMAIL, NEWSLETTER_NAME_MAX, type NewsletterResult } from '../newsletter-rules.ts';

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
});

export type NewsletterSubscriberInput = v.InferInput<typeof NewsletterSubscriberInputSchema>;
/** A validated sign-up (email trimmed, blank name absent): what the service stores. */
export type NewsletterSubscriberValues = v.InferOutput<typeof NewsletterSubscriberInputSchema>;
