import type { ClientDirective } from 'astro';

// `client:settled`: hydrates like `client:idle`, but not before the page's own content is on
// screen. Only the search page has content that arrives after the HTML: its start script marks
// `<html data-search="loading">` until the first answer is drawn (components/search-start-
// script.ts, components/scripts/search-page.ts). An island hydrating meanwhile (the header's
// account menu) downloaded React's ~70 KB beside the results' first picture, and that was the
// page's largest element: Lighthouse's mobile LCP went from 1.4 s to 2.5 s. Everywhere else the
// attribute is never "loading" and this is `client:idle`. The wait is bounded: a search that
// never answers does not leave the island dead.

/** The longest the island waits for the content before it hydrates anyway. */
const MAX_WAIT_MS = 5_000;

const settled: ClientDirective = (load) => {
  const hydrate = async () => {
    const run = await load();
    await run();
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void hydrate());
    else setTimeout(() => void hydrate(), 200);
  };
  const root = document.documentElement;
  const loading = () => root.getAttribute('data-search') === 'loading';
  if (!loading()) {
    whenIdle();
    return;
  }
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    whenIdle();
  };
  const observer = new MutationObserver(() => {
    if (!loading()) go();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-search'] });
  const timer = setTimeout(go, MAX_WAIT_MS);
};

export default settled;
