import { adminOnly, adminRead } from './_shared/admin-routes.ts';
import { json } from './_shared/http.ts';
import { publish } from './_shared/publish.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
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
  { method: 'GET', path: '/api/admin/publish/status', handler: adminRead(publishStatus) },
  {
    method: 'POST',
    path: '/api/admin/publish',
    handler: adminOnly(async (_req, { netlify }, { db }) => {
      await publish({ reason: 'Published by the admin', siteWide: true }, netlify);
      return json(await publishStatus(db), { status: 202 });
    }),
  },
]);
