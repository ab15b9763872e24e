import * as v from 'valibot';
import { adminOnly } from './_shared/admin-routes.ts';
import { json, parseOrThrow, queryOf, readJson } from './_shared/http.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import { exportContent, importContent } from './_shared/services/content-transfer.ts';

// Content export and import for the admin: GET the whole content as one JSON
// document (a download), POST it back to import it — `?dryRun=1` reports what would change and
// changes nothing.

export const config: Config = {
  path: ['/api/admin/content/export', '/api/admin/content/import'],
  method: ['GET', 'POST'],
};

/** Within Netlify's 6 MB request limit; 1,000 recipes export to about 4 MB. */
const IMPORT_BODY_BYTES = 6 * 1024 * 1024 - 64 * 1024;

const ImportQuery = v.object({
  dryRun: v.optional(
    v.pipe(
      v.picklist(['1', 'true', '0', 'false'], 'dryRun must be 1 or 0'),
      v.transform((s) => s === '1' || s === 'true'),
    ),
    '0',
  ),
});

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/content/export',
    handler: adminOnly(async (_req, _ctx, { db }) => {
      const content = await exportContent(db);
      const day = new Date().toISOString().slice(0, 10);
      return json(content, {
        headers: { 'Content-Disposition': `attachment; filename="forkful-content-${day}.json"` },
      });
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/content/import',
    handler: adminOnly(async (req, { url }, { db, by }) => {
      const { dryRun } = parseOrThrow(ImportQuery, queryOf(url), 'query');
      const input = await readJson(req, v.unknown(), IMPORT_BODY_BYTES);
      return json(await importContent(db, input, { ...by, dryRun }));
    }),
  },
]);
