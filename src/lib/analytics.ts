import type { SiteSettings } from './site-defaults.ts';

// Analytics: the tracker is activated only when the settings switch it on and name a
// measurement id; the loader (components/scripts/analytics.ts) then insists on a Google
// Analytics 4 id (starting with G-) and otherwise warns and does nothing.

/** Where gtag.js comes from (the page's CSP must allow it when analytics is on). */
export const GTAG_ORIGIN = 'https://www.googletagmanager.com';

/** What the Content-Security-Policy of a page with the loader must add: gtag.js, and its hits. */
export const ANALYTICS_CSP = {
  scriptResource: GTAG_ORIGIN,
  connectDirective: `connect-src https://*.google-analytics.com https://*.analytics.google.com ${GTAG_ORIGIN}`,
} as const;

/** A GA4 measurement id: G- and letters or digits. */
export function isMeasurementId(id: string): boolean {
  return /^G-[A-Z0-9]+$/i.test(id);
}

/**
 * The id pages hand to the loader, or null when the settings keep analytics off (then the
 * pages carry no loader at all). analyticsId is the current field; googleAnalyticsId is the older name.
 */
export function analyticsIdToLoad(
  settings: Pick<SiteSettings, 'enableAnalytics' | 'analyticsId' | 'googleAnalyticsId'>,
): string | null {
  if (!settings.enableAnalytics) return null;
  return (settings.analyticsId || settings.googleAnalyticsId).trim();
}
