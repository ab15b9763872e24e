import { beforeEach, describe, expect, it } from 'vitest';
import {
  $awaitingLive,
  isAwaitingLive,
  itemKey,
  liveEta,
  markAwaitingLive,
  settleAwaitingLive,
} from '../../src/islands/admin/shared/publish-state.ts';
import type { PublishStatus } from '../../src/lib/schemas/publish.ts';

// A saved category, page or post says when it will be live, and its row says 'Publishing…' until
// the build that took its change has finished (the status is 'live' again, with a newer liveAt).

const status = (over: Partial<PublishStatus>): PublishStatus => ({
  state: 'live',
  requestedAt: null,
  startedAt: null,
  finishedAt: null,
  liveAt: '2026-11-27T10:00:00.000Z',
  error: null,
  reasons: [],
  waitingRatings: 0,
  ...over,
});

describe('items waiting to be live', () => {
  beforeEach(() => $awaitingLive.set({}));
  const key = itemKey('category', 7);

  it('waits through publishing, and ends when the site goes live again after the save', () => {
    const afterSave = status({ state: 'publishing', requestedAt: '2026-11-27T10:05:00.000Z' });
    markAwaitingLive(key, afterSave);
    const awaiting = $awaitingLive.get();
    expect(isAwaitingLive(key, afterSave, awaiting)).toBe(true);
    // The site from before the save is still the live one.
    expect(isAwaitingLive(key, status({}), awaiting)).toBe(true);
    expect(isAwaitingLive(key, status({ state: 'failed', error: 'x' }), awaiting)).toBe(true);
    const live = status({ liveAt: '2026-11-27T10:05:20.000Z', finishedAt: '2026-11-27T10:05:20.000Z' });
    expect(isAwaitingLive(key, live, awaiting)).toBe(false);
    expect(isAwaitingLive(itemKey('page', 7), afterSave, awaiting)).toBe(false);
  });

  it('forgets the items a live status covers, and only those', () => {
    markAwaitingLive(key, status({ state: 'publishing' }));
    settleAwaitingLive(status({ state: 'publishing' }));
    expect(Object.keys($awaitingLive.get())).toEqual([key]);
    settleAwaitingLive(status({ liveAt: '2026-11-27T10:06:00.000Z' }));
    expect($awaitingLive.get()).toEqual({});
  });

  it('a site never published before goes live for the first time', () => {
    markAwaitingLive(key, status({ state: 'publishing', liveAt: null }));
    expect(isAwaitingLive(key, status({ liveAt: null }), $awaitingLive.get())).toBe(true);
    expect(isAwaitingLive(key, status({ liveAt: '2026-11-27T10:06:00.000Z' }), $awaitingLive.get())).toBe(
      false,
    );
  });
});

describe('when a saved change will be live', () => {
  it.each<[string, PublishStatus | null, RegExp]>([
    [
      'no build under way',
      status({ state: 'publishing', requestedAt: '2026-11-27T10:05:00.000Z' }),
      /^Live in about a minute\.$/,
    ],
    ['the status not known', null, /^Live in about a minute\.$/],
    [
      'a build of earlier changes under way',
      status({ state: 'publishing', startedAt: '2026-11-27T10:04:50.000Z' }),
      /^Live in a minute or two: a build is under way, and this change goes in the next one\.$/,
    ],
    ['the last build failed', status({ state: 'failed', error: 'x' }), /next successful publish/],
  ])('%s', (_name, s, text) => {
    expect(liveEta(s)).toMatch(text);
  });
});
