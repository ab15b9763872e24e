import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configuredSiteOrigin, configuredSiteUrl, siteUrl } from '../../src/lib/site-url.ts';
import { ROOT } from '../helpers/paths.ts';

// The site's canonical URL comes from one function: SITE_URL, else Netlify's own variables (URL
// for production, DEPLOY_PRIME_URL for a deploy preview or branch deploy), else localhost.

describe('siteUrl', () => {
  const production = 'https://forkful.example';
  const prime = 'https://deploy-preview-7--forkful.netlify.app';
  it.each([
    [
      'SITE_URL wins everywhere',
      { SITE_URL: 'https://cook.example/', NETLIFY: 'true', URL: production },
      'https://cook.example',
    ],
    ['local, nothing set', {}, 'http://localhost:8888'],
    ['local, Netlify variables without NETLIFY are not ours', { URL: production }, 'http://localhost:8888'],
    [
      'Netlify production',
      { NETLIFY: 'true', CONTEXT: 'production', URL: production, DEPLOY_PRIME_URL: prime },
      production,
    ],
    [
      'Netlify deploy preview',
      { NETLIFY: 'true', CONTEXT: 'deploy-preview', URL: production, DEPLOY_PRIME_URL: prime },
      prime,
    ],
    [
      'Netlify branch deploy',
      { NETLIFY: 'true', CONTEXT: 'branch-deploy', URL: production, DEPLOY_PRIME_URL: prime },
      prime,
    ],
    [
      'Netlify without CONTEXT (a function at run time)',
      { NETLIFY: 'true', URL: production, DEPLOY_PRIME_URL: prime },
      production,
    ],
    ['Netlify with only DEPLOY_PRIME_URL', { NETLIFY: 'true', DEPLOY_PRIME_URL: prime }, prime],
    ['an empty SITE_URL counts as unset', { SITE_URL: ' ', NETLIFY: 'true', URL: production }, production],
  ])('%s', (_name, env, expected) => {
    expect(siteUrl(env)).toBe(expected);
  });

  it('configured only when the environment names one; the origin drops the path', () => {
    expect(configuredSiteUrl({})).toBeUndefined();
    expect(configuredSiteOrigin({ SITE_URL: 'https://cook.example/blog/' })).toBe('https://cook.example');
    expect(configuredSiteOrigin({ SITE_URL: 'not a url' })).toBeUndefined();
  });

  it('is the only reader of SITE_URL in the code that serves and builds the site', () => {
    const readers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        const rel = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(rel);
        else if (/\.(ts|tsx|mjs|astro)$/.test(entry.name)) {
          const text = fs.readFileSync(path.join(ROOT, rel), 'utf8');
          // Reading it (not setting it, as the local server does for its own address).
          if (/env\.SITE_URL(?!\s*\|\|=)/.test(text) && rel !== path.join('src', 'lib', 'site-url.ts'))
            readers.push(rel);
        }
      }
    };
    for (const dir of ['src', 'functions', 'db', 'scripts']) walk(dir);
    if (/env\.SITE_URL/.test(fs.readFileSync(path.join(ROOT, 'astro.config.mjs'), 'utf8')))
      readers.push('astro.config.mjs');
    expect(readers).toEqual([]);
  });
});
