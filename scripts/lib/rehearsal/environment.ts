import crypto from 'node:crypto';
import { sql } from 'kysely';
import { openPostgres, useLocalWebSocketProxy } from '../../../db/client.ts';
import { startWebSocketProxy } from '../ws-proxy.ts';
export { freePort } from '../free-port.ts';

// The pieces of a deploy's surroundings the rehearsal stands up on this machine: a fresh
// database on the local PostgreSQL, free ports, and the site's environment variables as the
// README's deploy section lists them (plus what Netlify itself sets on a build and a function).

/** The local PostgreSQL the rehearsal creates its database on (trust authentication). */
export const LOCAL_POSTGRES = process.env.REHEARSAL_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Creates an empty database; resolves with its name. The rehearsal's own process reaches it
 * through the plain local WebSocket proxy; the site reaches it through the Neon-like one. */
export async function createFreshDatabase(): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `forkful_rehearsal_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
  const proxy = await startWebSocketProxy();
  useLocalWebSocketProxy(proxy.port);
  const admin = openPostgres(LOCAL_POSTGRES);
  try {
    await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin);
  } finally {
    await admin.destroy();
  }
  return {
    name,
    drop: async () => {
      const again = openPostgres(LOCAL_POSTGRES);
      try {
        await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(again);
      } finally {
        await again.destroy();
        await proxy.close();
      }
    },
  };
}

export interface SiteVariables {
  origin: string;
  databaseUrl: string;
  hookUrl: string;
  adminPassword: string;
  certFile: string;
  openAiBaseUrl: string;
}

/**
 * The environment of the site's builds and functions: the variables the README's deploy section
 * asks the owner to set, what Netlify sets itself, the AI generator pointed at a local fake, and
 * NODE_EXTRA_CA_CERTS — the one difference from production, so Neon's driver trusts the proxy.
 */
export function siteEnvironment(vars: SiteVariables): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Nothing of the developer's own setup leaks in (a local DATABASE_URL, a test database…).
  for (const name of ['DATABASE_URL', 'NETLIFY_DATABASE_URL', 'PG_TEST_URL', 'FORKFUL_DATA_DIR', 'CI'])
    delete env[name];
  return {
    ...env,
    // Set by the owner (README, "Deploy to Netlify + Neon").
    DATABASE_URL: vars.databaseUrl,
    JWT_SECRET: crypto.randomBytes(48).toString('base64'),
    ADMIN_PASSWORD: vars.adminPassword,
    SITE_URL: vars.origin,
    BUILD_HOOK_URL: vars.hookUrl,
    OPENAI_API_KEY: 'rehearsal-key',
    OPENAI_BASE_URL: vars.openAiBaseUrl,
    // Set by Netlify on every build and function.
    NETLIFY: 'true',
    CONTEXT: 'production',
    URL: vars.origin,
    DEPLOY_URL: vars.origin,
    DEPLOY_PRIME_URL: vars.origin,
    // The stand-in's only mark: trust the Neon-like proxy's certificate.
    NODE_EXTRA_CA_CERTS: vars.certFile,
    BROWSER: 'none',
    ASTRO_TELEMETRY_DISABLED: '1',
    NETLIFY_TELEMETRY_DISABLED: '1',
  };
}
