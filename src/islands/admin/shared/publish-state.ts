import { atom } from 'nanostores';
import type { PublishStatus } from '../../../lib/schemas/publish.ts';

// What the dashboard says about publishing: 'Publishing…' while a build waits
// or runs, then 'Live' with the time, or the failed build's error. Forms call publishRequested()
// after a save so the status is asked for at once rather than at the next slow poll.

/** Poll often while a build is on its way, rarely when the site is live. */
export const FAST_POLL_MS = 1500;
export const SLOW_POLL_MS = 30_000;

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
