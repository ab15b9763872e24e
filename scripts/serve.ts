// The local server (`npm start`, `npm run dev`): one process owns the embedded database,
// migrates and seeds it, builds the site, and serves dist-style static files plus /api/* from
// the same functions/*.ts that Netlify deploys. docs/DECISIONS.md "The local server" explains why it is one process.
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareDatabase, type PreparedDatabase } from './lib/prepare.ts';
import { loadApiRouter, type ApiRouter } from './lib/api-router.ts';
import { localImageFetchOverride } from './lib/local-image-fetch.ts';
import {
  answerClientError,
  endWithJson,
  isFetchMethod,
  requestUrl,
  sendWebResponse,
  toWebRequest,
} from './lib/node-http.ts';
import { readNetlifyRules, StaticSite } from './lib/static-site.ts';
import { SiteBuilder } from './lib/site-builder.ts';
import { PublishRunner } from './lib/publish-runner.ts';
import {
  BUILD_HOOK_PATH,
  ensureBuildHookSecret,
  handleBuildHook,
  localBuildHookUrl,
} from './lib/local-build-hook.ts';
import { startScheduledFunctions } from './lib/scheduled-functions.ts';
import { kickWorker } from '../functions/_shared/generator/worker.ts';
import {
  announceServer,
  CONTROL_PATH_PREFIX,
  ensureControlSecret,
  handleControl,
} from './lib/local-control.ts';
import { DamagedDatabaseError, DatabaseLockedError } from '../db/embedded.ts';
import { startMemoryLog } from './lib/memory-map.ts';
import { ApiError, errorResponse, json } from '../functions/_shared/http.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const devMode = process.argv.includes('--dev');
const port = Number(process.env.PORT || 8888);
const origin = `http://localhost:${port}`;
/** Admin writes rebuild this server's site unless BUILD_HOOK_URL sends them to another builder. */
const buildsLocally = !process.env.BUILD_HOOK_URL;

process.env.ASTRO_TELEMETRY_DISABLED = '1';
process.env.SITE_URL ||= origin;

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const started = performance.now();
  let prepared: PreparedDatabase;
  try {
    prepared = await prepareDatabase({ root });
  } catch (err) {
    if (err instanceof DatabaseLockedError || err instanceof DamagedDatabaseError) {
      console.error(`\nForkful cannot start: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  for (const line of prepared.report) console.log(line);
  const hookSecret = ensureBuildHookSecret(prepared.dataDir);
  if (buildsLocally) process.env.BUILD_HOOK_URL = localBuildHookUrl(origin, hookSecret);
  else console.log('Publishing: admin writes call BUILD_HOOK_URL; this server does not rebuild its site.');

  const api = await loadApiRouter(path.join(root, 'functions'), localImageFetchOverride());
  console.log(`API: ${api.routes} routes from ${api.files.length} function files`);
  const scheduled = await startScheduledFunctions(path.join(root, 'functions'));
  if (scheduled.names.length) console.log(`Scheduled functions (UTC): ${scheduled.names.join(', ')}`);
  // Generator jobs left queued or running by a previous run of the server carry on.
  void kickWorker();

  if (devMode) {
    await startDevServer(api, prepared, hookSecret);
  } else {
    await startStaticServer(api, prepared, hookSecret);
  }
  console.log(`Ready in ${seconds(started)}.`);
  startMemoryLog();
}

/** Serves the built site and the API; rebuilds in the background when the build hook is called. */
async function startStaticServer(
  api: ApiRouter,
  prepared: PreparedDatabase,
  hookSecret: string,
): Promise<void> {
  const site = new StaticSite(readNetlifyRules(path.join(root, 'netlify.toml')));
  const builder = new SiteBuilder({
    root,
    buildsDir: buildsDirFor(prepared.dataDir),
    db: prepared.db,
    onBuilt: (result) => {
      site.use(result.dir);
      if (!result.skipped)
        console.log(
          `Built ${result.pages} pages in ${result.seconds.toFixed(1)} s → ${path.relative(root, result.dir)}`,
        );
    },
  });
  // Publish requests recorded while the server was down ride on the start-up build.
  // TODO(build-scale): pass the scope to SiteBuilder.publish(scope) (partial rebuild) once it lands.
  const publisher = new PublishRunner({ db: prepared.db, build: () => builder.rebuild() });
  const startupRequest = buildsLocally ? await publisher.beginStartup() : undefined;
  const buildStarted = performance.now();
  const first = await builder.buildIfNeeded().catch(async (err: unknown) => {
    console.error(`\nForkful cannot start: ${err instanceof Error ? err.message : String(err)}\n`);
    await prepared.close();
    process.exit(1);
  });
  await publisher.endStartup(startupRequest);
  if (first.skipped)
    console.log(
      `Site unchanged since the last build (${first.pages} pages), reused in ${seconds(buildStarted)}.`,
    );

  const controlSecret = ensureControlSecret(prepared.dataDir);
  const server = http.createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      // Nothing above should throw; if something does, the client still gets a JSON sentence.
      console.error('[server]', err);
      if (res.headersSent) res.end();
      else void sendWebResponse(res, errorResponse(err), req.method);
    });
  });
  guardProtocolErrors(server);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = requestUrl(req.url, origin);
    if (!url) {
      await sendWebResponse(
        res,
        errorResponse(new ApiError(400, 'The request target is not a valid address.')),
      );
      return;
    }
    if (url.pathname.startsWith(CONTROL_PATH_PREFIX)) {
      const response = await handleControl(toWebRequest(req, url), {
        db: prepared.db,
        pglite: prepared.pglite,
        secret: controlSecret,
      });
      await sendWebResponse(res, response, req.method);
      return;
    }
    if (url.pathname === BUILD_HOOK_PATH) {
      const response = await handleBuildHook(toWebRequest(req, url), {
        db: prepared.db,
        secret: hookSecret,
        origin,
        wake: () => publisher.wake(),
      });
      await sendWebResponse(res, response, req.method);
      return;
    }
    if (url.pathname.startsWith('/api/')) {
      await serveApi(api, req, res, url);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      res.end();
      return;
    }
    // A Range is honoured unless If-Range asks for a check this server does not make.
    const range = req.headers['if-range'] ? undefined : req.headers.range;
    const file = site.respond(url.pathname, String(req.headers['accept-encoding'] ?? ''), range);
    // Functions declared `preferStatic` (functions/recipe-redirects.ts) answer what no file does.
    if (file.status === 404 && api.allowedMethods(url.pathname).length > 0) {
      await serveApi(api, req, res, url);
      return;
    }
    res.writeHead(file.status, { ...file.headers, 'Content-Length': String(file.body.length) });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  }

  await listen(server);
  // `npm run backup` and other local tools reach the database through this server.
  announceServer(prepared.dataDir, origin);
  if (buildsLocally) publisher.start();
  console.log(`\nForkful is running at ${origin}\n`);
  shutdownOn(server, prepared, () => {
    publisher.stop();
    builder.stop();
  });
}

/**
 * Astro's dev server (hot reload) with the same API mounted as Vite middleware. Pages render on
 * request, so a publish has nothing to build: the build hook only records it as live.
 */
async function startDevServer(api: ApiRouter, prepared: PreparedDatabase, hookSecret: string): Promise<void> {
  const { dev } = await import('astro');
  const publisher = new PublishRunner({ db: prepared.db, build: async () => {} });
  if (buildsLocally) publisher.start();
  await dev({
    root,
    server: { port },
    vite: {
      plugins: [
        {
          name: 'forkful-api',
          configureServer(server) {
            server.middlewares.use((req, res, next) => {
              const url = requestUrl(req.url, origin);
              if (url?.pathname.startsWith(CONTROL_PATH_PREFIX)) {
                void handleControl(toWebRequest(req, url), {
                  db: prepared.db,
                  pglite: prepared.pglite,
                  secret: ensureControlSecret(prepared.dataDir),
                })
                  .then((response) => sendWebResponse(res, response, req.method))
                  .catch(next);
                return;
              }
              if (url?.pathname === BUILD_HOOK_PATH) {
                void handleBuildHook(toWebRequest(req, url), {
                  db: prepared.db,
                  secret: hookSecret,
                  origin,
                  wake: () => publisher.wake(),
                })
                  .then((response) => sendWebResponse(res, response, req.method))
                  .catch(next);
                return;
              }
              // The id forms of recipe addresses are redirects (functions/recipe-redirects.ts).
              if (!url?.pathname.startsWith('/api/') && !url?.pathname.startsWith('/recipe-id/'))
                return next();
              void serveApi(api, req, res, url).catch(next);
            });
          },
        },
      ],
    },
  });
  announceServer(prepared.dataDir, origin);
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

/**
 * Hands an /api request to the functions as Netlify would: a web Request plus a context whose
 * `ip` is the socket's peer. Requests a web Request cannot carry (TRACE, CONNECT) and paths no
 * function claims get the API's JSON errors, with its security headers.
 */
async function serveApi(
  api: ApiRouter,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
): Promise<void> {
  const method = req.method ?? 'GET';
  let response: Response | undefined;
  if (!isFetchMethod(method)) {
    const allow = api.allowedMethods(url.pathname);
    response = errorResponse(
      allow.length
        ? new ApiError(405, `Method ${method} is not allowed here.`, { headers: { Allow: allow.join(', ') } })
        : new ApiError(404, 'No such API endpoint.'),
    );
  } else {
    response = await api.dispatch(toWebRequest(req, url), { ip: socketAddress(req) });
  }
  await sendWebResponse(res, response ?? json({ error: 'No such API endpoint.' }, { status: 404 }), method);
}

/** The peer address of the connection (IPv4-mapped IPv6 written as plain IPv4). */
function socketAddress(req: http.IncomingMessage): string {
  const address = req.socket.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/** Every method some part of the server answers (the Allow of a 501). */
const IMPLEMENTED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';

/**
 * Requests Node's parser refuses (an unknown method, a broken header) and CONNECT get a JSON
 * error and a closed connection, instead of Node's bare 400 or a silently dropped socket.
 */
function guardProtocolErrors(server: http.Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket) =>
    answerClientError(err, socket, IMPLEMENTED_METHODS),
  );
  server.on('connect', (_req, socket) =>
    endWithJson(
      socket,
      405,
      'Method Not Allowed',
      { error: 'Method CONNECT is not allowed here.' },
      { Allow: IMPLEMENTED_METHODS },
    ),
  );
}

function listen(server: http.Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        console.error(
          `\nForkful cannot start: port ${port} is already in use (is another Forkful server running?). Set PORT to use another port.\n`,
        );
        process.exit(1);
      }
      reject(err);
    });
    server.listen(port, () => resolve());
  });
}

function shutdownOn(
  server: http.Server,
  prepared: PreparedDatabase,
  beforeClose: () => void = () => {},
): void {
  const stop = () => {
    beforeClose();
    server.close();
    void prepared.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main();
