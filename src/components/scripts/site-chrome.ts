// Behaviour shared by every page, kept tiny: the dark-mode toggle, closing the header menus,
// and swapping broken images for their fallback.

const root = document.documentElement;
const THEME_KEY = 'theme';

function storedTheme(): string | null {
  try {
    return localStorage.getItem(THEME_KEY);
  } catch {
    return null;
  }
}

function applyTheme(dark: boolean): void {
  root.classList.toggle('dark', dark);
  for (const button of document.querySelectorAll('[data-theme-toggle]'))
    button.setAttribute('aria-pressed', String(dark));
}

applyTheme(root.classList.contains('dark'));
for (const button of document.querySelectorAll('[data-theme-toggle]')) {
  button.addEventListener('click', () => {
    const dark = !root.classList.contains('dark');
    applyTheme(dark);
    try {
      localStorage.setItem(THEME_KEY, dark ? 'dark' : 'light');
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  });
  // A click that came before this script (EarlyInput.astro held it) is played back now.
  button.dispatchEvent(new Event('forkful:ready'));
}
// Until the visitor picks a theme, follow the system's.
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', (event) => {
  if (!storedTheme()) applyTheme(event.matches);
});

// Search forms go to the search results function, which fills the page in for a visitor without
// script; with script the search page renders its own results, so they go there instead.
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-script-action]'))
  form.action = form.dataset.scriptAction!;

// Header menus are <details>: close them on a link tap, on Escape and on a click elsewhere.
const menus = [...document.querySelectorAll<HTMLDetailsElement>('details[data-menu]')];
for (const menu of menus) {
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a, [data-menu-backdrop]')) menu.open = false;
  });
  menu.addEventListener('toggle', () => {
    if (menu.open) for (const other of menus) if (other !== menu) other.open = false;
  });
  menu.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Node | null;
    if (next && !menu.contains(next)) menu.open = false;
  });
}
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  for (const menu of menus) {
    if (!menu.open) continue;
    menu.open = false;
    menu.querySelector('summary')?.focus();
  }
});
document.addEventListener('click', (event) => {
  for (const menu of menus) if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
});

// Broken images fall back to their data-fallback picture (once, so a broken fallback cannot loop).
function showFallback(img: HTMLImageElement): void {
  const fallback = img.dataset.fallback;
  if (!fallback || img.dataset.fellBack) return;
  img.dataset.fellBack = 'true';
  img.removeAttribute('srcset');
  img.src = fallback;
}
document.addEventListener(
  'error',
  (event) => {
    if (event.target instanceof HTMLImageElement) showFallback(event.target);
  },
  true,
);
// Images that failed before this script ran.
for (const img of document.images) {
  if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) showFallback(img);
}
