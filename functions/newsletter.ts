import { getDb } from '../db/client.ts';
import {
  NEWSLETTER_INVALID_EMAIL,
  NewsletterSubscriberInputSchema,
  type NewsletterResult,
} from '../src/lib/schemas/newsletter-subscriber.ts';
import { ApiError, json, readJson } from './_shared/http.ts';
import { clientIp, throttle, type WindowLimit } from './_shared/rate-limit.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import { newsletterOpen, subscribe } from './_shared/services/newsletter.ts';

// Newsletter sign-up. Subscribing an address that is already on the list
// (compared case-insensitively by the unique index on lower(email)) succeeds without a new row,
// and the answer is identical either way: the endpoint never tells anyone who is subscribed.

export const config: Config = {
  path: ['/api/newsletter/subscribe'],
  method: ['POST'],
};

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
      await subscribe(db, input);
      const body: NewsletterResult = { subscribed: true };
      return json(body);
    },
  },
]);
