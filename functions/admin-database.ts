import { getDb } from '../db/client.ts';
import { json } from './_shared/http.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import { applyIndexes } from './_shared/services/database.ts';
import { requireAdmin } from './_shared/session.ts';

// The Cache tab's "Apply indexes" (SPEC §7 Admin): admin only.

export const config: Config = {
  path: ['/api/admin/database/apply-indexes'],
  method: ['POST'],
};

export default defineRoutes([
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
