import { purgeCache } from '@netlify/functions';
import type { Context } from '@netlify/functions';

// The shared layer of the API cache: Netlify's CDN keeps public GET responses (see CachePolicy in
// ../http.ts) and drops them by tag through the purge API. Deployed functions receive
// NETLIFY_PURGE_API_TOKEN and SITE_ID from Netlify; anywhere else (npm start, tests) there is no
// CDN in front and nothing to purge.

/** Where purges go. Tests point it at a local fake of Netlify's API. */
export interface PurgeTarget {
  token: string;
  siteID: string;
  apiURL?: string;
}

/**
 * The purge API's origin when not Netlify's (https://api.netlify.com, purgeCache's default, which
 * no environment variable changes). Only tests set it, to a local stand-in: a parameter, never
 * configuration.
 */
let apiUrlOverride: string | undefined;

/** Sends the environment's purges to `url` instead of Netlify's API (tests); undefined restores it. */
export function setPurgeApiUrl(url: string | undefined): void {
  apiUrlOverride = url;
}

function targetFromEnvironment(): PurgeTarget | undefined {
  const token = process.env.NETLIFY_PURGE_API_TOKEN;
  const siteID = process.env.SITE_ID;
  if (!token || !siteID) return undefined;
  return { token, siteID, ...(apiUrlOverride ? { apiURL: apiUrlOverride } : {}) };
}

let target: PurgeTarget | undefined | null = null;

/** Overrides the purge target (tests); `null` returns to the environment's. */
export function setPurgeTarget(next: PurgeTarget | undefined | null): void {
  target = next;
}

function currentTarget(): PurgeTarget | undefined {
  return target === null ? targetFromEnvironment() : target;
}

/** True when a CDN sits in front of the functions (deployed on Netlify). */
export function cdnPurgeAvailable(): boolean {
  return currentTarget() !== undefined;
}

/**
 * Purges the tags from the CDN. Resolves to whether a purge was sent and accepted; never throws
 * (a failed purge is logged; the entries still expire by their s-maxage). On Netlify
 * `context.waitUntil` lets the response go out first.
 */
export function purgeCdnTags(tags: readonly string[], context: Partial<Context> = {}): Promise<boolean> {
  const purgeTo = currentTarget();
  if (!purgeTo || tags.length === 0) return Promise.resolve(false);
  const purge = purgeCache({ tags: [...tags], ...purgeTo })
    .then(() => true)
    .catch((err: unknown) => {
      console.error(`[cache] CDN purge of ${tags.join(', ')} failed:`, (err as Error).message);
      return false;
    });
  context.waitUntil?.(purge);
  return purge;
}
