import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import newsletter from '../../functions/newsletter.ts';
import reviews from '../../functions/reviews.ts';
import { REVIEW_MESSAGES } from '../../src/lib/schemas/review.ts';
import { signUp, type TestAccount } from '../helpers/accounts.ts';
import { callRoute, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// The settings switch features off on the server too, not only in the pages.
// The settings row is changed directly here (the admin's PUT /api/settings writes the same row).

describe.skipIf(!databaseAvailable)(`settings reach the API on ${engine}`, () => {
  const db = useTestDatabase();
  let cook: TestAccount;
  let recipeId: number;
  const count = async (table: 'reviews' | 'newsletter_subscribers') =>
    Number(
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(db())).rows[0]!.n,
    );
  const setSettings = (values: { enable_comments?: boolean; enable_newsletter?: boolean }) =>
    db().updateTable('settings').set(values).where('id', '=', 1).execute();

  beforeAll(async () => {
    cook = await signUp('settings');
    recipeId = (await db().selectFrom('recipes').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });

  it('with comments off a new review is refused with a sentence, nothing is written, and reviews stay readable', async () => {
    await setSettings({ enable_comments: false });
    try {
      const before = await count('reviews');
      const res = await callRoute(reviews, 'POST', '/api/recipes/:id/reviews', {
        params: { id: recipeId },
        headers: { cookie: cook.cookie },
        body: { rating: 5, comment: 'Lovely' },
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: REVIEW_MESSAGES.closed });
      expect(await count('reviews')).toBe(before);
      // Even a malformed one (a rating of 0) gets the same answer: the switch is checked first.
      const bad = await callRoute(reviews, 'POST', '/api/recipes/:id/reviews', {
        params: { id: recipeId },
        headers: { cookie: cook.cookie },
        body: { rating: 0, comment: 'Lovely' },
      });
      expect(bad.status).toBe(403);
      const list = await callRoute(reviews, 'GET', '/api/recipes/:id/reviews', { params: { id: recipeId } });
      expect(list.status).toBe(200);
      // Anonymous readers are still told to log in first.
      const anonymous = await callRoute(reviews, 'POST', '/api/recipes/:id/reviews', {
        params: { id: recipeId },
        body: { rating: 5, comment: 'Lovely' },
      });
      expect(anonymous.status).toBe(401);
    } finally {
      await setSettings({ enable_comments: true });
    }
    const res = await callRoute(reviews, 'POST', '/api/recipes/:id/reviews', {
      params: { id: recipeId },
      headers: { cookie: cook.cookie },
      body: { rating: 5, comment: 'Lovely' },
    });
    expect(res.status).toBe(201);
  });

  it('with the newsletter off a sign-up is refused with a sentence and nothing is written', async () => {
    await setSettings({ enable_newsletter: false });
    try {
      const before = await count('newsletter_subscribers');
      const res = await callRoute(newsletter, 'POST', '/api/newsletter/subscribe', {
        body: { email: 'switched.off@example.com' },
      });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('The newsletter is not taking sign-ups at the moment.');
      expect(await count('newsletter_subscribers')).toBe(before);
    } finally {
      await setSettings({ enable_newsletter: true });
    }
  });
});
