import { atom } from 'nanostores';
import type { PublishStatus } from '../../../lib/schemas/publish.ts';

// What the dashboard says about publishing: 'Publishing…' while a build waits
// or runs, then 'Live' with the time, or the failed build's error. Forms call publishRequested()
// after a save so the status is asked for at once rather than at the next slow poll.

/** Poll often while a build is on its way, rarely when the site is live. */
export const FAST_POLL_MS = 1500;
export const SLOW_POLL_MS = 30_000;
/** After a failed poll (a busy or briefly unreachable database): soon, but not hammering. */
export const RETRY_POLL_MS = 5000;

/** Bumped by every content write the dashboard makes. */
export const $publishPoke = atom(0);

export function publishRequested(): void {
  $publishPoke.set($publishPoke.get() + 1);
}

export interface PublishView {
  tone: 'busy' | 'live' | 'failed' | 'unknown';
  /** The short state: 'Publishing…', 'Live', 'Publish failed'. */
  label: string;
  /** The time to show beside it (ISO), if any. */
  at: string | null;
  detail: string | null;
}

/** The badge's words for a status (null while it is unknown). */
export function publishView(status: PublishStatus | null): PublishView {
  if (!status) return { tone: 'unknown', label: 'Checking publishing…', at: null, detail: null };
  if (status.state === 'publishing')
    return {
      tone: 'busy',
      label: 'Publishing…',
      at: status.startedAt ?? status.requestedAt,
      detail: status.reasons.length ? status.reasons.join('; ') : null,
    };
  if (status.state === 'failed')
    return {
      tone: 'failed',
      label: 'Publish failed',
      at: status.finishedAt,
      detail: status.error ?? 'The last build failed; the previous version of the site is still live.',
    };
  return { tone: 'live', label: 'Live', at: status.liveAt, detail: null };
}

/** "14:05:09" today, "25 Nov, 14:05" on another day. */
export function shortTime(iso: string | null, now = new Date()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay
    ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' })
    : date.toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** The latest publish status the dashboard read (the badge keeps it current). */
export const $publishStatus = atom<PublishStatus | null>(null);

/**
 * Items saved from this dashboard that are not on the live site yet: `kind:id` → the time the
 * site then served went live (`liveAt` when it was saved). An item is live once the status is
 * 'live' again with a newer `liveAt`: the build that took its change has finished.
 */
export const $awaitingLive = atom<Readonly<Record<string, string | null>>>({});

/** The key of a listed item in $awaitingLive. */
export const itemKey = (kind: 'category' | 'page' | 'post', id: number) => `${kind}:${id}`;

/** Notes that `key` was just saved; `status` is the publish status read after the save. */
export function markAwaitingLive(key: string, status: PublishStatus | null): void {
  $awaitingLive.set({ ...$awaitingLive.get(), [key]: status?.liveAt ?? null });
}

/** Whether a saved item still waits for its build (pure: the status and what was saved when). */
export function isAwaitingLive(
  key: string,
  status: PublishStatus | null,
  awaiting: Readonly<Record<string, string | null>>,
): boolean {
  if (!(key in awaiting)) return false;
  return !(status?.state === 'live' && status.liveAt !== null && status.liveAt !== awaiting[key]);
}

/** Forgets the items the status shows live (called with every status read). */
export function settleAwaitingLive(status: PublishStatus): void {
  const awaiting = $awaitingLive.get();
  const keys = Object.keys(awaiting);
  if (keys.length === 0) return;
  const left = Object.fromEntries(
    keys.filter((k) => isAwaitingLive(k, status, awaiting)).map((k) => [k, awaiting[k]!]),
  );
  if (Object.keys(left).length !== keys.length) $awaitingLive.set(left);
}

/**
 * When a change just saved will be on the live site, from the publish status read after the
 * save: for the save toast ("Live in about a minute.").
 */
export function liveEta(status: PublishStatus | null): string {
  if (status?.state === 'failed')
    return 'It goes live with the next successful publish: the last one failed (see the status above).';
  if (status?.state === 'publishing' && status.startedAt)
    return 'Live in a minute or two: a build is under way, and this change goes in the next one.';
  return 'Live in about a minute.';
}
