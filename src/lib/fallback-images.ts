import { parseStoredImageUrl, storedImageUrl } from './stored-images.ts';

// When a recipe image is missing or broken, show a stock picture by category (three per
// key, picked by a hash of title + id); the recipe page and detail dialog use 8 generic ones
// picked by id modulo 8.

export const FALLBACK_KEYS = ['appetizers', 'main-course', 'desserts', 'breakfast', 'healthy'] as const;
type FallbackKey = (typeof FALLBACK_KEYS)[number];

/** Categories without their own pictures borrow the nearest key; unknown ones use main-course. */
const KEY_FOR_CATEGORY: Record<string, FallbackKey> = {
  appetizers: 'appetizers',
  sides: 'appetizers',
  salads: 'healthy',
  healthy: 'healthy',
  vegetarian: 'healthy',
  'main-course': 'main-course',
  soups: 'main-course',
  desserts: 'desserts',
  baking: 'desserts',
  breakfast: 'breakfast',
  drinks: 'breakfast',
};

/** A small stable string hash (djb2), so the same recipe always gets the same picture. */
export function hashString(text: string): number {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h << 5) + h + text.charCodeAt(i)) >>> 0;
  return h;
}

/** The category fallback for a card image. */
export function categoryFallbackImage(recipe: { title: string; id: number; category: string }): string {
  const key = KEY_FOR_CATEGORY[recipe.category] ?? 'main-course';
  return `/images/fallback/${key}-${(hashString(`${recipe.title}${recipe.id}`) % 3) + 1}.webp`;
}

/** The fallback for the recipe page hero and the detail dialog. */
export function detailFallbackImage(id: number): string {
  return `/images/fallback/dish-${(Math.abs(id) % 8) + 1}.webp`;
}

/** The small (600 px) variant of a local recipe cover or a stored image, for cards. */
export function smallImage(src: string): string {
  const stored = parseStoredImageUrl(src);
  if (stored) return storedImageUrl(stored.key, 600);
  return /^\/images\/recipes\/[a-z0-9-]+\.webp$/.test(src) ? src.replace(/\.webp$/, '-600.webp') : src;
}
