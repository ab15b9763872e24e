// A small HTTP client for the rehearsed site: fetch with one session cookie, as curl with a
// cookie jar would be, and a check helper that stops the rehearsal with a sentence.

export class RehearsalFailure extends Error {}

/** Stops the rehearsal when `ok` is false, saying what was expected. */
export function expectThat(ok: boolean, sentence: string): asserts ok {
  if (!ok) throw new RehearsalFailure(sentence);
}

export class SiteClient {
  readonly origin: string;
  #cookie = '';

  constructor(origin: string) {
    this.origin = origin;
  }

  async request(
    pathname: string,
    init: { method?: string; json?: unknown; redirect?: RequestRedirect } = {},
  ): Promise<{ status: number; headers: Headers; text: string; json: () => unknown }> {
    const headers: Record<string, string> = {};
    if (this.#cookie) headers.cookie = this.#cookie;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.origin}${pathname}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
      redirect: init.redirect ?? 'follow',
      signal: AbortSignal.timeout(60_000),
    });
    const setCookie = res.headers.getSetCookie();
    if (setCookie.length) this.#cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) as unknown };
  }

  /** A JSON call that must answer `status`; resolves with the parsed body. */
  async expectJson<T>(pathname: string, status: number, init: { method?: string; json?: unknown } = {}) {
    const res = await this.request(pathname, init);
    expectThat(
      res.status === status,
      `${init.method ?? 'GET'} ${pathname} answered ${res.status}, not ${status}: ${res.text.slice(0, 300)}`,
    );
    return res.json() as T;
  }
}
