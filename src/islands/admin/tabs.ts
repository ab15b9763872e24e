// The dashboard's tabs, in the order they are shown, and the pure
// rules of moving between them: the URL hash names the open tab (#categories), and the arrow keys,
// Home and End move along the tab list as WAI-ARIA's tabs pattern describes.

export const ADMIN_TABS = [
  { id: 'recipes', label: 'Recipes' },
  { id: 'generator', label: 'AI Generator' },
  { id: 'categories', label: 'Categories' },
  { id: 'pages', label: 'Pages' },
  { id: 'blog', label: 'Blog' },
  { id: 'subscribers', label: 'Subscribers' },
  { id: 'cache', label: 'Cache' },
  { id: 'settings', label: 'Settings' },
  { id: 'password', label: 'Password' },
] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];

export const DEFAULT_TAB: AdminTabId = 'recipes';

const IDS: readonly string[] = ADMIN_TABS.map((t) => t.id);

export const isAdminTab = (value: string): value is AdminTabId => IDS.includes(value);

/** The tab a location hash names ("#blog", "blog", "#Blog"); the default for anything else. */
export function tabFromHash(hash: string): AdminTabId {
  const id = decodeURIComponent(hash.replace(/^#/, '')).trim().toLowerCase();
  return isAdminTab(id) ? id : DEFAULT_TAB;
}

/** The hash for a tab; the default tab has none, so /admin and /admin#recipes are one place. */
export const hashForTab = (tab: AdminTabId): string => (tab === DEFAULT_TAB ? '' : `#${tab}`);

/**
 * The tab a key press on the tab list moves to (wrapping at both ends), or null when the key is
 * not one the tab list handles.
 */
export function tabForKey(current: AdminTabId, key: string): AdminTabId | null {
  const index = IDS.indexOf(current);
  const count = IDS.length;
  let next: number;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      next = (index + 1) % count;
      break;
    case 'ArrowLeft':
    case 'ArrowUp':
      next = (index - 1 + count) % count;
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = count - 1;
      break;
    default:
      return null;
  }
  return IDS[next] as AdminTabId;
}

/** The admin is the user named admin; the server checks the same on every admin call. */
export const isAdminUser = (user: { username: string } | null | undefined): boolean =>
  user?.username === 'admin';
