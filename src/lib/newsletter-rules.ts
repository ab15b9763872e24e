// The newsletter's rules and messages without valibot, so the sign-up form (on every page, in the
// footer) checks an address with the very pattern the API uses at almost no cost: importing even
// valibot's EMAIL_REGEX pulls a shared chunk of valibot (about 3 KB) into every page.
// tests/unit/newsletter-rules.test.ts keeps the copy equal to valibot's.

/** valibot's EMAIL_REGEX, the pattern v.email() checks. */
export const NEWSLETTER_EMAIL_PATTERN =
  /^[\w+-]+(?:\.[\w+-]+)*@[\da-zA-Z]+(?:[.-][\da-zA-Z]+)*\.[a-zA-Z]{2,}$/u;

export const NEWSLETTER_INVALID_EMAIL = 'Please enter a valid email address';
export const NEWSLETTER_NAME_MAX = 100;
export const NEWSLETTER_EMAIL_MAX = 254;

/** The same test the API's schema makes (valibot's email pattern, at most 254 characters). */
export function isNewsletterEmail(text: string): boolean {
  const email = text.trim();
  return email.length <= NEWSLETTER_EMAIL_MAX && NEWSLETTER_EMAIL_PATTERN.test(email);
}

/** The API's answer, the same whether the address was new or already on the list. */
export interface NewsletterResult {
  subscribed: true;
  /** True when the address must still confirm by the mailed link (double opt-in). */
  confirmationSent?: boolean;
}
