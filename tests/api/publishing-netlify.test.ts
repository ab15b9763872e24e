// Publishing on Netlify: the build claims what waits, deploy events finish it, the hourly check.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import deployFailed from '../../functions/deploy-failed.ts';
import deploySucceeded from '../../functions/deploy-succeeded.ts';
import publishSchedule from '../../functions/publish-schedule.ts';
import { publish, publishingSettled } from '../../functions/_shared/publish.ts';
import {
  pendingRequest,
  publishStatus,
  recordPublishRequest,
} from '../../functions/_shared/services/publishing.ts';
import { claimDeployBuild } from '../../scripts/lib/deploy-claim.ts';
import { databaseAvailable, engine } from '../helpers/test-db.ts';
import { usePublishingSuite } from '../helpers/publishing-suite.ts';

describe.skipIf(!databaseAvailable)(`publishing on ${engine}`, () => {
  const { db, hookCalls, recipe, rows } = usePublishingSuite();

  describe('on Netlify (the build claims, deploy events finish, the hourly check)', () => {
    const event = (id: string, extra: Record<string, unknown> = {}) =>
      new Request('http://localhost/.netlify/functions/deploy-event', {
        method: 'POST',
        body: JSON.stringify({ payload: { id, ...extra }, site: { name: 'forkful' } }),
      });
    const status = () => publishStatus(db());

    it('Publishing… through the deploy, Live after it; a write during it gets one hook call after it', async () => {
      expect((await status()).state).toBe('live');
      await publish({ reason: 'Recipe 7 updated', recipes: [recipe(7)] });
      await publishingSettled();
      expect(hookCalls).toHaveLength(1);
      expect(await status()).toMatchObject({ state: 'publishing', startedAt: null });

      // The build reads the database: it claims the request as this deploy's.
      expect(await claimDeployBuild(db(), { DEPLOY_ID: 'd1' })).toMatch(/carries publish request/);
      expect(await status()).toMatchObject({ state: 'publishing', startedAt: expect.any(String) });

      // Writes while it runs wait for its end: no hook call now, however many.
      for (const id of [8, 9, 10]) await publish({ reason: `Recipe ${id} updated`, recipes: [recipe(id)] });
      await publishingSettled();
      expect(hookCalls).toHaveLength(1);

      const ended = await deploySucceeded(event('d1', { state: 'ready' }));
      expect(ended.status).toBe(200);
      expect(await ended.json()).toMatchObject({ finished: expect.any(Number), hookCalled: true });
      await publishingSettled();
      expect(hookCalls).toHaveLength(2);
      expect(hookCalls[1]!.body.scope?.reason).toMatch(/Recipe 8 updated/);
      // The first deploy is live; the writes made during it are publishing.
      expect(await status()).toMatchObject({ state: 'publishing', liveAt: expect.any(String), error: null });

      expect(await claimDeployBuild(db(), { DEPLOY_ID: 'd2' })).toMatch(/3 write\(s\)/);
      await deploySucceeded(event('d2', { state: 'ready' }));
      await publishingSettled();
      expect(hookCalls).toHaveLength(2);
      expect(await status()).toMatchObject({ state: 'live', error: null, reasons: [] });
    });

    it("a failed deploy says 'failed' with Netlify's error, starts no build of its own, and the next write recovers", async () => {
      await publish({ reason: 'Category desserts updated', categories: ['desserts'] });
      await claimDeployBuild(db(), { DEPLOY_ID: 'd3' });
      const failed = await deployFailed(
        event('d3', { state: 'error', error_message: 'Build script returned non-zero exit code: 2' }),
      );
      expect(failed.status).toBe(200);
      await publishingSettled();
      expect(await status()).toMatchObject({
        state: 'failed',
        error: 'The deploy failed: Build script returned non-zero exit code: 2',
      });
      expect(hookCalls).toHaveLength(1);
      await publish({ reason: 'Category desserts updated again', categories: ['desserts'] });
      await publishingSettled();
      expect(hookCalls).toHaveLength(2);
      expect((await status()).state).toBe('publishing');
    });

    it('a deploy that failed before it claimed anything marks the hook call failed, and calls nothing', async () => {
      await publish({ reason: 'Page about-us updated', pages: ['about-us'] });
      await publishingSettled();
      expect(hookCalls).toHaveLength(1);
      await deployFailed(event('d4', { error_message: 'DATABASE_URL is not set' }));
      await publishingSettled();
      expect(hookCalls).toHaveLength(1);
      expect(await status()).toMatchObject({
        state: 'failed',
        error: 'The deploy failed: DATABASE_URL is not set',
      });
      // The hourly check asks for it once more.
      const hourly = await publishSchedule(new Request('http://localhost/', { method: 'POST', body: '{}' }));
      expect(await hourly.json()).toMatchObject({ retried: true });
      await publishingSettled();
      expect(hookCalls).toHaveLength(2);
    });

    it('a build waits for the previous deploy to report back before it claims, then goes on without', async () => {
      await publish({ reason: 'First' });
      await claimDeployBuild(db(), { DEPLOY_ID: 'd5' });
      await publish({ reason: 'Second' });
      const line = await claimDeployBuild(db(), { DEPLOY_ID: 'd6' }, { waitMs: 300, pollMs: 50 });
      expect(line).toMatch(/netlify:d5 has not reported back|\(netlify:d5\) has not reported back/);
      expect(await claimDeployBuild(db(), {})).toMatch(/no DEPLOY_ID/);
    });

    it('the hourly check publishes rating changes that waited an hour, and requeues a build that never reported back', async () => {
      await db()
        .insertInto('publish_slots')
        .values({ name: 'reviews', used_at: sql`now() - interval '61 minutes'` })
        .execute();
      await recordPublishRequest(
        db(),
        { reason: 'Ratings changed', recipes: [recipe(3)] },
        { content: false },
      );
      const hourly = () =>
        publishSchedule(new Request('http://localhost/', { method: 'POST', body: '{}' })).then(
          (r) => r.json() as Promise<{ expired: number; ratings: boolean; retried: boolean }>,
        );
      expect(await hourly()).toEqual({ expired: 0, ratings: true, retried: false });
      await publishingSettled();
      expect(hookCalls).toHaveLength(1);

      // That deploy's build claims it, and its event never comes.
      await claimDeployBuild(db(), { DEPLOY_ID: 'lost' });
      await db()
        .updateTable('publish_requests')
        .set({ started_at: sql`now() - interval '31 minutes'` })
        .where('builder', '=', 'netlify:lost')
        .execute();
      expect(await hourly()).toMatchObject({ expired: 1, retried: true });
      await publishingSettled();
      expect(hookCalls).toHaveLength(2);
      expect((await pendingRequest(db()))?.scope.recipes).toEqual([recipe(3)]);
      expect(await publishSchedule(new Request('http://localhost/'))).toHaveProperty('status', 405);
    });

    it.each([
      ['not JSON', 'nope', 400],
      ['no payload', '{}', 400],
      ['no deploy id', '{"payload":{}}', 400],
      ['an id too long', JSON.stringify({ payload: { id: 'x'.repeat(101) } }), 400],
    ])('a deploy event with %s is refused (%i) and changes nothing', async (_name, body, code) => {
      await publish({ reason: 'Waiting' });
      await claimDeployBuild(db(), { DEPLOY_ID: 'd7' });
      const before = await rows();
      for (const handler of [deploySucceeded, deployFailed]) {
        const res = await handler(new Request('http://localhost/', { method: 'POST', body }));
        expect(res.status).toBe(code);
        expect(((await res.json()) as { error: string }).error).toMatch(/deploy event/);
      }
      expect(await rows()).toEqual(before);
      expect((await deploySucceeded(new Request('http://localhost/'))).status).toBe(405);
    });
  });
});
