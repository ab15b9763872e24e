import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import searchResultsPage from '../../functions/search-results.ts';
import { databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// The search function for the search page without JavaScript, called the way Netlify calls it:
// it fetches the built search page from the site (here a small stand-in on 127.0.0.1 with the
// page's markers; the browser test uses the real build) and answers with it filled in.

const TEMPLATE = `<!doctype html><html lang="en"><head><title>Search</title></head><body>
<form action="/search/results" method="get" role="search"><input id="search-q" name="q" type="search"></form>
<button type="button" data-category="desserts" data-name="Desserts">Desserts</button>
<form method="get" action="/search/results" aria-label="Filters" data-search-filters>
<select name="time"><option value="">Any time</option><option value="15">15</option><option value="30">30</option></select>
<input type="checkbox" name="diet" value="vegan" data-filter-diet><input type="checkbox" name="diet" value="vegetarian" data-filter-diet>
<input type="text" name="exclude" data-filter-exclude><input type="text" name="have" data-filter-have>
</form>
<p aria-live="polite" data-search-status></p>
<p data-search-error-message></p>
<ul data-search-results></ul>
</body></html>`;

describe.skipIf(!databaseAvailable)(`the search page without JavaScript on ${engine}`, () => {
  useTestDatabase();
  let site: http.Server;
  let origin = '';

  beforeAll(async () => {
    site = http.createServer((req, res) => {
      if (req.url !== '/search/') return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(TEMPLATE);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  const get = async (query: string) => {
    const res = await searchResultsPage(new Request(`${origin}/search/results?${query}`));
    return { status: res.status, headers: res.headers, body: await res.text() };
  };

  it.each<[string, string, RegExp]>([
    [
      'a time and a diet',
      'q=&time=30&diet=vegetarian&exclude=&have=',
      /found: ready in 30 minutes or less; vegetarian</,
    ],
    ['words', 'q=chicken', /found for “chicken”</],
    ['words in a category', 'q=chocolate&category=desserts', /found for “chocolate” in Desserts</],
    ['what the cook has', 'have=eggs%2C+butter%2C+flour', /found: using eggs, butter, flour</],
  ])('%s: the page with result cards, cached like search', async (_name, query, summary) => {
    const { status, headers, body } = await get(query);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    expect(body).toMatch(/<html data-search="results"/);
    expect(body).toMatch(summary);
    expect((body.match(/data-recipe-card /g) ?? []).length).toBeGreaterThan(0);
    expect(headers.get('Netlify-Cache-Tag')?.split(',')).toContain('search');
    expect(headers.get('Content-Security-Policy')).not.toMatch(/default-src 'none'/);
  });

  it('fills the form with what was asked for', async () => {
    const { body } = await get('q=soup&time=15&diet=vegan&exclude=mushrooms');
    expect(body).toMatch(/<input id="search-q" name="q" type="search" value="soup">/);
    expect(body).toMatch(/<option value="15" selected>/);
    expect(body).toMatch(/value="vegan" data-filter-diet checked>/);
    expect(body).not.toMatch(/value="vegetarian" data-filter-diet checked>/);
    expect(body).toMatch(/name="exclude" data-filter-exclude value="mushrooms">/);
  });

  it.each([
    ['a time not offered', 'time=7', /time must be one of 15, 30, 45, 60/],
    ['an unknown diet', 'diet=carnivore', /diet must be among/],
    [
      'too many ingredients',
      `exclude=${Array.from({ length: 13 }, (_, i) => `x${i}`).join(',')}`,
      /at most 12/,
    ],
  ])('%s is a 400 page saying why', async (_name, query, message) => {
    const { status, body, headers } = await get(query);
    expect(status).toBe(400);
    expect(body).toMatch(/<html data-search="error"/);
    expect(body).toMatch(message);
    expect(headers.get('Cache-Control')).toMatch(/no-store/);
  });

  it('an empty form is the page as it is', async () => {
    const { status, body } = await get('q=&time=&exclude=&have=');
    expect(status).toBe(200);
    expect(body).toMatch(/<html data-search="idle"/);
  });

  it('escapes everything taken from the request', async () => {
    const hostile = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    const { body } = await get(
      `q=${encodeURIComponent(hostile)}&exclude=${encodeURIComponent('<b>x</b>')}&time=${encodeURIComponent('<i>')}`,
    );
    expect(body).not.toContain('<script>alert(1)');
    expect(body).not.toContain('<img src=x');
    expect(body).not.toContain('<b>x</b>');
    expect(body).not.toContain('<i>');
    expect(body).toContain(
      'value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;"',
    );
  });
});
