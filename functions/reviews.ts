import * as v from 'valibot';
import { getDb } from '../db/client.ts';
import { ReviewInputSchema, REVIEW_MESSAGES } from '../src/lib/schemas/review.ts';
import { ApiError, json, notFound, parseOrThrow, queryOf, readJson } from './_shared/http.ts';
import { IdParam, limitParam, OffsetParam, pathParam } from './_shared/params.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import { publishRatingChange } from './_shared/publish.ts';
import { optionalUser, requireUser } from './_shared/session.ts';
import { recipeRef } from './_shared/services/recipe-reads.ts';
import { recipeExists } from './_shared/services/saved.ts';
import { listReviews, markHelpful, reviewsOpen, writeReview } from './_shared/services/reviews.ts';

// Reviews. Decisions:
// - One review per user and recipe. A second POST by the same user UPDATES their review (rating
//   and comment; 200 instead of 201 for a new one), so changing your mind never needs a delete.
// - Marking helpful is once per user: a second mark changes nothing and answers the same count.
//   Nobody can mark their own review helpful (403): it would only inflate the count.
// - Comments are stored and returned verbatim as JSON text; pages render them as text, never HTML.
// - Answers are `private, no-store`: `userFound` depends on who asks.
// - The static recipe page shows the rating from build time. A review never starts a build of its
//   own (anyone could start unlimited rebuilds): the rating change rides on the next publish, and
//   reviews start one at most once an hour (functions/_shared/publish.ts).

export const config: Config = {
  path: ['/api/recipes/:id/reviews', '/api/reviews/:id/helpful'],
  method: ['GET', 'POST'],
};

const ListQuery = v.object({ limit: limitParam(50, 100), offset: OffsetParam });

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/recipes/:id/reviews',
    handler: async (req, { params, url }) => {
      const recipeId = pathParam(IdParam, params.id, 'id');
      const page = parseOrThrow(ListQuery, queryOf(url), 'query');
      const db = getDb();
      if (!(await recipeExists(db, recipeId))) throw notFound('Recipe not found.');
      const viewer = await optionalUser(req);
      return json(await listReviews(db, recipeId, viewer?.id ?? null, page));
    },
  },
  {
    method: 'POST',
    path: '/api/recipes/:id/reviews',
    handler: async (req, { params, netlify }) => {
      const user = await requireUser(req, REVIEW_MESSAGES.loginRequired);
      const recipeId = pathParam(IdParam, params.id, 'id');
      const db = getDb();
      // Settings (enableComments): existing reviews stay readable, no new ones are taken.
      if (!(await reviewsOpen(db))) throw new ApiError(403, REVIEW_MESSAGES.closed);
      const input = await readJson(req, ReviewInputSchema);
      const result = await writeReview(db, {
        recipeId,
        userId: user.id,
        username: user.username,
        ...input,
      });
      if (!result) throw notFound('Recipe not found.');
      const ref = await recipeRef(db, recipeId);
      if (ref) await publishRatingChange(ref, netlify);
      const { created, ...body } = result;
      return json(body, { status: created ? 201 : 200 });
    },
  },
  {
    method: 'POST',
    path: '/api/reviews/:id/helpful',
    handler: async (req, { params }) => {
      const user = await requireUser(req, REVIEW_MESSAGES.helpfulLoginRequired);
      const reviewId = pathParam(IdParam, params.id, 'id');
      const outcome = await markHelpful(getDb(), reviewId, user.id);
      if (outcome.kind === 'not-found') throw notFound('Review not found.');
      if (outcome.kind === 'own-review')
        throw new ApiError(403, 'You cannot mark your own review as helpful.');
      return json({ id: reviewId, helpful: outcome.helpful, userFound: true });
    },
  },
]);
