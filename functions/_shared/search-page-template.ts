// The built search page (/search/), read by the search function that fills it in for visitors
// without JavaScript (functions/search-results.ts): fetched from the site itself, where the CDN
// (Netlify) or the local server (npm start) serves the current build, so the filled page has that
// build's header, footer, styles and scripts. Kept a minute per site address: a publish that
// rebuilds the page reaches the filled page within a minute.

const TEMPLATE_TTL_MS = 60_000;

const kept = new Map<string, { html: string; until: number }>();

/** The search page as built, from the site at `origin`. */
export async function searchPageTemplate(origin: string): Promise<string> {
  const hit = kept.get(origin);
  if (hit && hit.until > Date.now()) return hit.html;
  const res = await fetch(new URL('/search/', origin), { headers: { Accept: 'text/html' } });
  if (!res.ok) throw new Error(`GET ${origin}/search/ answered ${res.status}`);
  const html = await res.text();
  kept.set(origin, { html, until: Date.now() + TEMPLATE_TTL_MS });
  return html;
}
