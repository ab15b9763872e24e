import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';
import type { Review, ReviewWriteResult } from '../../../src/lib/schemas/review.ts';
import { starsFromTenths } from '../../../src/lib/schemas/recipe.ts';
import { reviewFromRow } from '../../../db/mappers/review.ts';

// Reviews and helpful marks. A recipe's rating (tenths) and review_count are recomputed from
// the reviews table in the same transaction as every review write, with the recipe row locked,
// so concurrent reviews can never leave them out of step.

/** False only when the admin switched comments off (no settings row yet counts as open). */
export async function reviewsOpen(db: Db): Promise<boolean> {
  const settings = await db.selectFrom('settings').select('enable_comments').executeTakeFirst();
  return !settings || settings.enable_comments;
}

/** Reviews of a recipe, newest first, with helpful counts and the viewer's own marks. */
export async function listReviews(
  db: Db,
  recipeId: number,
  viewerId: number | null,
  page: { limit: number; offset: number },
): Promise<Review[]> {
  const rows = await db
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select((eb) => [
      'r.id',
      'u.username',
      'r.rating',
      'r.comment',
      'r.created_at',
      'r.updated_at',
      eb
        .selectFrom('review_helpful as h')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('h.review_id', '=', 'r.id')
        .as('helpful'),
      viewerId === null
        ? sql<boolean>`false`.as('user_found')
        : eb
            .exists(
              eb
                .selectFrom('review_helpful as mine')
                .select('mine.review_id')
                .whereRef('mine.review_id', '=', 'r.id')
                .where('mine.user_id', '=', viewerId),
            )
            .as('user_found'),
    ])
    .where('r.recipe_id', '=', recipeId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(reviewFromRow);
}

/**
 * Writes the user's review of a recipe. One review per user and recipe: writing again replaces
 * the rating and comment of the earlier one (created = false). Undefined when the recipe is gone.
 */
export async function writeReview(
  db: Db,
  input: { recipeId: number; userId: number; username: string; rating: number; comment: string },
): Promise<(ReviewWriteResult & { created: boolean }) | undefined> {
  return db.transaction().execute(async (trx) => {
    const recipe = await trx
      .selectFrom('recipes')
      .select('id')
      .where('id', '=', input.recipeId)
      .forUpdate()
      .executeTakeFirst();
    if (!recipe) return undefined;
    const row = await trx
      .insertInto('reviews')
      .values({
        recipe_id: input.recipeId,
        user_id: input.userId,
        rating: input.rating,
        comment: input.comment,
      })
      .onConflict((oc) =>
        oc.columns(['recipe_id', 'user_id']).doUpdateSet({
          rating: input.rating,
          comment: input.comment,
          updated_at: sql`now()`,
        }),
      )
      // xmax is 0 only for a freshly inserted row version: tells a new review from an edit.
      .returning(['id', 'created_at', 'updated_at', sql<boolean>`(xmax = 0)`.as('created')])
      .executeTakeFirstOrThrow();
    const stats = await trx
      .updateTable('recipes')
      .set({
        rating: sql`coalesce((SELECT round(avg(rating) * 10)::int FROM reviews WHERE recipe_id = ${input.recipeId}), 0)`,
        review_count: sql`(SELECT count(*)::int FROM reviews WHERE recipe_id = ${input.recipeId})`,
      })
      .where('id', '=', input.recipeId)
      .returning(['rating', 'review_count'])
      .executeTakeFirstOrThrow();
    const helpful = await trx
      .selectFrom('review_helpful')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('review_id', '=', row.id)
      .executeTakeFirstOrThrow();
    return {
      created: Boolean(row.created),
      review: reviewFromRow({
        id: row.id,
        username: input.username,
        rating: input.rating,
        comment: input.comment,
        created_at: row.created_at,
        updated_at: row.updated_at,
        helpful: helpful.n,
        user_found: false,
      }),
      recipe: {
        id: input.recipeId,
        rating: stats.rating,
        averageRating: starsFromTenths(stats.rating),
        reviewCount: stats.review_count,
      },
    };
  });
}

export type HelpfulOutcome =
  { kind: 'marked'; helpful: number } | { kind: 'not-found' } | { kind: 'own-review' };

/** Marks a review helpful for a user; a second mark changes nothing. */
export async function markHelpful(db: Db, reviewId: number, userId: number): Promise<HelpfulOutcome> {
  const review = await db
    .selectFrom('reviews')
    .select(['id', 'user_id'])
    .where('id', '=', reviewId)
    .executeTakeFirst();
  if (!review) return { kind: 'not-found' };
  if (review.user_id === userId) return { kind: 'own-review' };
  await db
    .insertInto('review_helpful')
    .values({ review_id: reviewId, user_id: userId })
    .onConflict((oc) => oc.columns(['review_id', 'user_id']).doNothing())
    .execute();
  const count = await db
    .selectFrom('review_helpful')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('review_id', '=', reviewId)
    .executeTakeFirstOrThrow();
  return { kind: 'marked', helpful: Number(count.n) };
}
