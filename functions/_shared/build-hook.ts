import type { Context } from '@netlify/functions';

// Static pages carry data from build time (a recipe's rating and review count). After a write
// that changes them, the site asks for a rebuild through BUILD_HOOK_URL (a Netlify build hook in
// production, the local server's rebuild endpoint under `npm start`). The request never waits
// for it and never fails because of it.

/** How long the hook call may take before it is abandoned. */
export const BUILD_HOOK_TIMEOUT_MS = 3000;

/**
 * POSTs to the build hook without delaying the response. On Netlify `context.waitUntil` keeps the
 * function alive until the call ends; elsewhere the promise simply runs on.
 * Returns the promise (resolving to whether the hook accepted) for tests.
 */
export function requestRebuild(reason: string, context: Partial<Context> = {}): Promise<boolean> {
  const url = process.env.BUILD_HOOK_URL;
  if (!url) return Promise.resolve(false);
  const call = fetch(`${url}${url.includes('?') ? '&' : '?'}trigger_title=${encodeURIComponent(reason)}`, {
    method: 'POST',
    signal: AbortSignal.timeout(BUILD_HOOK_TIMEOUT_MS),
  })
    .then((res) => {
      if (!res.ok) console.error(`[build-hook] ${res.status} from the build hook (${reason})`);
      return res.ok;
    })
    .catch((err: unknown) => {
      console.error(`[build-hook] could not call the build hook (${reason}):`, (err as Error).message);
      return false;
    });
  context.waitUntil?.(call);
  return call;
}
