// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { finishPages } from './src/integrations/finish-pages.ts';
import { settledDirective } from './src/integrations/settled-directive.ts';
import { reactRenderToString } from './src/integrations/react-render-to-string.ts';
import { siteUrl } from './src/lib/site-url.ts';
import { serviceWorker } from './src/integrations/service-worker.ts';

// The canonical origin for links, the sitemap and JSON-LD: SITE_URL, else Netlify's own address
// for this deploy, else the local server's.
const site = siteUrl(process.env);

export default defineConfig({
  site,
  // Netlify serves /recipe/x from recipe/x/index.html; no trailing-slash redirects needed.
  trailingSlash: 'ignore',
  // Eight pages at a time (Astro renders one by default): a page's render waits on file writes and
  // on the build worker's database (over IPC to the local server), and the other pages render in
  // those waits. 1,000 recipes: pages 14.5 → 11.6 s at 4 (8 no faster); 10,000: full build 96–98 s
  // at 4, 91–92 s at 8, 92.5 s at 16. The output is byte-identical to one at a time.
  build: { format: 'directory', concurrency: 8 },
  // React islands render with renderToString, not through a web stream per island (faster, the
  // same HTML: src/integrations/react-render-to-string.ts keeps their useId prefixes).
  integrations: [
    react({ experimentalDisableStreaming: true }),
    settledDirective(),
    finishPages(),
    serviceWorker(),
  ],
  vite: {
    plugins: [tailwindcss(), reactRenderToString()],
    // The one chunk over Vite's 500 kB default is the password estimator's dictionaries (≈900 kB,
    // 470 kB gzip), loaded only when someone types in a new-password field; what pages load on
    // arrival is held to the budgets in tests/site/budgets.test.ts instead.
    build: { chunkSizeWarningLimit: 1000 },
  },
  devToolbar: { enabled: false },
  // Shiki colours code with inline styles, which the CSP below does not hash; posts and pages
  // have no code blocks, and any that come get plain <pre><code>.
  markdown: { syntaxHighlight: false },
  security: {
    // Astro's CSP: a <meta> per page whose script-src and style-src list 'self' and the hashes of
    // that page's inline scripts and styles (finish-pages.ts adds the is:inline ones), so no
    // injected script runs. The <meta> travels with the HTML, so Netlify and the local server
    // enforce the same policy; netlify.toml's header adds what a <meta> cannot carry
    // (frame-ancestors). Style *attributes* (style="--stars:4.5", progress widths) cannot run
    // code and are allowed; style elements still need their hash.
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob: https:",
        "media-src 'self' https:",
        "font-src 'self'",
        "connect-src 'self'",
        'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ],
      scriptDirective: { resources: ["'self'"] },
      // style-src keeps Astro's default ('self' plus hashes); only style-src-attr is relaxed.
      styleDirective: { resources: [{ resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  // Pages whose getStaticPaths gives a cacheKey (src/data/site-content.ts) are rendered again only
  // when their key or their source files change: a publish re-renders what it affects.
  experimental: { incrementalBuild: true },
});
