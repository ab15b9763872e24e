// A scripted stand-in for the server, for the browser stores' unit tests (which run without
// one): each scripted answer is taken by the next request to its route, and an answer may be
// held back (a promise) to play a server that answers late. Install its `fetch` as the global.

/** One scripted answer: a status and JSON body, or a request that never reaches the server. */
export type ScriptedAnswer = { status: number; body?: unknown } | 'network-error';

/** One request the store made: its method, address and parsed JSON body. */
export interface ScriptedCall {
  method: string;
  url: string;
  body: unknown;
}

export interface ScriptedServer {
  /** Every request so far, oldest first (empty it to watch what comes next). */
  calls: ScriptedCall[];
  /** Scripts the answers of one route, e.g. answer('GET /api/shopping-list', { status: 200, body: [] }). */
  answer(route: string, ...answers: (ScriptedAnswer | Promise<ScriptedAnswer>)[]): void;
  /** The fetch the store calls; an unscripted request throws. */
  fetch(url: string, init?: RequestInit): Promise<Response>;
}

export function scriptedServer(): ScriptedServer {
  const routes = new Map<string, (ScriptedAnswer | Promise<ScriptedAnswer>)[]>();
  const server: ScriptedServer = {
    calls: [],
    answer(route, ...answers) {
      routes.set(route, [...(routes.get(route) ?? []), ...answers]);
    },
    async fetch(url, init = {}) {
      const method = init.method ?? 'GET';
      server.calls.push({
        method,
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      const next = routes.get(`${method} ${url}`)?.shift();
      if (!next) throw new Error(`Unscripted request: ${method} ${url}`);
      const settled = await next;
      if (settled === 'network-error') throw new TypeError('Failed to fetch');
      return new Response(settled.body === undefined ? '' : JSON.stringify(settled.body), {
        status: settled.status,
      });
    },
  };
  return server;
}

/** An answer the test releases when it wants to. */
export function later(): { promise: Promise<ScriptedAnswer>; release: (a: ScriptedAnswer) => void } {
  let release!: (a: ScriptedAnswer) => void;
  const promise = new Promise<ScriptedAnswer>((resolve) => (release = resolve));
  return { promise, release };
}
