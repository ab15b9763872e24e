import type { Context } from '@netlify/functions';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { ApiError } from './http.ts';

// Fixed-window counters in Postgres (functions share no memory). One row
// per key; a single upsert counts a hit and starts a new window when the old one has passed, so
// concurrent requests never lose a count.

export interface WindowLimit {
  /** Hits allowed in one window; the next one is refused. */
  max: number;
  windowSeconds: number;
}

/** Failed logins per account (OWASP: count per account, not only per IP). */
export const LOGIN_ACCOUNT_LIMIT: WindowLimit = { max: 10, windowSeconds: 15 * 60 };
/** Failed logins per client IP: one address trying many accounts (credential stuffing). */
export const LOGIN_IP_LIMIT: WindowLimit = { max: 50, windowSeconds: 15 * 60 };
/** Sign-up attempts per client IP: each costs a bcrypt hash and may probe for taken emails. */
export const SIGNUP_IP_LIMIT: WindowLimit = { max: 30, windowSeconds: 60 * 60 };

export interface WindowCount {
  count: number;
  /** Seconds until the window ends (at least 1). */
  resetInSeconds: number;
}

/** Counts one hit under `key` and returns the count in the current window. */
export async function countHit(db: Db, key: string, windowSeconds: number): Promise<WindowCount> {
  const expired = sql<boolean>`rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, window_start: sql`now()` })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`CASE WHEN ${expired} THEN 1 ELSE rate_limits.count + 1 END`,
        window_start: sql`CASE WHEN ${expired} THEN now() ELSE rate_limits.window_start END`,
      }),
    )
    .returning([
      'count',
      sql<number>`greatest(1, ceil(extract(epoch FROM window_start + make_interval(secs => ${windowSeconds}) - now())))::int`.as(
        'reset_in',
      ),
    ])
    .executeTakeFirstOrThrow();
  if (Math.random() < 0.01) await pruneOldCounters(db);
  return { count: row.count, resetInSeconds: row.reset_in };
}

/**
 * Counts a hit and refuses it with 429 and Retry-After once the window's limit is passed.
 * `message` is what the person reads; it gets "Please try again in N minutes." appended.
 */
export async function throttle(db: Db, key: string, limit: WindowLimit, message: string): Promise<void> {
  const { count, resetInSeconds } = await countHit(db, key, limit.windowSeconds);
  if (count > limit.max) {
    const minutes = Math.ceil(resetInSeconds / 60);
    throw new ApiError(429, `${message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
      headers: { 'Retry-After': String(resetInSeconds) },
    });
  }
}

/** Forgets a key (a successful login clears its account's failures). */
export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Takes back one hit (a login that succeeded was not a failure from that address). */
export async function forgiveHit(db: Db, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ count: sql`greatest(count - 1, 0)` })
    .where('key', '=', key)
    .execute();
}

/** Counters whose window ended a day ago say nothing any more; keeps the table small. */
async function pruneOldCounters(db: Db): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}

/**
 * The client's address: Netlify's context.ip in production, the socket's peer under the local
 * server. Never a request header (X-Forwarded-For, x-nf-client-connection-ip): a client could
 * send any address there to escape its own limit or to lock out someone else. Without a
 * context address every caller shares one bucket, so the limit still applies.
 */
export function clientIp(_req: Request, context: Partial<Context> = {}): string {
  const ip = context.ip?.trim();
  if (ip && ip.length <= 64 && /^[0-9a-fA-F:.]+$/.test(ip)) return ip.toLowerCase();
  return 'unknown';
}
