import { getDb } from '../db/client.ts';
import { json } from './_shared/http.ts';
import { publish } from './_shared/publish.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import { requireAdmin } from './_shared/session.ts';
import { publishStatus } from './_shared/services/publishing.ts';

// Publishing status for the dashboard (docs/DECISIONS.md "Publishing"): 'Publishing…' while a request waits
// or builds, then 'Live' with the time; a failed build shows its error while the previous site keeps
// serving. POST publishes the whole site again (after a failed build, or a change made outside
// the dashboard).

export const config: Config = {
  path: ['/api/admin/publish/status', '/api/admin/publish'],
  method: ['GET', 'POST'],
};

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/publish/status',
    handler: async (req) => {
      const db = getDb();
      await requireAdmin(req, db);
      return json(await publishStatus(db));
    },
  },
  {
    method: 'POST',
    path: '/api/admin/publish',
    handler: async (req, { netlify }) => {
      const db = getDb();
      await requireAdmin(req, db);
      await publish({ reason: 'Published by the admin', siteWide: true }, netlify);
      return json(await publishStatus(db), { status: 202 });
    },
  },
]);
