// Figures of the Cache tab.

export const CACHE_POLL_MS = 10_000;
export const IMAGE_POLL_MS = 30_000;

/** The cache areas, in the order the panel lists them; areas the server adds come after. */
export const AREA_ORDER = ['recipes', 'categories', 'search', 'featured', 'pages', 'settings'];

export interface AreaStats {
  size: number;
  maxSize: number;
  hits?: number;
  misses?: number;
  hitRatio?: number;
}

export interface ImageStats {
  totalUsed: number;
  localImages: number;
  remoteImages?: number;
  storedImages?: number;
  totalSizeMB: number;
  /** Stored images nothing refers to, older than the grace period (POST /api/admin/images/remove-unused). */
  unusedImages?: number;
  unusedSizeMB?: number;
  /** That grace period: a day unless the server is configured otherwise. */
  unusedGraceSeconds?: number;
}

/** "a day", "2 days", "an hour", "5 seconds": how old an unused image must be, for the labels. */
export function graceText(seconds: number | undefined): string {
  const s = seconds ?? 86_400;
  const units: [number, string, string][] = [
    [86_400, 'a day', 'days'],
    [3_600, 'an hour', 'hours'],
    [60, 'a minute', 'minutes'],
  ];
  for (const [size, one, many] of units)
    if (s >= size && s % size === 0) return s === size ? one : `${s / size} ${many}`;
  return s === 1 ? 'a second' : `${s} seconds`;
}

export function orderedAreas(stats: Record<string, AreaStats>): [string, AreaStats][] {
  const rank = (area: string) => {
    const i = AREA_ORDER.indexOf(area);
    return i === -1 ? AREA_ORDER.length : i;
  };
  return Object.entries(stats).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

/** How full an area is, 0–100 (0 when it has no room at all). */
export function fillPercent(s: AreaStats): number {
  if (!(s.maxSize > 0)) return 0;
  if (s.size <= 0) return 0;
  // Anything cached shows at least a sliver.
  return Math.min(100, Math.max(1, Math.round((s.size / s.maxSize) * 100)));
}

/** "75 %" from the server's ratio, or from hits and misses; "—" before any read. */
export function hitRatioText(s: AreaStats): string {
  const hits = s.hits ?? 0;
  const reads = hits + (s.misses ?? 0);
  if (reads === 0) return '—';
  const ratio = s.hitRatio ?? hits / reads;
  return `${Math.round(ratio * 100)} %`;
}
