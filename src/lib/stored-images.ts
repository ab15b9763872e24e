// Images created at run time (uploads, converted remote images, generated covers) live in the
// image store and are served by the API from this site's origin, content-addressed:
// /api/images/{key}/{width}.webp, where key names the stored original's bytes, so a URL never
// changes meaning and can be cached for a year. Every variant is cropped to 3:2, like the seed's
// covers (1200×800, 600×400), so the pages' width/height attributes hold and nothing shifts.

/** Widths of the WebP variants, largest first: the page hero and the cards. */
export const STORED_IMAGE_WIDTHS = [1200, 600] as const;
export type StoredImageWidth = (typeof STORED_IMAGE_WIDTHS)[number];

/** Width : height of every variant. */
export const STORED_IMAGE_ASPECT = 3 / 2;

const STORED_IMAGE_URL = /^\/api\/images\/([0-9a-f]{32})\/(1200|600)\.webp$/;

export function storedImageUrl(key: string, width: StoredImageWidth): string {
  return `/api/images/${key}/${width}.webp`;
}

/** The key and width of a stored-image URL, or undefined for any other URL. */
export function parseStoredImageUrl(url: string): { key: string; width: StoredImageWidth } | undefined {
  const match = STORED_IMAGE_URL.exec(url);
  return match ? { key: match[1]!, width: Number(match[2]) as StoredImageWidth } : undefined;
}

/**
 * The variant size for an original of `width` × `height`: the largest 3:2 crop, scaled down to
 * `target` wide (never up).
 */
export function variantSize(
  original: { width: number; height: number },
  target: StoredImageWidth,
): { width: number; height: number } {
  const cropWidth = Math.min(original.width, Math.floor(original.height * STORED_IMAGE_ASPECT));
  const width = Math.max(1, Math.min(target, cropWidth));
  return { width, height: Math.max(1, Math.round(width / STORED_IMAGE_ASPECT)) };
}
