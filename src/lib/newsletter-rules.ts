import { EMAIL_REGEX } from 'valibot';

// The newsletter's rules and messages without valibot's schema machinery, so the
// sign-up form can check an address with the very pattern the API uses at almost no cost.

export const NEWSLETTER_INVALID_EMAIL = 'Please enter a valid email address';
export const NEWSLETTER_NAME_MAX = 100;
export const NEWSLETTER_EMAIL_MAX = 254;

/** The same test the API's schema makes (valibot's email pattern, at most 254 characters). */
export function isNewsletterEmail(text: string): boolean {
  const email = text.trim();
  return email.length <= NEWSLETTER_EMAIL_MAX && EMAIL_REGEX.test(email);
}

/** The API's answer, the same whether the address was new or already on the list. */
export interface NewsletterResult {
  subscribed: true;
  /** True when the address must still confirm by the mailed link (double opt-in). */
  confirmationSent?: boolean;
}
