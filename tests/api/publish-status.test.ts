import { beforeEach, describe, expect, it } from 'vitest';
import adminPublish from '../../functions/admin-publish.ts';
import {
  claimPendingRequest,
  finishRequest,
  recordPublishRequest,
} from '../../functions/_shared/services/publishing.ts';
import type { PublishStatus } from '../../src/lib/schemas/publish.ts';
import { useAdminSuite } from '../helpers/admin-session.ts';
import { callRoute, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// The publish status tells one coherent story: `finishedAt` is the end of the build it reports
// on, so while publishing it is null (never an earlier build's end before this one's start), and
// once live or failed it is that build's end.

describe.skipIf(!databaseAvailable)(`publish status on ${engine}`, () => {
  const db = useTestDatabase();
  const { admin } = useAdminSuite();

  const status = async (): Promise<PublishStatus> =>
    (await callRoute(adminPublish, 'GET', '/api/admin/publish/status', { headers: { cookie: admin.cookie } }))
      .body as PublishStatus;
  const request = (reason: string) =>
    recordPublishRequest(db(), { reason, siteWide: true }, { content: true });
  const build = async () => {
    const claim = await claimPendingRequest(db(), 'test', { requestedOnly: false });
    if (claim.kind !== 'claimed') throw new Error(`Nothing to build: ${claim.kind}`);
    return claim.request.id;
  };

  /** Publishing never shows a finish before its start, nor any finish at all. */
  const expectCoherent = (s: PublishStatus) => {
    if (s.state === 'publishing') expect(s.finishedAt).toBeNull();
    if (s.startedAt && s.finishedAt)
      expect(Date.parse(s.finishedAt)).toBeGreaterThanOrEqual(Date.parse(s.startedAt));
  };

  beforeEach(async () => {
    await db().deleteFrom('publish_requests').execute();
  });

  it('while a build waits or runs after an earlier one, finishedAt is null; live again, it is the new end', async () => {
    await request('Page "About" updated');
    await finishRequest(db(), await build());
    const first = await status();
    expect(first).toMatchObject({ state: 'live', startedAt: null });
    expect(first.finishedAt).not.toBeNull();
    expect(first.liveAt).toBe(first.finishedAt);

    await request('Category "Soups" created');
    const waiting = await status();
    expect(waiting).toMatchObject({ state: 'publishing', startedAt: null, finishedAt: null });
    expect(waiting.liveAt).toBe(first.liveAt);

    const second = await build();
    const building = await status();
    expect(building).toMatchObject({ state: 'publishing', startedAt: expect.any(String), finishedAt: null });
    expectCoherent(building);

    // A write during the build waits for the next one: still publishing, still no finish.
    await request('Post "Salt" created');
    await finishRequest(db(), second);
    const queued = await status();
    expect(queued).toMatchObject({ state: 'publishing', finishedAt: null });
    expect(Date.parse(queued.liveAt!)).toBeGreaterThanOrEqual(Date.parse(first.liveAt!));

    await finishRequest(db(), await build());
    const live = await status();
    expect(live).toMatchObject({ state: 'live', requestedAt: null, startedAt: null, error: null });
    expect(live.liveAt).toBe(live.finishedAt);
    expect(Date.parse(live.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(building.startedAt!));
  });

  it('a failed build reports its own end; the site before it stays the live one', async () => {
    await request('Page "About" updated');
    await finishRequest(db(), await build());
    const before = await status();
    await request('Page "Terms" updated');
    await finishRequest(db(), await build(), 'astro build exited with 1');
    const failed = await status();
    expect(failed).toMatchObject({ state: 'failed', error: 'astro build exited with 1' });
    expect(failed.liveAt).toBe(before.liveAt);
    expect(Date.parse(failed.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(before.finishedAt!));
    expectCoherent(failed);
  });
});
