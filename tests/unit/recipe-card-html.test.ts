import { describe, expect, it } from 'vitest';
import { recipeCardHtml, type CardRecipe } from '../../src/lib/recipe-card-html.ts';

// How a card's picture loads: lazily below the first screen, at once on it, and ahead of the
// other pictures when it is the page's largest element (the first search result).

const recipe: CardRecipe = {
  id: 7,
  slug: 'tomato-soup',
  title: 'Tomato <Soup>',
  description: 'Smooth and bright.',
  image: '/images/recipes/tomato-soup.webp',
  category: 'soups',
  cuisine: 'Italian',
  totalTime: 35,
  servings: 4,
  calories: 210,
  rating: 45,
  reviewCount: 3,
};

const imgOf = (html: string) => /<img [^>]*>/.exec(html)?.[0] ?? '';

describe('recipeCardHtml picture loading', () => {
  it.each([
    { options: {}, loading: 'lazy', priority: false },
    { options: { eager: true }, loading: 'eager', priority: false },
    { options: { priority: true }, loading: 'eager', priority: true },
    { options: { eager: true, priority: true }, loading: 'eager', priority: true },
  ])('$options → loading=$loading, high priority $priority', ({ options, loading, priority }) => {
    const img = imgOf(recipeCardHtml(recipe, options));
    expect(img).toContain(`loading="${loading}"`);
    expect(img.includes('fetchpriority="high"')).toBe(priority);
    expect(img).toContain('src="/images/recipes/tomato-soup-600.webp"');
  });

  it('escapes the title', () => {
    expect(recipeCardHtml(recipe)).toContain('Tomato &lt;Soup&gt;');
  });
});
