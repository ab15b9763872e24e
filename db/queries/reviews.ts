import { sql } from 'kysely';
import { REVIEWS_PER_PAGE, type PublishedReview } from '../../src/lib/site-records.ts';
import type { Db } from '../client.ts';

/**
 * The newest reviews of every recipe, or of the recipes `recipeIds` names, grouped by recipe id
 * (recipes without reviews are absent). Only REVIEWS_PER_PAGE per recipe (a window over the
 * recipe's reviews), as the recipe page shows them before its island loads more.
 */
export async function reviewsByRecipe(
  db: Db,
  recipeIds?: readonly number[],
): Promise<{ recipeId: number; reviews: PublishedReview[] }[]> {
  if (recipeIds?.length === 0) return [];
  const newest = db
    .selectFrom('reviews as r')
    .$if(recipeIds !== undefined, (q) => q.where('r.recipe_id', 'in', recipeIds!))
    .select(['r.id', 'r.recipe_id', 'r.user_id', 'r.rating', 'r.comment', 'r.created_at'])
    .select(
      sql<number>`row_number() OVER (PARTITION BY r.recipe_id ORDER BY r.created_at DESC, r.id DESC)`.as(
        'position',
      ),
    );
  const rows = await db
    .selectFrom(newest.as('r'))
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.recipe_id', 'u.username', 'r.rating', 'r.comment', 'r.created_at'])
    .select(
      sql<number>`(SELECT count(*)::int FROM review_helpful h WHERE h.review_id = r.id)`.as('helpfulCount'),
    )
    .where('r.position', '<=', REVIEWS_PER_PAGE)
    .orderBy('r.recipe_id')
    .orderBy('r.position')
    .execute();
  const grouped = new Map<number, PublishedReview[]>();
  for (const r of rows) {
    const review: PublishedReview = {
      id: r.id,
      username: r.username,
      rating: r.rating,
      comment: r.comment,
      createdAt: new Date(r.created_at).toISOString(),
      helpfulCount: r.helpfulCount,
    };
    const list = grouped.get(r.recipe_id);
    if (list) list.push(review);
    else grouped.set(r.recipe_id, [review]);
  }
  return [...grouped].map(([recipeId, reviews]) => ({ recipeId, reviews }));
}
