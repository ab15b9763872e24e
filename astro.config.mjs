// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

// The canonical origin for links, the sitemap and JSON-LD (DESIGN.md §10).
const site = process.env.SITE_URL || 'http://localhost:8888';

export default defineConfig({
  site,
  // Netlify serves /recipe/x from recipe/x/index.html; no trailing-slash redirects needed.
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react()],
  vite: { plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
  // Pages whose getStaticPaths gives a cacheKey (src/lib/site-content.ts) are rendered again only
  // when their key or their source files change: a publish re-renders what it affects (issue 15).
  experimental: { incrementalBuild: true },
});
