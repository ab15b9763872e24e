import * as v from 'valibot';
import type { Db } from '../../db/client.ts';
import { readBodyCapped } from '../../functions/_shared/capped-body.ts';
import { ApiError } from '../../functions/_shared/http.ts';
import { claimHookCall } from '../../functions/_shared/services/publish-hook-calls.ts';
import { recordPublishRequest } from '../../functions/_shared/services/publishing.ts';
import { BuildHookBodySchema } from '../../src/lib/schemas/publish.ts';
import { ensureDataDirSecret, localAnswer as answer, secretMatches } from './local-endpoint.ts';

// The local server's build hook (POST /__hooks/build), standing in for a Netlify build hook:
// publish() calls it with the request it recorded; anyone else needs the secret generated into
// the data dir (BUILD_HOOK_URL carries it) and may not call it from a web page.

export const BUILD_HOOK_PATH = '/__hooks/build';
const SECRET_FILE = 'build-hook-secret';
const SECRET_HEADER = 'x-build-hook-secret';
const MAX_BODY_BYTES = 64 * 1024;

/** The hook's secret, generated once into the data dir (readable by its owner only). */
export function ensureBuildHookSecret(dataDir: string): string {
  return ensureDataDirSecret(dataDir, SECRET_FILE);
}

/** BUILD_HOOK_URL for the local server: the hook's address with the secret. */
export function localBuildHookUrl(origin: string, secret: string): string {
  return `${origin}${BUILD_HOOK_PATH}?secret=${encodeURIComponent(secret)}`;
}

/** True when a browser says the request comes from another site (or a page of another origin). */
function isCrossSite(req: Request, origin: string): boolean {
  const fetchSite = req.headers.get('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const from = req.headers.get('origin');
  return from !== null && from !== origin;
}

/**
 * Answers a build hook call: 202 once the request is recorded and the publisher woken; 403 for
 * a cross-site call or a missing or wrong secret; 400 for a body that is not a scope; nothing
 * is recorded for a refused call.
 */
export async function handleBuildHook(
  req: Request,
  options: { db: Db; secret: string; origin: string; wake: () => void },
): Promise<Response> {
  if (req.method !== 'POST')
    return answer(405, { error: 'The build hook accepts POST only.' }, { Allow: 'POST' });
  if (isCrossSite(req, options.origin))
    return answer(403, { error: 'Cross-site requests are not allowed.' }, { Vary: 'Sec-Fetch-Site, Origin' });
  const url = new URL(req.url);
  if (!secretMatches(url.searchParams.get('secret') ?? req.headers.get(SECRET_HEADER), options.secret))
    return answer(403, {
      error: 'The build hook secret is missing or wrong: use BUILD_HOOK_URL as the server printed it.',
    });

  let text: string;
  try {
    text = new TextDecoder().decode(
      await readBodyCapped(req, {
        maxBytes: MAX_BODY_BYTES,
        tooLarge: () => new ApiError(413, `The request body is too large (limit ${MAX_BODY_BYTES} bytes).`),
        unreadable: () => new ApiError(400, 'The request body could not be read completely.'),
      }),
    );
  } catch (error) {
    if (error instanceof ApiError) return answer(error.status, { error: error.message });
    throw error;
  }
  let value: unknown = {};
  if (text.trim()) {
    try {
      value = JSON.parse(text);
    } catch {
      return answer(400, { error: 'The request body is not valid JSON.' });
    }
  }
  const parsed = v.safeParse(BuildHookBodySchema, value);
  if (!parsed.success)
    return answer(400, { error: `The build hook body is not a publish scope: ${parsed.issues[0].message}` });

  let requestId = parsed.output.requestId;
  if (requestId === undefined) {
    // Called by hand (or by a script): record it like a write, so it is built exactly once.
    const scope = parsed.output.scope ?? {
      reason: url.searchParams.get('trigger_title')?.slice(0, 200) || 'Build hook called',
      siteWide: true,
    };
    const request = await recordPublishRequest(options.db, scope, { content: true });
    await claimHookCall(options.db, request.id);
    requestId = request.id;
  }
  options.wake();
  return answer(202, { queued: true, requestId });
}
