import { getDb } from '../db/client.ts';
import { areaPolicy } from './_shared/cache/policies.ts';
import { publicOrAdmin } from './_shared/admin-reads.ts';
import { saveWith } from './_shared/admin-routes.ts';
import { json } from './_shared/http.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import { readSettings, saveSettings } from './_shared/services/settings.ts';

// Site settings: GET for everyone (the app reads enableAnalytics and analyticsId at start; every
// settings field is public), PUT for the admin: the full object or part of it (a field left out
// keeps its saved value); it answers the whole settings.

export const config: Config = {
  path: ['/api/settings'],
  method: ['GET', 'PUT'],
};

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/settings',
    handler: publicOrAdmin('settings', async (_req, _ctx, viewer) => {
      const { updatedAt, ...settings } = await readSettings(getDb());
      if (viewer.admin) return json({ ...settings, updatedAt });
      return json(settings, { cache: areaPolicy('settings') });
    }),
  },
  {
    method: 'PUT',
    path: '/api/settings',
    handler: saveWith(saveSettings),
  },
]);
