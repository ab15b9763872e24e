import * as v from 'valibot';

// The newsletter sign-up (SPEC §3, §5): a valid email and an optional name. The API validates
// with this schema and the form uses it for its inline message, so both say the same thing.

export const NEWSLETTER_INVALID_EMAIL = 'Please enter a valid email address';
export const NEWSLETTER_NAME_MAX = 100;
const EMAIL_MAX = 254;

/** POST /api/newsletter/subscribe */
export const NewsletterRequest = v.object({
  email: v.pipe(
    v.string(NEWSLETTER_INVALID_EMAIL),
    v.trim(),
    v.maxLength(EMAIL_MAX, NEWSLETTER_INVALID_EMAIL),
    v.email(NEWSLETTER_INVALID_EMAIL),
  ),
  /** Optional; blank becomes absent. */
  name: v.optional(
    v.pipe(
      v.nullable(v.string('Name must be text')),
      v.transform((name) => name?.trim() || undefined),
      v.optional(v.pipe(v.string(), v.maxLength(NEWSLETTER_NAME_MAX, `Name must be at most ${NEWSLETTER_NAME_MAX} characters`))),
    ),
  ),
});

export type NewsletterInput = v.InferInput<typeof NewsletterRequest>;

/** The API's answer, the same whether the address was new or already on the list. */
export interface NewsletterResult {
  subscribed: true;
}
