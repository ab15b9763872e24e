// Numbered list pages (category pages, the blog): page 1 lives at the list's own address, page n
// (n ≥ 2) at `{base}/page/{n}`. There is no `/page/1`: it would duplicate page 1 (netlify.toml
// sends it there with a 301).

/** How many pages `total` items fill at `size` a page; an empty list still has its page 1. */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The site path of page `n` of the list at `base` ("/category/desserts", "/blog"). */
export function pagePath(base: string, n: number): string {
  return n <= 1 ? base : `${base}/page/${n}`;
}

/** The items of page `n` (1-based). */
export function pageItems<T>(items: readonly T[], n: number, size: number): T[] {
  return items.slice((n - 1) * size, n * size);
}

/** One page of a list, as a page template needs it. */
export interface PageInfo {
  /** 1-based. */
  current: number;
  count: number;
  /** Cards per page. */
  size: number;
  /** Items in the whole list. */
  total: number;
  /** The list's address (page 1). */
  base: string;
}

export const firstItemNumber = (p: PageInfo) => (p.current - 1) * p.size + 1;
export const lastItemNumber = (p: PageInfo) => Math.min(p.total, p.current * p.size);

export const prevPath = (p: PageInfo) => (p.current > 1 ? pagePath(p.base, p.current - 1) : undefined);
export const nextPath = (p: PageInfo) => (p.current < p.count ? pagePath(p.base, p.current + 1) : undefined);

/**
 * The page numbers a pagination bar shows: the first, the last and the neighbours of the current
 * page, with 'gap' where numbers are left out (1 … 4 5 6 … 20). A gap of one number shows the
 * number instead, so the bar never hides a single page behind an ellipsis.
 */
export function pageNumbers(current: number, count: number, neighbours = 1): (number | 'gap')[] {
  const shown = new Set<number>([1, count]);
  for (let n = current - neighbours; n <= current + neighbours; n++) if (n >= 1 && n <= count) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous === 2) out.push(n - 1);
    else if (n - previous > 2) out.push('gap');
    out.push(n);
    previous = n;
  }
  return out;
}

/** A page's title: the list's own on page 1, "{title} – Page n" after it (titles stay unique). */
export const pageTitle = (title: string, n: number) => (n > 1 ? `${title} – Page ${n}` : title);

/** A page's meta description: the list's own on page 1, "… Page n of m." after it. */
export function pageDescription(description: string, n: number, count: number): string {
  if (n <= 1) return description;
  const text = description.trim();
  return `${text}${/[.!?]$/.test(text) ? '' : '.'} Page ${n} of ${count}.`;
}

/** What a list page's layout needs of its numbering: title, description and its neighbours' paths. */
export function pageHead(page: PageInfo, title: string, description: string) {
  return {
    title: pageTitle(title, page.current),
    description: pageDescription(description, page.current, page.count),
    prevPath: prevPath(page),
    nextPath: nextPath(page),
  };
}
