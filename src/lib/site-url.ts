// The site's canonical address (links, the sitemap, JSON-LD, the settings' default siteUrl, the
// origins trusted for writes), read from the environment in one place:
//   1. SITE_URL when set;
//   2. on Netlify (NETLIFY=true): URL, the site's main address, for production; a deploy preview
//      or branch deploy (CONTEXT other than production) uses DEPLOY_PRIME_URL, its own stable
//      address, so its pages link to themselves and not to production;
//   3. otherwise nothing is configured, and local pages use http://localhost:8888.
// Pure: the caller passes the environment (process.env), so this layer stays free of Node.

export const LOCAL_SITE_URL = 'http://localhost:8888';

export type SiteEnv = Readonly<Record<string, string | undefined>>;

const clean = (url: string | undefined) => url?.trim().replace(/\/+$/, '') || undefined;

/** The configured site URL (no trailing slash), or undefined when the environment names none. */
export function configuredSiteUrl(env: SiteEnv): string | undefined {
  const explicit = clean(env.SITE_URL);
  if (explicit) return explicit;
  if (env.NETLIFY !== 'true') return undefined;
  const preview = env.CONTEXT && env.CONTEXT !== 'production' ? clean(env.DEPLOY_PRIME_URL) : undefined;
  return preview ?? clean(env.URL) ?? clean(env.DEPLOY_PRIME_URL);
}

/** The site URL (no trailing slash): the configured one, else the local server's. */
export function siteUrl(env: SiteEnv): string {
  return configuredSiteUrl(env) ?? LOCAL_SITE_URL;
}

/** The configured site's origin, or undefined when none is configured or it is not a URL. */
export function configuredSiteOrigin(env: SiteEnv): string | undefined {
  const url = configuredSiteUrl(env);
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
