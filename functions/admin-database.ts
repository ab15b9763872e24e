import { adminRead } from './_shared/admin-routes.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import { applyIndexes, databaseStats } from './_shared/services/database.ts';

// The Cache tab's database panel: "Apply indexes", and every
// table's rows and size. Admin only.

export const config: Config = {
  path: ['/api/admin/database/apply-indexes', '/api/admin/database/stats'],
  method: ['GET', 'POST'],
};

export default defineRoutes([
  { method: 'GET', path: '/api/admin/database/stats', handler: adminRead(databaseStats) },
  { method: 'POST', path: '/api/admin/database/apply-indexes', handler: adminRead(applyIndexes) },
]);
