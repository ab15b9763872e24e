import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import { api, ApiRequestError, errorText } from '../../lib/api/client.ts';
import {
  REVIEW_COMMENT_MAX,
  REVIEW_MESSAGES,
  type Review,
  type ReviewWriteResult,
} from '../../lib/schemas/review.ts';
import { showToast } from '../../stores/toasts.ts';
import AuthDialog from '../auth/AuthDialog.tsx';
import StarRating from '../recipe/StarRating.tsx';
import StarInput from './StarInput.tsx';
import { useSessionUser } from '../auth/use-session-user.ts';
import { thumbsUpIcon } from '../../lib/icons/thumbs-up.ts';
import { Icon } from '../shared/Icon.tsx';

// Reviews card: live reviews (username, rating, comment, date, helpful count) and a
// form with a star rating and a comment. Comments are always rendered as text (React escapes
// them), never as HTML. After a review is saved the recipe's new rating is announced with the
// `forkful:recipe-rating` window event, so the page's static stars can follow without a reload.

export interface ReviewsCardProps {
  recipeId: number;
  /** Reviews known at build time: shown at once, then replaced by the live list. */
  initialReviews?: Review[];
  /** False when the site's settings switch comments off: the reviews stay, the form goes. */
  open?: boolean;
}

/** Detail of the `forkful:recipe-rating` event fired after a review is written. */
export type RecipeRatingEvent = CustomEvent<ReviewWriteResult['recipe']>;
export const RECIPE_RATING_EVENT = 'forkful:recipe-rating';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export default function ReviewsCard({ recipeId, initialReviews, open = true }: ReviewsCardProps) {
  const user = useSessionUser();
  const [reviews, setReviews] = useState<Review[] | undefined>(initialReviews);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      setReviews(await api.get('/api/recipes/:id/reviews', { params: { id: recipeId } }));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [recipeId]);

  // Refetched when the user changes: "found helpful" marks belong to whoever is signed in.
  const userId = user?.id ?? null;
  const sessionKnown = user !== undefined;
  useEffect(() => {
    if (!sessionKnown) return;
    void load();
  }, [load, userId, sessionKnown]);

  const own = user ? reviews?.find((r) => r.username === user.username) : undefined;

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(18rem,24rem)]">
      <div>
        {failed && (
          <div
            role="alert"
            className="mb-4 flex flex-wrap items-center gap-3 rounded-xl bg-red-50 p-4 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
          >
            Failed to fetch reviews
            <button type="button" className="btn-ghost min-h-9 px-3 py-1" onClick={() => void load()}>
              Try again
            </button>
          </div>
        )}
        {reviews === undefined && !failed && <p className="muted">Loading reviews…</p>}
        {reviews?.length === 0 && (
          <p className="muted">No reviews yet. Cooked it? Tell others how it turned out.</p>
        )}
        {reviews && reviews.length > 0 && (
          <ul className="grid grid-cols-1 gap-4">
            {reviews.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                isOwn={review.username === user?.username}
                onMarked={(helpful) =>
                  setReviews((list) =>
                    list?.map((r) => (r.id === review.id ? { ...r, helpful, userFound: true } : r)),
                  )
                }
              />
            ))}
          </ul>
        )}
      </div>
      {open ? (
        <ReviewForm
          recipeId={recipeId}
          signedIn={user === undefined ? undefined : user !== null}
          existing={own}
          onSaved={(result) => {
            window.dispatchEvent(new CustomEvent(RECIPE_RATING_EVENT, { detail: result.recipe }));
            void load();
          }}
        />
      ) : (
        <p className="card muted self-start p-6" data-reviews-closed>
          {REVIEW_MESSAGES.closed}
        </p>
      )}
    </div>
  );
}

function ReviewItem({
  review,
  isOwn,
  onMarked,
}: {
  review: Review;
  isOwn: boolean;
  onMarked: (helpful: number) => void;
}) {
  const [busy, setBusy] = useState(false);
  const markHelpful = async () => {
    setBusy(true);
    try {
      const result = await api.post('/api/reviews/:id/helpful', { params: { id: review.id } });
      onMarked(result.helpful);
    } catch (err) {
      const loginNeeded = err instanceof ApiRequestError && err.status === 401;
      showToast({
        title: loginNeeded ? 'Login required' : 'Error',
        description: errorText(
          err,
          loginNeeded
            ? REVIEW_MESSAGES.helpfulLoginRequired
            : 'Could not mark this review helpful. Please try again.',
        ),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  const people = `${review.helpful} ${review.helpful === 1 ? 'person' : 'people'} found this helpful`;
  return (
    <li className="card p-5" data-review-id={review.id}>
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 flex-none items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900 dark:bg-brand-900/50 dark:text-brand-200"
        >
          {review.username.charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold">{review.username}</p>
          <p className="text-xs muted">
            <time dateTime={review.createdAt}>{dateFormat.format(new Date(review.createdAt))}</time>
          </p>
        </div>
        <span className="ml-auto">
          <StarRating tenths={review.rating * 10} />
        </span>
      </div>
      <p className="mt-3 whitespace-pre-line leading-7 text-stone-700 dark:text-stone-300">
        {review.comment}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        {isOwn ? (
          <span className="muted">Your review{review.helpful > 0 ? ` · ${people}` : ''}</span>
        ) : (
          <button
            type="button"
            onClick={() => void markHelpful()}
            disabled={busy || review.userFound}
            aria-pressed={review.userFound}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 py-1 font-medium ring-1 ring-stone-300 hover:bg-brand-50 disabled:cursor-default disabled:opacity-70 aria-pressed:bg-brand-50 aria-pressed:text-brand-800 dark:ring-night-line dark:hover:bg-stone-800 dark:aria-pressed:bg-stone-800 dark:aria-pressed:text-brand-200"
          >
            <Icon icon={thumbsUpIcon} size={16} />
            {review.userFound ? 'Marked helpful' : 'Helpful'} ({review.helpful})
          </button>
        )}
      </div>
    </li>
  );
}

function ReviewForm({
  recipeId,
  signedIn,
  existing,
  onSaved,
}: {
  recipeId: number;
  /** undefined while the session is loading. */
  signedIn: boolean | undefined;
  existing: Review | undefined;
  onSaved: (result: ReviewWriteResult) => void;
}) {
  const ids = useId();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [touched, setTouched] = useState({ rating: false, comment: false });
  const [submitting, setSubmitting] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);

  if (signedIn === undefined) return <div aria-hidden="true" className="card h-40 animate-pulse" />;

  if (!signedIn) {
    return (
      <div className="card self-start p-6">
        <h3 className="font-serif text-xl font-bold">Write a Review</h3>
        <p className="muted mt-2">Please log in to write a review</p>
        <button type="button" className="btn-primary mt-4" onClick={() => setLoginOpen(true)}>
          Login
        </button>
        <AuthDialog open={loginOpen} onOpenChange={setLoginOpen} />
      </div>
    );
  }

  const trimmed = comment.trim();
  const ratingError = touched.rating && rating === 0 ? REVIEW_MESSAGES.rating : undefined;
  const commentError = touched.comment && trimmed === '' ? REVIEW_MESSAGES.comment : undefined;

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setTouched({ rating: true, comment: true });
    if (rating === 0 || trimmed === '') return;
    setSubmitting(true);
    try {
      const result = await api.post('/api/recipes/:id/reviews', {
        params: { id: recipeId },
        body: { rating, comment: trimmed },
      });
      showToast({
        title: existing ? 'Review updated' : 'Review submitted',
        description: existing ? 'Your changes are saved.' : 'Thank you for sharing how it turned out!',
      });
      setRating(0);
      setComment('');
      setTouched({ rating: false, comment: false });
      onSaved(result);
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorText(err, 'Your review could not be saved. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="card self-start space-y-4 p-6"
      aria-labelledby={`${ids}-title`}
    >
      <h3 id={`${ids}-title`} className="font-serif text-xl font-bold">
        {existing ? 'Update your review' : 'Write a Review'}
      </h3>
      {existing && (
        <p className="muted text-sm">You reviewed this recipe already; sending again replaces your review.</p>
      )}
      <div>
        <StarInput
          value={rating}
          onChange={(r) => {
            setRating(r);
            setTouched((t) => ({ ...t, rating: true }));
          }}
          describedBy={ratingError ? `${ids}-rating-error` : undefined}
          invalid={Boolean(ratingError)}
        />
        {ratingError && (
          <p id={`${ids}-rating-error`} className="px-1 text-sm text-red-700 dark:text-red-400">
            {ratingError}
          </p>
        )}
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${ids}-comment`} className="block px-1 text-sm font-semibold">
          Your review
        </label>
        <textarea
          id={`${ids}-comment`}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, comment: true }))}
          maxLength={REVIEW_COMMENT_MAX}
          rows={4}
          placeholder="How did it turn out? Any changes you made?"
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentError ? `${ids}-comment-error` : undefined}
          className="field min-h-28 rounded-2xl"
        />
        {commentError && (
          <p id={`${ids}-comment-error`} className="px-1 text-sm text-red-700 dark:text-red-400">
            {commentError}
          </p>
        )}
      </div>
      <button
        type="submit"
        className="btn-primary w-full disabled:cursor-not-allowed disabled:opacity-60"
        disabled={submitting || rating === 0 || trimmed === ''}
      >
        {submitting ? 'Submitting…' : existing ? 'Update Review' : 'Submit Review'}
      </button>
    </form>
  );
}
