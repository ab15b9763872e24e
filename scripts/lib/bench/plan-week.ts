import bcrypt from 'bcryptjs';
import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';
import { PASSWORD_COST } from '../../../db/password-cost.ts';
import { addDays, mondayOf } from '../../../src/lib/notebook-dates.ts';
import type { Latency } from './figures.ts';
import { measure } from './latency.ts';
import { REQUESTS } from './options.ts';

// The meal plan's figure: a cook with a year of plan entries (every day, three meals) in a
// catalogue of N recipes, then sequential GETs of one week at a time, the read the /plan page
// makes. Plan answers are private and never cached, so every request reaches the database.

export const PLAN_COOK = { username: 'bench-cook', password: 'bench-cook-password' } as const;
/** The first day of the cook's year of entries (a Monday). */
export const PLAN_YEAR_START = '2026-01-05';
export const PLAN_DAYS = 365;
const PLAN_MEALS = ['breakfast', 'lunch', 'dinner'] as const;

/** Adds the bench cook and a year of entries (PLAN_DAYS × 3 meals) of recipes spread over the catalogue. */
export async function seedPlanYear(db: Db): Promise<void> {
  const { id: userId } = await db
    .insertInto('users')
    .values({
      username: PLAN_COOK.username,
      email: 'bench-cook@forkful.example',
      password_hash: await bcrypt.hash(PLAN_COOK.password, PASSWORD_COST),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Every recipe id in turn, stepping by a prime so a week's recipes are scattered over the table.
  await sql`
    INSERT INTO plan_entries (user_id, recipe_id, day, meal, servings)
    SELECT ${userId}, r.id, ${PLAN_YEAR_START}::date + d, m.meal, 1 + (d + m.n) % 6
    FROM generate_series(0, ${PLAN_DAYS - 1}) d
    CROSS JOIN unnest(${sql.val([...PLAN_MEALS])}::text[]) WITH ORDINALITY AS m(meal, n)
    CROSS JOIN LATERAL (
      SELECT id FROM recipes ORDER BY id
      OFFSET ((d * 3 + m.n) * 7919) % (SELECT count(*) FROM recipes) LIMIT 1
    ) r`.execute(db);
}

/** Signs the bench cook in and answers the session cookie. */
async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify(PLAN_COOK),
  });
  if (!res.ok) throw new Error(`bench cook login: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Sequential GET /api/plan?week=… over the weeks of the cook's year: p50/p95 in ms. */
export async function measurePlanWeek(base: string): Promise<Latency> {
  const cookie = await signIn(base);
  const weeks = Array.from({ length: 52 }, (_, i) => mondayOf(addDays(PLAN_YEAR_START, i * 7)));
  const urls = weeks.map((week) => `${base}/api/plan?week=${week}`);
  await measure(urls.slice(0, 4), 20, { sequential: true, headers: { Cookie: cookie } });
  return measure(urls, REQUESTS, { sequential: true, uncached: true, headers: { Cookie: cookie } });
}
