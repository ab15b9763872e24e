import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

// The real local server (started by the browser project's global setup): API routing through
// the imported function files, static files with netlify.toml rules, and the build hook.

describe('local server', () => {
  const baseUrl = inject('baseUrl');
  /** The build hook's secret, generated into the server's data dir (its build folder is inside it). */
  const hookSecret = () =>
    fs.readFileSync(path.join(inject('buildsDir'), '..', 'build-hook-secret'), 'utf8').trim();

  it.each([
    ['/api/recipes/featured?limit=2', 200],
    ['/api/recipes/search?q=chiken', 200],
    ['/api/categories', 200],
    ['/api/recipes/slug/not-a-recipe', 404],
    ['/api/recipes/abc', 400],
    ['/api/no-such-endpoint', 404],
  ])('GET %s → %i JSON', async (path, status) => {
    const res = await fetch(`${baseUrl}${path}`);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json();
    if (status !== 200) expect(typeof body.error).toBe('string');
  });

  it('routes a parameterless path before a parameterised one (featured is not an id)', async () => {
    const res = await fetch(`${baseUrl}/api/recipes/featured`);
    expect(Array.isArray(await res.json())).toBe(true);
  });

  it('serves pages compressed with the netlify.toml headers', async () => {
    const res = await fetch(`${baseUrl}/`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toContain('<html');
  });

  it('redirects /recipes/{slug} to /recipe/{slug} with 301', async () => {
    const res = await fetch(`${baseUrl}/recipes/some-dish`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/recipe/some-dish');
  });

  it('refuses the local build hook without its secret or from another site', async () => {
    const noSecret = await fetch(`${baseUrl}/__hooks/build`, { method: 'POST' });
    expect(noSecret.status).toBe(403);
    expect((await noSecret.json()).error).toMatch(/secret/);
    const crossSite = await fetch(`${baseUrl}/__hooks/build?secret=${hookSecret()}`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).error).toMatch(/Cross-site/);
  });

  it('queues a rebuild from the local build hook with the secret from the data dir', async () => {
    const res = await fetch(`${baseUrl}/__hooks/build?secret=${hookSecret()}`, { method: 'POST' });
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ queued: true, requestId: expect.any(Number) });
  });
});
