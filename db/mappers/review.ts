import type { SqlBool } from 'kysely';
import type { ReviewRow } from '../schema.ts';
import type { Review } from '../../src/lib/schemas/review.ts';
import { isoTimestamp } from './timestamp.ts';

// A review row, joined with its author's name and its helpful marks, ↔ the public Review
// (src/lib/schemas/review.ts).

export type ReviewListRow = Pick<ReviewRow, 'id' | 'rating' | 'comment' | 'created_at' | 'updated_at'> & {
  username: string;
  /** count(*) of its helpful marks (null from a scalar subquery that found nothing). */
  helpful: number | string | null;
  /** Whether the viewer marked it helpful. */
  user_found: SqlBool | null;
};

export function reviewFromRow(row: ReviewListRow): Review {
  return {
    id: row.id,
    username: row.username,
    rating: row.rating,
    comment: row.comment,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
    helpful: Number(row.helpful ?? 0),
    userFound: Boolean(row.user_found),
  };
}
