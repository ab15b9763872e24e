import { ApiError } from './http.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Rejects state-changing requests sent from another site (CSRF). Browsers send Sec-Fetch-Site;
 * older ones only Origin, which must then be this site's own origin. Requests with neither
 * (curl, server-to-server) carry no ambient browser cookies and are allowed.
 */
export function assertSameSite(req: Request, siteOrigins: readonly string[]): void {
  if (SAFE_METHODS.has(req.method)) return;
  const fetchSite = req.headers.get('sec-fetch-site');
  if (fetchSite) {
    if (fetchSite === 'same-origin' || fetchSite === 'none') return;
    throw forbidden();
  }
  const origin = req.headers.get('origin');
  if (origin === null) return;
  const requestOrigin = new URL(req.url).origin;
  if (origin === requestOrigin || siteOrigins.includes(origin)) return;
  throw forbidden();
}

function forbidden(): ApiError {
  return new ApiError(403, 'Cross-site requests are not allowed.', {
    headers: { Vary: 'Sec-Fetch-Site, Origin' },
  });
}
