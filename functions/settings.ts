import * as v from 'valibot';
import { getDb } from '../db/client.ts';
import { areaPolicy } from './_shared/cache/policies.ts';
import { publicOrAdmin } from './_shared/admin-reads.ts';
import { json, readJson } from './_shared/http.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import { requireAdmin } from './_shared/session.ts';
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
    handler: async (req, { netlify }) => {
      const db = getDb();
      const admin = await requireAdmin(req, db);
      const input = await readJson(req, v.unknown());
      return json(await saveSettings(db, input, { author: admin.username, context: netlify }));
    },
  },
]);
