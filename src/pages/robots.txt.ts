import type { APIRoute } from 'astro';

// /robots.txt: everything public may be crawled; private screens and the API may not. Deploy
// previews are kept out by a noindex meta tag on every page instead (robots.txt cannot see hosts).

export const GET: APIRoute = ({ site }) => {
  const origin = site ?? new URL('http://localhost:8888');
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /saved-recipes',
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).toString()}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
