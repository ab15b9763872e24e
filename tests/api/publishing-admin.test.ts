// The admin publish status route and its guard.
import { describe, expect, it } from 'vitest';
import adminPublish from '../../functions/admin-publish.ts';
import { claimPendingRequest, finishRequest } from '../../functions/_shared/services/publishing.ts';
import { callRoute, databaseAvailable, engine } from '../helpers/test-db.ts';
import { usePublishingSuite } from '../helpers/publishing-suite.ts';

describe.skipIf(!databaseAvailable)(`publishing on ${engine}`, () => {
  const { db, admin, cook, rows } = usePublishingSuite();

  describe('admin status route', () => {
    it.each([
      [
        'GET /api/admin/publish/status',
        (headers: HeadersInit) => callRoute(adminPublish, 'GET', '/api/admin/publish/status', { headers }),
      ],
      [
        'POST /api/admin/publish',
        (headers: HeadersInit) => callRoute(adminPublish, 'POST', '/api/admin/publish', { headers }),
      ],
    ])('%s: 401 for anonymous, 403 for a cook, nothing recorded', async (_route, send) => {
      const anonymous = await send({});
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error).toMatch(/log in/i);
      const user = await send({ cookie: cook.cookie });
      expect(user.status).toBe(403);
      expect(user.body.error).toMatch(/admin/);
      expect(await rows()).toEqual([]);
    });

    it('reports live, then publishing with the request, then live with the time', async () => {
      const get = async () =>
        (
          await callRoute(adminPublish, 'GET', '/api/admin/publish/status', {
            headers: { cookie: admin.cookie },
          })
        ).body;
      expect(await get()).toEqual({
        state: 'live',
        requestedAt: null,
        startedAt: null,
        finishedAt: null,
        liveAt: null,
        error: null,
        reasons: [],
        waitingRatings: 0,
      });
      const posted = await callRoute(adminPublish, 'POST', '/api/admin/publish', {
        headers: { cookie: admin.cookie },
      });
      expect(posted.status).toBe(202);
      expect(posted.body).toMatchObject({ state: 'publishing', reasons: ['Published by the admin'] });
      expect(Date.parse(String(posted.body.requestedAt))).toBeGreaterThan(Date.now() - 60_000);
      const claim = await claimPendingRequest(db(), 'test');
      expect(await get()).toMatchObject({ state: 'publishing', startedAt: expect.any(String) });
      if (claim.kind === 'claimed') await finishRequest(db(), claim.request.id);
      const live = await get();
      expect(live).toMatchObject({ state: 'live', requestedAt: null, error: null });
      expect(live.liveAt).toBe(live.finishedAt);
    });
  });
});
