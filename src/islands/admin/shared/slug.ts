// SPEC §5 slug rule for the page and post forms: lowercase, strip characters other than word
// characters, spaces and hyphens, spaces to hyphens, collapse repeated hyphens (accents folded,
// underscores to hyphens, so the slug fits the database's check).

export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/_/g, '-')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}
