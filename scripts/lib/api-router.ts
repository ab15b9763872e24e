import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from '@netlify/functions';

type FunctionHandler = ((req: Request, context?: Partial<Context>) => Promise<Response>) & {
  /** The route table of a file written with defineRoutes (functions/_shared/router.ts). */
  routes?: readonly { method: string; path: string }[];
};

interface LoadedRoute {
  file: string;
  pattern: URLPattern;
  methods: string[] | undefined;
  handler: FunctionHandler;
  /** Routes without parameters win over parameterised ones, as on Netlify. */
  isStatic: boolean;
}

/** What Netlify tells a function about the request that the local server knows too. */
export interface LocalContext {
  /** The client's address, from the socket (Netlify's context.ip), never from a header. */
  ip: string;
}

export interface ApiRouter {
  files: string[];
  routes: number;
  /** The function's response, or undefined when no function claims the path. */
  dispatch: (req: Request, context: LocalContext) => Promise<Response | undefined>;
  /** The methods the functions answer on a path (empty when none claims it), for Allow. */
  allowedMethods: (pathname: string) => string[];
}

/**
 * Imports every functions/*.ts once and routes on each file's `config.path` and `config.method`
 * with URLPattern — the same rules Netlify applies — so local calls take microseconds, not a
 * fresh worker each.
 */
export async function loadApiRouter(
  functionsDir: string,
  /** Handlers to use instead of a file's default export, by file name (the local server's own). */
  overrides: Record<string, FunctionHandler> = {},
): Promise<ApiRouter> {
  const files = fs
    .readdirSync(functionsDir)
    .filter((f) => /\.(m?ts)$/.test(f) && !f.endsWith('.test.ts'))
    .sort();
  const routes: LoadedRoute[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(functionsDir, file)).href)) as {
      default: FunctionHandler;
      config?: { path?: string | string[]; method?: string | string[] };
    };
    const paths = mod.config?.path === undefined ? [] : ([] as string[]).concat(mod.config.path);
    const methods = mod.config?.method === undefined ? undefined : ([] as string[]).concat(mod.config.method);
    for (const p of paths) {
      routes.push({
        file,
        pattern: new URLPattern({ pathname: p }),
        methods,
        handler: overrides[file] ?? mod.default,
        isStatic: !p.includes(':') && !p.includes('*'),
      });
    }
  }
  routes.sort((a, b) => Number(b.isStatic) - Number(a.isStatic));
  const onPath = (pathname: string) => routes.filter((r) => r.pattern.test({ pathname }));
  return {
    files,
    routes: routes.length,
    dispatch: async (req, local) => {
      const { pathname } = new URL(req.url);
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      const candidates = onPath(pathname);
      const route = candidates.find((r) => !r.methods || r.methods.includes(method)) ?? candidates[0];
      const context: Partial<Context> = { ip: local.ip, requestId: crypto.randomUUID() };
      return route ? route.handler(req, context) : undefined;
    },
    allowedMethods: (pathname) => {
      const allowed = new Set<string>();
      for (const route of onPath(pathname)) {
        // A route table names the methods of each path; a bare function only its file's config.
        const table = route.handler.routes?.filter((r) =>
          new URLPattern({ pathname: r.path }).test({ pathname }),
        );
        for (const method of table?.map((r) => r.method) ?? route.methods ?? ['GET', 'POST'])
          allowed.add(method);
      }
      if (allowed.has('GET')) allowed.add('HEAD');
      return [...allowed];
    },
  };
}
