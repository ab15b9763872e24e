import { getDb } from '../db/client.ts';
import { json } from './_shared/http.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import { applyIndexes, databaseStats } from './_shared/services/database.ts';
import { requireAdmin } from './_shared/session.ts';

// The Cache tab's database panel: "Apply indexes", and every
// table's rows and size. Admin only.

export const config: Config = {
  path: ['/api/admin/database/apply-indexes', '/api/admin/database/stats'],
  method: ['GET', 'POST'],
};

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/database/stats',
    handler: async (req) => {
      const db = getDb();
      await requireAdmin(req, db);
      return json(await databaseStats(db));
    },
  },
  {
    method: 'POST',
    path: '/api/admin/database/apply-indexes',
    handler: async (req) => {
      const db = getDb();
      await requireAdmin(req, db);
      return json(await applyIndexes(db));
    },
  },
]);
