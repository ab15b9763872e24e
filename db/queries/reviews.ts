import { sql } from 'kysely';
import { REVIEWS_PER_PAGE, type PublishedReview } from '../../src/lib/site-records.ts';
import type { Db } from '../client.ts';

/** The newest reviews of every recipe, grouped by recipe id (recipes without reviews are absent). */
export async function reviewsByRecipe(db: Db): Promise<{ recipeId: number; reviews: PublishedReview[] }[]> {
  const rows = await db
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.recipe_id', 'u.username', 'r.rating', 'r.comment', 'r.created_at'])
    .select(
      sql<number>`(SELECT count(*)::int FROM review_helpful h WHERE h.review_id = r.id)`.as('helpfulCount'),
    )
    .orderBy('r.recipe_id')
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  const grouped = new Map<number, PublishedReview[]>();
  for (const r of rows) {
    const list = grouped.get(r.recipe_id) ?? [];
    if (list.length >= REVIEWS_PER_PAGE) continue;
    list.push({
      id: r.id,
      username: r.username,
      rating: r.rating,
      comment: r.comment,
      createdAt: new Date(r.created_at).toISOString(),
      helpfulCount: r.helpfulCount,
    });
    grouped.set(r.recipe_id, list);
  }
  return [...grouped].map(([recipeId, reviews]) => ({ recipeId, reviews }));
}
