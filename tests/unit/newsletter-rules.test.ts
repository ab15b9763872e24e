import { EMAIL_REGEX } from 'valibot';
import { describe, expect, it } from 'vitest';
import { NEWSLETTER_EMAIL_PATTERN } from '../../src/lib/newsletter-rules.ts';

// The sign-up form's copy of the email pattern is the one the API's schema checks.

describe('the newsletter email pattern', () => {
  it("is valibot's EMAIL_REGEX", () => {
    expect(NEWSLETTER_EMAIL_PATTERN.source).toBe(EMAIL_REGEX.source);
    expect(NEWSLETTER_EMAIL_PATTERN.flags).toBe(EMAIL_REGEX.flags);
  });
});
