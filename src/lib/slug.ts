// The slug rule: lowercase, strip characters other than word characters, spaces and hyphens,
// spaces to hyphens, collapse repeated hyphens. Accents are folded first (crème → creme, as
// WordPress does) and underscores become hyphens, so every slug fits the database's
// `^[a-z0-9]+(-[a-z0-9]+)*$` check.

/** The slug of a title ('' when nothing usable is left). */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/_/g, '-')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120)
    .replace(/-$/, '');
}

/** The first of `base`, `base-2`, `base-3`… that `taken` does not hold. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
