import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import reviews from '../../functions/reviews.ts';
import { publish, publishingSettled, publishWaitingRatings } from '../../functions/_shared/publish.ts';
import {
  claimPendingRequest,
  finishRequest,
  pendingRequest,
  publishStatus,
} from '../../functions/_shared/services/publishing.ts';
import type { RouteOf } from '../../src/lib/api/routes.ts';
import { signUp, type TestAccount } from '../helpers/accounts.ts';
import { rowCount } from '../helpers/api-fixtures.ts';
import { callRoute, databaseAvailable, engine, unchecked, useTestDatabase } from '../helpers/test-db.ts';

describe.skipIf(!databaseAvailable)(`reviews API on ${engine}`, () => {
  const db = useTestDatabase();
  let writer: TestAccount;
  let reader: TestAccount;
  /** A recipe nobody has reviewed yet, and one with seeded reviews by sample users. */
  let quiet: number;
  let reviewed: number;
  /** Every recipe's rating and review count before any test wrote a review. */
  let seededStats: Map<number, { rating: number; review_count: number }>;

  // The build hook: a local server standing in for Netlify's, recording each call.
  const hookCalls: string[] = [];
  const hookServer = http.createServer((req, res) => {
    hookCalls.push(`${req.method} ${req.url}`);
    res.writeHead(200).end('{}');
  });

  beforeAll(async () => {
    [writer, reader] = [await signUp('writer'), await signUp('reader')];
    quiet = (
      await db()
        .selectFrom('recipes')
        .select('id')
        .where('review_count', '=', 0)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    reviewed = (
      await db()
        .selectFrom('recipes')
        .select('id')
        .where('review_count', '>=', 2)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    seededStats = new Map(
      (await db().selectFrom('recipes').select(['id', 'rating', 'review_count']).execute()).map((r) => [
        r.id,
        { rating: r.rating, review_count: r.review_count },
      ]),
    );
    await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
    process.env.BUILD_HOOK_URL = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/build_hooks/abc`;
  });
  afterAll(async () => {
    delete process.env.BUILD_HOOK_URL;
    await new Promise((resolve) => hookServer.close(resolve));
  });

  // Each test starts without the writer's and reader's reviews and helpful marks, the recipes
  // they touched back at their seeded rating, so no test depends on what another (run before it
  // in whatever order) wrote.
  beforeEach(async () => {
    const users = [writer.id, reader.id];
    await db().deleteFrom('review_helpful').where('user_id', 'in', users).execute();
    const touched = await db()
      .deleteFrom('reviews')
      .where('user_id', 'in', users)
      .returning('recipe_id')
      .execute();
    for (const id of new Set(touched.map((r) => r.recipe_id))) {
      await db().updateTable('recipes').set(seededStats.get(id)!).where('id', '=', id).execute();
    }
  });

  const recipeStats = (id: number) =>
    db()
      .selectFrom('recipes')
      .select(['rating', 'review_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const reviewCount = () => rowCount(db(), 'reviews');
  const session = (account: TestAccount | null) => (account ? { cookie: account.cookie } : {});
  type ReviewInput = RouteOf<'POST', '/api/recipes/:id/reviews'>['body'];
  const post = (account: TestAccount | null, id: number, body: ReviewInput) =>
    callRoute(reviews, 'POST', '/api/recipes/:id/reviews', {
      params: { id },
      body,
      headers: session(account),
    });

  const list = (id: string | number, account: TestAccount | null = null) =>
    callRoute(reviews, 'GET', '/api/recipes/:id/reviews', {
      params: { id },
      headers: session(account),
    });
  const helpful = (id: string | number, account: TestAccount | null) =>
    callRoute(reviews, 'POST', '/api/reviews/:id/helpful', {
      params: { id },
      headers: session(account),
    });

  it('lists reviews newest first with username, rating, comment, createdAt, helpful and userFound', async () => {
    const res = await list(reviewed);
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(res.body[0]!).sort()).toEqual(
      ['comment', 'createdAt', 'helpful', 'id', 'rating', 'updatedAt', 'userFound', 'username'].sort(),
    );
    const dates = res.body.map((r: { createdAt: string }) => r.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('a new review answers 201 and moves the rating (tenths) and count in the same write', async () => {
    const res = await post(writer, quiet, { rating: 4, comment: '  Lovely and bright.  ' });
    expect(res.status).toBe(201);
    expect(res.body.review).toMatchObject({
      username: writer.username,
      rating: 4,
      comment: 'Lovely and bright.',
      helpful: 0,
      userFound: false,
    });
    expect(res.body.recipe).toEqual({ id: quiet, rating: 40, averageRating: 4, reviewCount: 1 });
    expect(await recipeStats(quiet)).toEqual({ rating: 40, review_count: 1 });

    await post(reader, quiet, { rating: 5, comment: 'Even better with extra lemon.' });
    expect(await recipeStats(quiet)).toEqual({ rating: 45, review_count: 2 });
  });

  it('a second review by the same user updates it (200), keeping one review per user', async () => {
    expect((await post(writer, quiet, { rating: 4, comment: 'Lovely and bright.' })).status).toBe(201);
    expect((await post(reader, quiet, { rating: 5, comment: 'Even better with extra lemon.' })).status).toBe(
      201,
    );
    const before = await reviewCount();
    const res = await post(writer, quiet, { rating: 2, comment: 'Second try was too sour.' });
    expect(res.status).toBe(200);
    expect(res.body.review.comment).toBe('Second try was too sour.');
    expect(await reviewCount()).toBe(before);
    expect(await recipeStats(quiet)).toEqual({ rating: 35, review_count: 2 });
    const mine = (await list(quiet)).body.filter((r) => r.username === writer.username);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.rating).toBe(2);
  });

  it('stores a comment with HTML verbatim and returns it as plain JSON text', async () => {
    const html = '<img src=x onerror="alert(1)"><script>alert(2)</script> & <b>bold</b>';
    const res = await post(reader, reviewed, { rating: 3, comment: html });
    expect(res.status).toBe(201);
    const stored = await db()
      .selectFrom('reviews')
      .select('comment')
      .where('id', '=', res.body.review.id)
      .executeTakeFirstOrThrow();
    expect(stored.comment).toBe(html);
    const listed = (await list(reviewed)).body.find((r) => r.id === res.body.review.id);
    expect(listed?.comment).toBe(html);
  });

  describe('publishing rating changes', () => {
    const resetPublishing = async () => {
      await publishingSettled();
      await db().deleteFrom('publish_requests').execute();
      await db().deleteFrom('publish_slots').execute();
      hookCalls.length = 0;
    };
    const pendingRecipes = async () =>
      ((await pendingRequest(db()))?.scope.recipes ?? []).map((r) => r.id).sort((a, b) => a - b);

    it('starts at most one publish an hour; other rating changes wait for the next publish', async () => {
      await resetPublishing();
      const ids = (await db().selectFrom('recipes').select('id').orderBy('id').limit(4).execute()).map(
        (r) => r.id,
      );
      // The first review of the hour asks for a build; the next ones fold into that request.
      for (const id of ids.slice(0, 2)) await post(writer, id, { rating: 4, comment: 'Lovely.' });
      await publishingSettled();
      expect(hookCalls).toHaveLength(1);
      expect(hookCalls[0]).toMatch(/^POST \/build_hooks\/abc\?trigger_title=Ratings\+changed/);
      expect(await pendingRecipes()).toEqual(ids.slice(0, 2).sort((a, b) => a - b));

      // That build runs; later reviews within the hour start nothing and wait, visibly.
      const claim = await claimPendingRequest(db(), 'test-build');
      if (claim.kind === 'claimed') await finishRequest(db(), claim.request.id);
      for (const id of ids.slice(2)) await post(reader, id, { rating: 5, comment: 'Great.' });
      await publishingSettled();
      expect(hookCalls).toHaveLength(1);
      expect(await publishStatus(db())).toMatchObject({ state: 'live', waitingRatings: 2 });
      expect(await publishWaitingRatings({}, db())).toBe(false);

      // A content write publishes them along with itself.
      await publish({
        reason: 'Recipe updated',
        recipes: [{ id: ids[0]!, slug: 'x', category: 'desserts' }],
      });
      await publishingSettled();
      expect(hookCalls).toHaveLength(2);
      expect(await publishStatus(db())).toMatchObject({ state: 'publishing', waitingRatings: 0 });
    });

    it('publishes waiting rating changes by themselves once the hour has passed', async () => {
      await resetPublishing();
      await db()
        .insertInto('publish_slots')
        .values({ name: 'reviews', used_at: sql`now() - interval '59 minutes'` })
        .execute();
      await post(writer, quiet, { rating: 3, comment: 'Fine.' });
      await publishingSettled();
      expect(hookCalls).toHaveLength(0);
      expect(await publishWaitingRatings({}, db())).toBe(false);
      await db()
        .updateTable('publish_slots')
        .set({ used_at: sql`now() - interval '61 minutes'` })
        .execute();
      expect(await publishWaitingRatings({}, db())).toBe(true);
      await publishingSettled();
      expect(hookCalls).toHaveLength(1);
      expect(await pendingRecipes()).toEqual([quiet]);
    });

    it('a build hook that is down never fails the review', async () => {
      expect((await post(writer, reviewed, { rating: 5, comment: 'Good.' })).status).toBe(201);
      await resetPublishing();
      process.env.BUILD_HOOK_URL = 'http://127.0.0.1:9/unreachable';
      try {
        expect((await post(writer, reviewed, { rating: 4, comment: 'Still good.' })).status).toBe(200);
        await publishingSettled();
      } finally {
        process.env.BUILD_HOOK_URL = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/build_hooks/abc`;
      }
    });
  });

  it.each([
    ['rating missing', { comment: 'Nice' }, 'Please select a rating'],
    ['rating 0', { rating: 0, comment: 'Nice' }, 'Please select a rating'],
    ['rating 6', { rating: 6, comment: 'Nice' }, 'from 1 to 5'],
    ['rating 4.5', { rating: 4.5, comment: 'Nice' }, 'from 1 to 5'],
    ['rating as text', { rating: '5', comment: 'Nice' }, 'Please select a rating'],
    ['comment missing', { rating: 4 }, 'Please write a comment'],
    ['comment only spaces', { rating: 4, comment: '   \n ' }, 'Please write a comment'],
    ['comment too long', { rating: 4, comment: 'x'.repeat(2001) }, 'under 2000 characters'],
    ['comment with a NUL byte', { rating: 4, comment: 'bad\u0000byte' }, 'cannot be stored'],
  ])('rejects %s with 400; no review and no rating change', async (_name, body, message) => {
    const [count, stats] = [await reviewCount(), await recipeStats(quiet)];
    const res = await post(reader, quiet, unchecked(body));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    expect(await reviewCount()).toBe(count);
    expect(await recipeStats(quiet)).toEqual(stats);
  });

  it('writing needs a session: 401 "Must be logged in to review"', async () => {
    const res = await post(null, quiet, { rating: 5, comment: 'Anonymous praise' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Must be logged in to review');
  });

  it.each([
    ['list of an unknown recipe', () => list(2000000, reader), 404],
    ['review of an unknown recipe', () => post(reader, 2000000, { rating: 5, comment: 'ok' }), 404],
    ['malformed recipe id', () => list('abc', reader), 400],
    ['helpful on an unknown review', () => helpful(2000000, reader), 404],
    ['helpful with a malformed id', () => helpful('x', reader), 400],
  ])('%s → %i with a sentence', async (_name, send, status) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body.error).toMatch(/^[A-Z].+/);
  });

  describe('helpful marks', () => {
    let target: { id: number; helpful: number };
    beforeAll(async () => {
      target = (await list(reviewed)).body.find(
        (r: { username: string }) => r.username !== writer.username && r.username !== reader.username,
      )!;
    });

    it('counts once per user: a second mark changes nothing and answers the same count', async () => {
      const first = await helpful(target.id, writer);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ id: target.id, helpful: target.helpful + 1, userFound: true });
      const again = await helpful(target.id, writer);
      expect(again.body).toEqual(first.body);
      const marks = await db()
        .selectFrom('review_helpful')
        .select('user_id')
        .where('review_id', '=', target.id)
        .execute();
      expect(marks.filter((m) => m.user_id === writer.id)).toHaveLength(1);
    });

    it('userFound is true only for the user who marked it', async () => {
      const mark = await helpful(target.id, writer);
      expect(mark.status).toBe(200);
      const find = (body: { id: number; userFound: boolean }[]) => body.find((r) => r.id === target.id)!;
      expect(find((await list(reviewed, writer)).body).userFound).toBe(true);
      expect(find((await list(reviewed, reader)).body).userFound).toBe(false);
      expect(find((await list(reviewed)).body).userFound).toBe(false);
    });

    it('anonymous → 401 "Please log in to mark reviews helpful"', async () => {
      const res = await helpful(target.id, null);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Please log in to mark reviews helpful');
    });

    it('nobody can mark their own review helpful (403, nothing stored)', async () => {
      const own = (await post(reader, quiet, { rating: 5, comment: 'My own words.' })).body.review;
      const res = await helpful(own.id, reader);
      expect(res.status).toBe(403);
      expect(
        await db().selectFrom('review_helpful').select('user_id').where('review_id', '=', own.id).execute(),
      ).toEqual([]);
    });
  });
});
