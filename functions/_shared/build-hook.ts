// Calls the build hook (docs/DECISIONS.md "Publishing"): a Netlify build hook in production, the local
// server's /__hooks/build under `npm start` (its URL carries the secret). Only functions/_shared/publish.ts
// calls it. The body names the publish request and its scope: Netlify hands it to the build as
// INCOMING_HOOK_BODY, the local server reads it.

/** How long the hook call may take before it is abandoned. */
export const BUILD_HOOK_TIMEOUT_MS = 5000;

export type HookOutcome = { ok: true } | { ok: false; message: string };

/** POSTs to the hook; resolves (never rejects) with whether it accepted. */
export async function callBuildHook(url: string, body: unknown, title: string): Promise<HookOutcome> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { ok: false, message: 'BUILD_HOOK_URL is not a valid URL.' };
  }
  target.searchParams.set('trigger_title', title.slice(0, 200));
  try {
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(BUILD_HOOK_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.ok) return { ok: true };
    return { ok: false, message: `The build hook answered ${res.status}.` };
  } catch (err) {
    const reason =
      (err as Error).name === 'TimeoutError' ? 'it did not answer in time' : (err as Error).message;
    return { ok: false, message: `The build hook could not be called: ${reason}.` };
  }
}
