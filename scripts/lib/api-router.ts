import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type FunctionHandler = (req: Request, context?: object) => Promise<Response>;

interface LoadedRoute {
  file: string;
  pattern: URLPattern;
  methods: string[] | undefined;
  handler: FunctionHandler;
  /** Routes without parameters win over parameterised ones, as on Netlify. */
  isStatic: boolean;
}

export interface ApiRouter {
  files: string[];
  routes: number;
  /** The function's response, or undefined when no function claims the path. */
  dispatch: (req: Request) => Promise<Response | undefined>;
}

/**
 * Imports every functions/*.ts once and routes on each file's `config.path` and `config.method`
 * with URLPattern — the same rules Netlify applies — so local calls take microseconds, not a
 * fresh worker each.
 */
export async function loadApiRouter(functionsDir: string): Promise<ApiRouter> {
  const files = fs.readdirSync(functionsDir).filter((f) => /\.(m?ts)$/.test(f) && !f.endsWith('.test.ts')).sort();
  const routes: LoadedRoute[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(functionsDir, file)).href)) as {
      default: FunctionHandler;
      config?: { path?: string | string[]; method?: string | string[] };
    };
    const paths = mod.config?.path === undefined ? [] : ([] as string[]).concat(mod.config.path);
    const methods = mod.config?.method === undefined ? undefined : ([] as string[]).concat(mod.config.method);
    for (const p of paths) {
      routes.push({ file, pattern: new URLPattern({ pathname: p }), methods, handler: mod.default, isStatic: !p.includes(':') && !p.includes('*') });
    }
  }
  routes.sort((a, b) => Number(b.isStatic) - Number(a.isStatic));
  return {
    files,
    routes: routes.length,
    dispatch: async (req) => {
      const { pathname } = new URL(req.url);
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      const onPath = routes.filter((r) => r.pattern.test({ pathname }));
      const route = onPath.find((r) => !r.methods || r.methods.includes(method)) ?? onPath[0];
      return route ? route.handler(req, {}) : undefined;
    },
  };
}
