// The search page's first request, started from <head> while the HTML is still arriving:
// without it the results wait for the page's module to download and run before their
// request even leaves. The script reads the address the way src/lib/search-query.ts does, asks
// GET /api/recipes/search with the same parameters in the same order (tests/unit/search-start-
// script.test.ts holds the two together), and leaves the pending answer on
// `window.forkfulSearch` for the page's script (components/scripts/search-page.ts), which uses
// it when it wants that very address and aborts it otherwise.
//
// An address with filters (time, diet, exclude, have) is left to the page's module, which reads
// them; the script only shows the skeleton cards for it.
//
// It also sets `<html data-search="loading|idle">` before the first paint, so the page shows the
// skeleton cards, not the suggestions, when it opens with a query (no flash, no shift).
//
// It sits in <head> before the stylesheet on purpose: a script placed after a stylesheet waits for
// it. It is static text (the Content-Security-Policy allows it by hash) folded to one line like
// early-input-script.ts. Keep `limit` equal to SEARCH_RESULT_LIMIT and the 100 to SEARCH_MAX_LENGTH.

const SOURCE = `
  (function (w) {
    var p = new URLSearchParams(location.search),
      q = (p.get('q') || '').slice(0, 100).trim(),
      c = (p.get('category') || '').trim().toLowerCase(),
      k = (p.get('cuisine') || '').trim(),
      f = /(^|&)(time|diet|exclude|have)=./.test(location.search.slice(1)),
      s = new URLSearchParams({ limit: '48' }),
      a,
      u,
      r;
    if (q) s.set('q', q);
    if (c) s.set('category', c);
    if (k) s.set('cuisine', k);
    document.documentElement.setAttribute('data-search', q || c || k || f ? 'loading' : 'idle');
    if (f || !(q || c || k) || !w.fetch || !w.AbortController) return;
    a = new AbortController();
    u = '/api/recipes/search?' + s;
    r = fetch(u, { credentials: 'include', headers: { Accept: 'application/json' }, signal: a.signal });
    r.catch(function () {});
    w.forkfulSearch = { url: u, response: r, controller: a };
  })(window);
`;

/** The inline script's text: each line's indentation and line break removed. */
export const SEARCH_START_SCRIPT = SOURCE.replace(/\n\s*/g, ' ').trim();

/** What the script leaves for the page's module. */
export interface StartedSearch {
  /** The API address asked for, as `routePath` writes it. */
  url: string;
  response: Promise<Response>;
  controller: AbortController;
}
