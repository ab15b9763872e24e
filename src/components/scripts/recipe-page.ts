import type { RecipeRatingEvent } from '../../islands/reviews/ReviewsCard.tsx';

// Small behaviour of the prebuilt recipe page that belongs to no island.

/** The event ReviewsCard fires after a review is saved (its RECIPE_RATING_EVENT). */
const RATING_EVENT = 'forkful:recipe-rating';

/** The page's static stars ([data-recipe-stars]) follow the rating after a review is written. */
export function recipeRatingUpdates(): void {
  window.addEventListener(RATING_EVENT, (event) => {
    const { rating, reviewCount } = (event as RecipeRatingEvent).detail;
    void import('../../lib/recipe-card-html.ts').then(({ starsHtml }) => {
      for (const el of document.querySelectorAll<HTMLElement>('[data-recipe-stars]')) {
        el.innerHTML = starsHtml(rating, reviewCount, el.dataset.recipeStars === 'md' ? 'md' : 'sm');
      }
    });
  });
}

/**
 * Start Cooking Mode opens at the servings the reader chose with the scaler (?servings=N).
 * The servings store loads when the link is reached for, so a plain page view pays nothing.
 */
export function cookLinkFollowsServings(recipeId: number): void {
  const link = document.querySelector<HTMLAnchorElement>('a[data-cook-link]');
  if (!link) return;
  const base = new URL(link.href);
  const withServings = async (): Promise<string> => {
    const { $servings } = await import('../../stores/recipe-view.ts');
    const servings = $servings.get()[String(recipeId)];
    const url = new URL(base);
    if (servings) url.searchParams.set('servings', String(servings));
    link.href = url.toString();
    return link.href;
  };
  for (const type of ['pointerdown', 'focus'])
    link.addEventListener(type, () => void withServings(), { passive: true });
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void withServings().then((href) => location.assign(href));
  });
}
