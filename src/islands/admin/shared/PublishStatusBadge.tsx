import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { api, errorText } from '../../../lib/api/client.ts';
import type { PublishStatus } from '../../../lib/schemas/publish.ts';
import { showToast } from '../../../stores/toasts.ts';
import {
  $publishPoke,
  $publishStatus,
  FAST_POLL_MS,
  publishView,
  RETRY_POLL_MS,
  settleAwaitingLive,
  shortTime,
  SLOW_POLL_MS,
} from './publish-state.ts';

// The publishing state at the top of the dashboard (GET /api/admin/publish/status), asked for
// again right after every save and every 1.5 s while a build is on its way. After a failed build
// the admin can publish again.

export default function PublishStatusBadge() {
  const [status, setStatus] = useState<PublishStatus | null>(null);
  const [retrying, setRetrying] = useState(false);
  const poke = useStore($publishPoke);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let stopped = false;
    const tick = async () => {
      clearTimeout(timer.current);
      let next = SLOW_POLL_MS;
      try {
        const fresh = await api.get('/api/admin/publish/status');
        if (stopped) return;
        setStatus(fresh);
        $publishStatus.set(fresh);
        settleAwaitingLive(fresh);
        if (fresh.state === 'publishing') next = FAST_POLL_MS;
      } catch {
        // Keep the last known state and ask again soon: a save's poke that failed must not
        // leave 'Live' showing for a whole slow poll while its publish runs.
        next = RETRY_POLL_MS;
      }
      if (!stopped) timer.current = setTimeout(() => void tick(), next);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer.current);
    };
  }, [poke]);

  const view = publishView(status);
  const publishAgain = async () => {
    setRetrying(true);
    try {
      const fresh = await api.post('/api/admin/publish');
      setStatus(fresh);
      $publishStatus.set(fresh);
      $publishPoke.set($publishPoke.get() + 1);
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorText(err, 'Could not publish.'),
        variant: 'destructive',
      });
    } finally {
      setRetrying(false);
    }
  };

  const look = {
    busy: 'bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950/50 dark:text-amber-100 dark:ring-amber-800',
    live: 'bg-herb-100 text-herb-700 ring-herb-300 dark:bg-stone-800 dark:text-herb-300 dark:ring-stone-700',
    failed: 'bg-red-50 text-red-800 ring-red-300 dark:bg-red-950/40 dark:text-red-200 dark:ring-red-800',
    unknown:
      'bg-stone-100 text-stone-700 ring-stone-200 dark:bg-stone-800 dark:text-stone-300 dark:ring-stone-700',
  }[view.tone];

  return (
    <div className="flex flex-wrap items-center gap-2">
      <p
        role="status"
        data-publish-state={status?.state ?? 'unknown'}
        className={`inline-flex min-h-9 items-center gap-2 rounded-full px-3.5 py-1.5 text-sm font-semibold ring-1 ${look}`}
        title={view.detail ?? undefined}
      >
        {view.tone === 'busy' && (
          <span aria-hidden="true" className="size-2.5 animate-pulse rounded-full bg-amber-500" />
        )}
        {view.tone === 'live' && <span aria-hidden="true" className="size-2.5 rounded-full bg-herb-700" />}
        <span data-publish-label>{view.label}</span>
        {view.at && (
          <time dateTime={view.at} className="font-normal">
            {view.tone === 'busy' ? 'since ' : view.tone === 'live' ? 'since ' : ''}
            {shortTime(view.at)}
          </time>
        )}
      </p>
      {view.tone === 'failed' && (
        <>
          <span className="text-sm text-red-800 dark:text-red-200">{view.detail}</span>
          <button
            type="button"
            className="btn-ghost min-h-9 py-1"
            onClick={() => void publishAgain()}
            disabled={retrying}
          >
            Publish again
          </button>
        </>
      )}
    </div>
  );
}
