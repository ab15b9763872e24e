import { createHmac, timingSafeEqual } from 'node:crypto';
import { sessionKey } from './session.ts';

// The signed tokens of the newsletter's mailed links: unsubscribe (one click, no login) and
// confirm (double opt-in). A token names the subscriber's row id and email and carries an
// HMAC-SHA256 of both and of the link's purpose, keyed with a key derived from JWT_SECRET, so
// nobody can make a link for another address, a confirm token does not unsubscribe, and a
// changed token is refused. Tokens do not expire: an unsubscribe link must keep working.

export type NewsletterLinkPurpose = 'unsubscribe' | 'confirm';

export interface NewsletterLinkSubject {
  id: number;
  email: string;
}

/** The key of these links: derived, so it is never the session signing key itself. */
function linkKey(): Buffer {
  return createHmac('sha256', sessionKey()).update('forkful newsletter links').digest();
}

function signature(purpose: NewsletterLinkPurpose, subject: NewsletterLinkSubject): Buffer {
  return createHmac('sha256', linkKey())
    .update(`${purpose}\n${subject.id}\n${subject.email.toLowerCase()}`)
    .digest();
}

/** `<id>.<email, base64url>.<signature, base64url>` */
export function newsletterToken(purpose: NewsletterLinkPurpose, subject: NewsletterLinkSubject): string {
  const email = Buffer.from(subject.email.toLowerCase()).toString('base64url');
  return `${subject.id}.${email}.${signature(purpose, subject).toString('base64url')}`;
}

/** The subscriber a token was made for, or undefined when it is malformed or was changed. */
export function verifyNewsletterToken(
  purpose: NewsletterLinkPurpose,
  token: string,
): NewsletterLinkSubject | undefined {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const subject = { id: Number(match[1]), email: Buffer.from(match[2]!, 'base64url').toString('utf8') };
  const given = Buffer.from(match[3]!, 'base64url');
  const expected = signature(purpose, subject);
  return given.length === expected.length && timingSafeEqual(given, expected) ? subject : undefined;
}
