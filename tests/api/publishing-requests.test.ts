// Publish requests: recorded and merged, a hook call each, one build at a time, hook failures, stale caches.
import { describe, expect, it } from 'vitest';
import deploySucceeded from '../../functions/deploy-succeeded.ts';
import { cacheKey, cachedResponse } from '../../functions/_shared/cache/cached-response.ts';
import { setPurgeTarget } from '../../functions/_shared/cache/cdn-purge.ts';
import { isCached } from '../../functions/_shared/cache/local-cache.ts';
import { areaPolicy } from '../../functions/_shared/cache/policies.ts';
import { json } from '../../functions/_shared/http.ts';
import { publish, publishingSettled } from '../../functions/_shared/publish.ts';
import {
  claimPendingRequest,
  finishRequest,
  publishStatus,
  runningRequest,
} from '../../functions/_shared/services/publishing.ts';
import { claimDeployBuild } from '../../scripts/lib/deploy-claim.ts';
import type { PublishScope } from '../../src/lib/schemas/publish.ts';
import { databaseAvailable, engine } from '../helpers/test-db.ts';
import { usePublishingSuite, BURST_TEST_MS, sleep, startServer } from '../helpers/publishing-suite.ts';

describe.skipIf(!databaseAvailable)(`publishing on ${engine}`, () => {
  const suite = usePublishingSuite();
  const { db, hookCalls, hook, recipe, rows } = suite;

  it('records a write as the pending request and calls the build hook once with its id and scope', async () => {
    await publish({ reason: 'Recipe 7 updated', recipes: [recipe(7)] });
    await publishingSettled();
    const [row] = await rows();
    expect(row).toMatchObject({ content: true, started_at: null });
    expect(row!.hook_called_at).toBeInstanceOf(Date);
    expect(hookCalls).toHaveLength(1);
    expect(hookCalls[0]!.url).toBe('/build_hooks/abc?trigger_title=Recipe+7+updated');
    expect(hookCalls[0]!.body).toEqual({
      requestId: row!.id,
      scope: { reason: 'Recipe 7 updated', recipes: [recipe(7)] },
    });
  });

  it('folds 50 writes (25 at once, 25 one after another) into one request and one hook call', async () => {
    await Promise.all(
      Array.from({ length: 25 }, (_, i) => publish({ reason: `Write ${i}`, recipes: [recipe(i + 1)] })),
    );
    for (let i = 25; i < 50; i++) await publish({ reason: `Write ${i}`, recipes: [recipe(i + 1)] });
    await publishingSettled();
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]!.scope).toMatchObject({ writes: 50 });
    expect(all[0]!.scope.recipes).toHaveLength(50);
    expect(hookCalls).toHaveLength(1);
  });

  it(
    '50 writes while deploys run: 2 hook calls and 2 deploys, each write in one of them',
    async () => {
      // A stand-in for Netlify: each hook call queues a deploy; its build claims what waits
      // (scripts/prepare-database.ts), builds until the burst is over, and the deploy's end fires
      // deploy-succeeded. Writes made during a deploy call no hook: the event asks for one more.
      const deploys: PublishScope['recipes'][] = [];
      let burstOver = false;
      let queue = Promise.resolve();
      suite.onHook = () => {
        queue = queue.then(async () => {
          const deployId = `deploy-${hookCalls.length}`;
          await claimDeployBuild(db(), { DEPLOY_ID: deployId });
          const carried = (await runningRequest(db()))?.scope.recipes ?? [];
          deploys.push(carried);
          while (!burstOver) await sleep(50);
          await sleep(100);
          await deploySucceeded(
            new Request('http://localhost/.netlify/functions/deploy-succeeded', {
              method: 'POST',
              body: JSON.stringify({ payload: { id: deployId, state: 'ready' } }),
            }),
          );
        });
      };
      for (let i = 1; i <= 25; i++) await publish({ reason: `Write ${i}`, recipes: [recipe(i)] });
      await sleep(300);
      for (let i = 26; i <= 50; i++) {
        await publish({ reason: `Write ${i}`, recipes: [recipe(i)] });
        await sleep(20);
      }
      burstOver = true;
      await publishingSettled();
      await expect.poll(async () => (await publishStatus(db())).state, { timeout: 30_000 }).toBe('live');
      await queue;
      expect(hookCalls).toHaveLength(2);
      expect(deploys).toHaveLength(2);
      const built = new Set(deploys.flatMap((list) => (list ?? []).map((r) => r.id)));
      expect(built.size).toBe(50);
    },
    BURST_TEST_MS,
  );

  it('never runs two builds at once: a second claim waits for the first to finish', async () => {
    await publish({ reason: 'First' });
    const first = await claimPendingRequest(db(), 'a');
    expect(first.kind).toBe('claimed');
    await publish({ reason: 'Second' });
    const second = await claimPendingRequest(db(), 'b');
    expect(second).toMatchObject({ kind: 'busy', running: { scope: { reasons: ['First'] } } });
    if (first.kind === 'claimed') await finishRequest(db(), first.request.id);
    expect(await claimPendingRequest(db(), 'b')).toMatchObject({
      kind: 'claimed',
      request: { scope: { reasons: ['Second'] } },
    });
  });

  it('says why when the build hook cannot be reached, and calls it again on the next write', async () => {
    process.env.BUILD_HOOK_URL = 'http://127.0.0.1:9/unreachable';
    await publish({ reason: 'Recipe 1 updated' });
    await publishingSettled();
    expect(await publishStatus(db())).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/^The build hook could not be called/),
    });
    process.env.BUILD_HOOK_URL = `${hook.url}/build_hooks/abc`;
    await publish({ reason: 'Recipe 2 updated' });
    await publishingSettled();
    expect(hookCalls).toHaveLength(1);
    expect(await publishStatus(db())).toMatchObject({
      state: 'publishing',
      error: null,
      reasons: ['Recipe 1 updated', 'Recipe 2 updated'],
    });
  });

  it('says so when no build hook is configured', async () => {
    delete process.env.BUILD_HOOK_URL;
    await publish({ reason: 'Recipe 1 updated' });
    expect(await publishStatus(db())).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/BUILD_HOOK_URL is not set/),
    });
  });

  it('drops what went stale from the response cache, and purges the CDN by tag when deployed', async () => {
    const url = new URL('http://127.0.0.1/api/recipes/5');
    await cachedResponse('recipes', url, async () =>
      json({ id: 5 }, { cache: areaPolicy('recipes', 'recipe-5') }),
    );
    const settingsUrl = new URL('http://127.0.0.1/api/settings');
    await cachedResponse('settings', settingsUrl, async () => json({}, { cache: areaPolicy('settings') }));
    expect(isCached('recipes', cacheKey(url))).toBe(true);

    const purges: { auth: string | undefined; body: { cache_tags: string[]; site_id: string } }[] = [];
    const api = await startServer(async (req, body) => {
      purges.push({ auth: req.headers.authorization, body: JSON.parse(body) });
      return [202, ''];
    });
    setPurgeTarget({ token: 'purge-token', siteID: 'site-123', apiURL: api.url });
    try {
      await publish({ reason: 'Recipe 5 updated', recipes: [recipe(5)] });
      expect(isCached('recipes', cacheKey(url))).toBe(false); // at once, before the purge ends
      await publishingSettled();
    } finally {
      setPurgeTarget(null);
      await api.close();
    }
    expect(isCached('settings', cacheKey(settingsUrl))).toBe(true);
    expect(purges).toEqual([
      {
        auth: 'Bearer purge-token',
        body: {
          cache_tags: ['recipes', 'search', 'featured', 'recipe-5', 'category-desserts'],
          site_id: 'site-123',
        },
      },
    ]);
  });
});
