import * as v from 'valibot';
import { timestampEntries } from './fields.ts';
import { objectMessage } from './messages.ts';

// Reviews: a 1–5 star rating and a comment, trimmed, non-empty and length-capped.
// The server validates with this schema; the Reviews card shows the same messages.

export const REVIEW_COMMENT_MAX = 2000;

export const REVIEW_MESSAGES = {
  loginRequired: 'Must be logged in to review',
  rating: 'Please select a rating',
  ratingRange: 'Rating must be a whole number from 1 to 5',
  comment: 'Please write a comment',
  commentLong: `Please keep your review under ${REVIEW_COMMENT_MAX} characters`,
  helpfulLoginRequired: 'Please log in to mark reviews helpful',
  /** The site's settings have comments switched off. */
  closed: 'Reviews are closed on this site: new reviews cannot be posted.',
} as const;

/** POST /api/recipes/{id}/reviews */
export const ReviewInputSchema = v.object(
  {
    rating: v.pipe(
      v.number(REVIEW_MESSAGES.rating),
      v.integer(REVIEW_MESSAGES.ratingRange),
      v.minValue(1, REVIEW_MESSAGES.rating),
      v.maxValue(5, REVIEW_MESSAGES.ratingRange),
    ),
    comment: v.pipe(
      v.string(REVIEW_MESSAGES.comment),
      v.trim(),
      v.nonEmpty(REVIEW_MESSAGES.comment),
      v.maxLength(REVIEW_COMMENT_MAX, REVIEW_MESSAGES.commentLong),
    ),
  },
  objectMessage({ rating: REVIEW_MESSAGES.rating, comment: REVIEW_MESSAGES.comment }),
);

export type ReviewInput = v.InferInput<typeof ReviewInputSchema>;

/** A review as GET /api/recipes/{id}/reviews returns it. */
export const ReviewSchema = v.object({
  id: v.number(),
  username: v.string(),
  rating: v.number(),
  /** Plain text exactly as written: render it as text, never as HTML. */
  comment: v.string(),
  ...timestampEntries,
  /** How many people marked it helpful. */
  helpful: v.number(),
  /** Whether the current user already marked it helpful. */
  userFound: v.boolean(),
});
export type Review = v.InferOutput<typeof ReviewSchema>;

/** What POST /api/recipes/{id}/reviews answers: the review and the recipe's new rating. */
export const ReviewWriteResultSchema = v.object({
  review: ReviewSchema,
  recipe: v.object({
    id: v.number(),
    rating: v.number(),
    averageRating: v.number(),
    reviewCount: v.number(),
  }),
});
export type ReviewWriteResult = v.InferOutput<typeof ReviewWriteResultSchema>;

/** What POST /api/reviews/{id}/helpful answers. */
export const HelpfulMarkSchema = v.object({
  id: v.number(),
  helpful: v.number(),
  userFound: v.literal(true),
});
export type HelpfulMark = v.InferOutput<typeof HelpfulMarkSchema>;
