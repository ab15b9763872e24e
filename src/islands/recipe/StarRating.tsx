// Read-only stars for islands, drawn like Stars.astro with the `stars` utility (one element,
// fill width from --stars), so the dialog and search results match the static pages.

export interface StarRatingProps {
  /** Tenths of a star, 0-50 (45 means 4.5). */
  tenths: number;
  count?: number;
  size?: 'sm' | 'md';
}

export default function StarRating({ tenths, count, size = 'sm' }: StarRatingProps) {
  const stars = Math.max(0, Math.min(50, Math.round(tenths))) / 10;
  const label =
    count === undefined
      ? `Rated ${stars.toFixed(1)} out of 5`
      : `Rated ${stars.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`;
  return (
    <span className="inline-flex items-center gap-1.5" role="img" aria-label={label}>
      <span
        className="stars"
        style={{
          ['--stars' as string]: stars,
          ['--star-size' as string]: size === 'sm' ? '1rem' : '1.25rem',
        }}
      />
      <span className="text-sm text-stone-600 dark:text-stone-400" aria-hidden="true">
        {stars.toFixed(1)}
        {count !== undefined && ` (${count})`}
      </span>
    </span>
  );
}
