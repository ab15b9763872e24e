// The local server (`npm start`, `npm run dev`): one process owns the embedded database,
// migrates and seeds it, builds the site, and serves dist-style static files plus /api/* from
// the same functions/*.ts that Netlify deploys. DESIGN.md §5 explains why it is one process.
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareDatabase, type PreparedDatabase } from './lib/prepare.ts';
import { loadApiRouter, type ApiRouter } from './lib/api-router.ts';
import { sendWebResponse, toWebRequest } from './lib/node-http.ts';
import { readNetlifyRules, StaticSite } from './lib/static-site.ts';
import { SiteBuilder } from './lib/site-builder.ts';
import { DatabaseLockedError } from '../db/client.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const devMode = process.argv.includes('--dev');
const port = Number(process.env.PORT || 8888);
const origin = `http://localhost:${port}`;
/** Path of the local build hook (BUILD_HOOK_URL points here when unset). */
const BUILD_HOOK_PATH = '/__hooks/build';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
process.env.SITE_URL ||= origin;
process.env.BUILD_HOOK_URL ||= `${origin}${BUILD_HOOK_PATH}`;

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const started = performance.now();
  let prepared: PreparedDatabase;
  try {
    prepared = await prepareDatabase({ root });
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(`\nForkful cannot start: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  for (const line of prepared.report) console.log(line);

  const api = await loadApiRouter(path.join(root, 'functions'));
  console.log(`API: ${api.routes} routes from ${api.files.length} function files`);

  if (devMode) {
    await startDevServer(api);
  } else {
    await startStaticServer(api, prepared);
  }
  console.log(`Ready in ${seconds(started)}.`);
}

/** Serves the built site and the API; rebuilds in the background when the build hook is called. */
async function startStaticServer(api: ApiRouter, prepared: PreparedDatabase): Promise<void> {
  const site = new StaticSite(readNetlifyRules(path.join(root, 'netlify.toml')));
  const builder = new SiteBuilder({
    root,
    buildsDir: buildsDirFor(prepared.dataDir),
    db: prepared.db,
    onBuilt: (result) => {
      site.use(result.dir);
      if (!result.skipped) console.log(`Built ${result.pages} pages in ${result.seconds.toFixed(1)} s → ${path.relative(root, result.dir)}`);
    },
  });
  const buildStarted = performance.now();
  const first = await builder.buildIfNeeded().catch(async (err: unknown) => {
    console.error(`\nForkful cannot start: ${err instanceof Error ? err.message : String(err)}\n`);
    await prepared.close();
    process.exit(1);
  });
  if (first.skipped) console.log(`Site unchanged since the last build (${first.pages} pages), reused in ${seconds(buildStarted)}.`);

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      console.error('[server]', err);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Internal error');
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === BUILD_HOOK_PATH && req.method === 'POST') {
      void builder.rebuild().catch((err: unknown) => console.error('[build] failed:', err));
      res.writeHead(202, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ queued: true }));
      return;
    }
    if (url.pathname.startsWith('/api/')) {
      const response = await api.dispatch(toWebRequest(req, origin));
      await sendWebResponse(res, response ?? apiNotFound(), req.method);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      res.end();
      return;
    }
    const file = site.respond(url.pathname, String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(file.status, { ...file.headers, 'Content-Length': String(file.body.length) });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  await listen(server);
  console.log(`\nForkful is running at ${origin}\n`);
  shutdownOn(server, prepared, () => builder.stop());
}

/** Astro's dev server (hot reload) with the same API mounted as Vite middleware. */
async function startDevServer(api: ApiRouter): Promise<void> {
  const { dev } = await import('astro');
  await dev({
    root,
    server: { port },
    vite: {
      plugins: [
        {
          name: 'forkful-api',
          configureServer(server) {
            server.middlewares.use((req, res, next) => {
              if (!req.url?.startsWith('/api/')) return next();
              void api.dispatch(toWebRequest(req, origin))
                .then((response) => sendWebResponse(res, response ?? apiNotFound(), req.method))
                .catch(next);
            });
          },
        },
      ],
    },
  });
  console.log(`\nForkful (dev, hot reload) is running at ${origin}\n`);
}

/**
 * Builds live inside the project: Astro writes its prerender bundle next to an outDir within the
 * working directory, but into one shared `.astro/` folder for an outDir outside it, where two
 * servers building at once (say, a data dir in /tmp) would overwrite each other's chunks.
 */
function buildsDirFor(dataDir: string): string {
  if (dataDir.startsWith(root + path.sep)) return path.join(dataDir, 'builds');
  const key = crypto.createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  return path.join(root, '.data', `builds-${key}`);
}

function apiNotFound(): Response {
  return new Response(JSON.stringify({ error: 'No such API endpoint.' }), {
    status: 404,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-store' },
  });
}

function listen(server: http.Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        console.error(`\nForkful cannot start: port ${port} is already in use (is another Forkful server running?). Set PORT to use another port.\n`);
        process.exit(1);
      }
      reject(err);
    });
    server.listen(port, () => resolve());
  });
}

function shutdownOn(server: http.Server, prepared: PreparedDatabase, beforeClose: () => void = () => {}): void {
  const stop = () => {
    beforeClose();
    server.close();
    void prepared.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
