import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';

// Blog post views: one per visitor per post per UTC day, however often the page is opened. The
// page sends one beacon once the post has been on screen; the visitor is a keyed hash of the
// address, the browser's user agent and the day (the key is the server's secret, so nobody can
// compute another's hash and nothing that names a person is stored). Obvious robots are not
// counted; rows of past days are pruned now and then as views come in.

/** User agents that announce a robot, a crawler, a link preview or a script. */
const ROBOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|scrap|fetch|preview|headless|lighthouse|pagespeed|monitor|curl\/|wget\/|python|java\/|go-http|okhttp|axios|node-fetch|undici|httpclient|libwww|facebookexternalhit|embedly|whatsapp|phantomjs|puppeteer|playwright|selenium/i;

/** Whether a user agent is missing or says it is a robot. */
export function isRobotAgent(userAgent: string | null): boolean {
  const agent = userAgent?.trim() ?? '';
  return agent.length < 10 || ROBOT_AGENT.test(agent);
}

/** The UTC day of `now`, as YYYY-MM-DD. */
export function viewDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The visitor's keyed hash for a day. */
export function visitorKey(secret: Uint8Array, ip: string, userAgent: string, day: string): string {
  return createHmac('sha256', secret).update(`${ip}\n${userAgent}\n${day}`).digest('base64url');
}

/** How often a counted view also prunes past days (a share of views, so no job is needed). */
const PRUNE_SHARE = 0.02;

/**
 * Counts a view of the published post `slug` by `visitor` on `day`, unless that visitor was
 * counted for it that day. Returns undefined when there is no such published post.
 */
export async function countPostView(
  db: Db,
  slug: string,
  visitor: string,
  day: string,
): Promise<{ counted: boolean } | undefined> {
  const post = await db
    .selectFrom('blog_posts')
    .select('id')
    .where('slug', '=', slug)
    .where('is_published', '=', true)
    .executeTakeFirst();
  if (!post) return undefined;
  // One statement: the insert that the primary key lets through is the one that counts.
  const { rows } = await sql<{ id: number }>`
    WITH fresh AS (
      INSERT INTO blog_post_views (post_id, visitor, day)
      VALUES (${post.id}, ${visitor}, ${day}::date)
      ON CONFLICT DO NOTHING
      RETURNING post_id
    )
    UPDATE blog_posts SET views = views + 1 WHERE id IN (SELECT post_id FROM fresh) RETURNING id`.execute(db);
  if (rows.length > 0 && Math.random() < PRUNE_SHARE) await prunePastDays(db, day);
  return { counted: rows.length > 0 };
}

/** Drops the rows of days before `day`'s eve (a visitor near midnight is still told apart). */
export async function prunePastDays(db: Db, day: string): Promise<void> {
  await db
    .deleteFrom('blog_post_views')
    .where('day', '<', sql<string>`${day}::date - 1`)
    .execute();
}
