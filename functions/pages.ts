import { getDb } from '../db/client.ts';
import { pageTag } from './_shared/cache/areas.ts';
import { areaPolicy, footerPolicy } from './_shared/cache/policies.ts';
import { publicOrAdmin } from './_shared/admin-reads.ts';
import { createWith, saveWith, trashWith, updateWith } from './_shared/admin-routes.ts';
import { json, notFound } from './_shared/http.ts';
import { pathParam, SlugParam } from './_shared/params.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import {
  createPage,
  deletePage,
  listPages,
  pageBySlug,
  saveFooter,
  updatePage,
} from './_shared/services/pages.ts';
import { FOOTER_SLUG } from '../src/lib/schemas/page.ts';

// Static pages: GET lists published pages (the admin also sees
// drafts), writes are the admin's. The footer is the page with slug `footer`: GET
// /api/pages/footer answers it (content is a JSON string), PUT /api/pages/footer saves the footer
// form's object.

export const config: Config = {
  path: ['/api/pages', '/api/pages/footer', '/api/pages/:slug', '/api/pages/:id'],
  method: ['GET', 'POST', 'PUT', 'DELETE'],
};

/** Pages are long Markdown documents. */
const PAGE_BODY_BYTES = 512 * 1024;

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/pages',
    handler: publicOrAdmin('pages', async (_req, _ctx, viewer) => {
      const pages = await listPages(getDb(), { drafts: viewer.admin });
      if (viewer.admin) return json(pages);
      return json(pages, { cache: areaPolicy('pages', ...pages.map((p) => pageTag(p.slug))) });
    }),
  },
  {
    method: 'GET',
    path: '/api/pages/footer',
    // The footer's content is a JSON string, kept 5 minutes: by the response cache (the area's
    // TTL), the CDN (s-maxage) and browsers (max-age). The admin's read is fresh and never kept,
    // so the footer form shows what was just saved.
    handler: publicOrAdmin('pages', async (_req, _ctx, viewer) => {
      const page = await pageBySlug(getDb(), FOOTER_SLUG, { drafts: true });
      if (!page) throw notFound('The footer page does not exist; the site shows the default footer.');
      return json(page, viewer.admin ? {} : { cache: footerPolicy(FOOTER_SLUG) });
    }),
  },
  {
    method: 'GET',
    path: '/api/pages/:slug',
    handler: publicOrAdmin('pages', async (_req, { params }, viewer) => {
      const slug = pathParam(SlugParam, params.slug, 'slug');
      const page = await pageBySlug(getDb(), slug, { drafts: viewer.admin });
      if (!page) throw notFound('Page not found.');
      return json(page, viewer.admin ? {} : { cache: areaPolicy('pages', pageTag(page.slug)) });
    }),
  },
  { method: 'POST', path: '/api/pages', handler: createWith(createPage, PAGE_BODY_BYTES) },
  { method: 'PUT', path: '/api/pages/footer', handler: saveWith(saveFooter) },
  { method: 'PUT', path: '/api/pages/:id', handler: updateWith(updatePage, PAGE_BODY_BYTES) },
  { method: 'DELETE', path: '/api/pages/:id', handler: trashWith(deletePage) },
]);
