import { getDb, type Db } from '../db/client.ts';
import * as v from 'valibot';
import {
  NEWSLETTER_INVALID_EMAIL,
  NewsletterSourceSchema,
  NewsletterSubscriberInputSchema,
  NewsletterTokenInputSchema,
  type NewsletterResult,
} from '../src/lib/schemas/newsletter-subscriber.ts';
import { ApiError, json, readJson } from './_shared/http.ts';
import { mailSettings } from './_shared/mail.ts';
import { clientIp, throttle, type WindowLimit } from './_shared/rate-limit.ts';
import { defineRoutes, type Config, type RouteContext } from './_shared/router.ts';
import {
  confirmByToken,
  newsletterOpen,
  subscribe,
  unsubscribeByToken,
} from './_shared/services/newsletter.ts';

// Newsletter sign-up, and the two links a subscriber is mailed (no login needed for either):
// confirm (double opt-in, when SMTP_URL and MAIL_FROM are set) and one-click unsubscribe.
// Subscribing an address that is already on the list (compared case-insensitively by the unique
// index on lower(email)) succeeds without a new row, and the answer is identical either way: the
// endpoint never tells anyone who is subscribed.

export const config: Config = {
  path: ['/api/newsletter/subscribe', '/api/newsletter/unsubscribe', '/api/newsletter/confirm'],
  method: ['POST'],
};

/** Token links clicked per client address: plenty for a person, too few to guess tokens. */
const TOKEN_IP_LIMIT: WindowLimit = { max: 60, windowSeconds: 60 * 60 };

/** The page the form was on when the body does not say: the path of a same-site Referer. */
function refererPath(req: Request): string | null {
  const referer = req.headers.get('referer');
  if (!referer) return null;
  try {
    const from = new URL(referer);
    if (from.host !== new URL(req.url).host) return null;
    const parsed = v.safeParse(NewsletterSourceSchema, from.pathname);
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** A mailed link's action (confirm, unsubscribe): its token from the body, throttled per address. */
function tokenLink<T>(act: (db: Db, token: string) => Promise<T>) {
  return async (req: Request, { netlify }: RouteContext) => {
    const { token } = await readJson(req, NewsletterTokenInputSchema, MAX_BODY_BYTES);
    const db = getDb();
    await throttle(db, `newsletter-link:ip:${clientIp(req, netlify)}`, TOKEN_IP_LIMIT, 'Too many attempts.');
    return json(await act(db, token));
  };
}

/** Sign-ups per client address: enough for a household, too few to flood the list. */
const SUBSCRIBE_IP_LIMIT: WindowLimit = { max: 20, windowSeconds: 60 * 60 };
/** A sign-up is two short fields; nothing bigger is read. */
const MAX_BODY_BYTES = 2 * 1024;

export default defineRoutes([
  {
    method: 'POST',
    path: '/api/newsletter/subscribe',
    handler: async (req, { netlify }) => {
      const input = await readJson(req, NewsletterSubscriberInputSchema, MAX_BODY_BYTES).catch(
        (err: unknown) => {
          // The form names the email field; every email problem reads as one sentence:
          // 'Please enter a valid email address'.
          if (
            err instanceof ApiError &&
            err.status === 400 &&
            err.issues?.some((i) => i.path === 'email' || i.path === '')
          ) {
            throw new ApiError(400, NEWSLETTER_INVALID_EMAIL, { issues: err.issues });
          }
          throw err;
        },
      );
      const db = getDb();
      if (!(await newsletterOpen(db)))
        throw new ApiError(403, 'The newsletter is not taking sign-ups at the moment.');
      await throttle(
        db,
        `newsletter:ip:${clientIp(req, netlify)}`,
        SUBSCRIBE_IP_LIMIT,
        'Too many sign-ups from your network.',
      );
      const mail = mailSettings();
      await subscribe(db, input, input.source ?? refererPath(req), mail);
      const body: NewsletterResult = mail
        ? { subscribed: true, confirmationSent: true }
        : { subscribed: true };
      return json(body);
    },
  },
  { method: 'POST', path: '/api/newsletter/unsubscribe', handler: tokenLink(unsubscribeByToken) },
  { method: 'POST', path: '/api/newsletter/confirm', handler: tokenLink(confirmByToken) },
]);
