// The browser's typed door to /api (SPEC §7): every request carries the session cookie, JSON
// content type and body only when there is a payload, and any non-2xx becomes an ApiRequestError
// whose message is "{status}: {body text or status text}" (SPEC §8).

export interface ApiIssue {
  path: string;
  message: string;
}

/** A non-2xx answer from the API. `error` is the server's sentence when the body had one. */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The `error` field of a JSON error body, if any: the text to show a person. */
  readonly error: string | undefined;
  readonly issues: ApiIssue[];
  /** Seconds to wait before trying again (429 answers). */
  readonly retryAfter: number | undefined;
  constructor(status: number, statusText: string, bodyText: string, retryAfter: number | undefined) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiRequestError';
    this.status = status;
    this.retryAfter = retryAfter;
    const parsed = parseErrorBody(bodyText);
    this.error = parsed.error;
    this.issues = parsed.issues;
  }
}

function parseErrorBody(text: string): { error: string | undefined; issues: ApiIssue[] } {
  try {
    const body = JSON.parse(text) as { error?: unknown; issues?: unknown };
    const error = typeof body.error === 'string' ? body.error : undefined;
    const issues = Array.isArray(body.issues) ? (body.issues as ApiIssue[]) : [];
    return { error, issues };
  } catch {
    return { error: undefined, issues: [] };
  }
}

/** The sentence to show for a failed call: the server's own words when it gave some. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError) return err.error ?? fallback;
  return fallback;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends one request and returns the parsed JSON body (undefined for an empty body). */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  payload?: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  const hasPayload = payload !== undefined;
  const res = await fetch(path, {
    method,
    credentials: 'include',
    headers: hasPayload
      ? { 'Content-Type': 'application/json', Accept: 'application/json' }
      : { Accept: 'application/json' },
    ...(hasPayload ? { body: JSON.stringify(payload) } : {}),
    ...(init.signal ? { signal: init.signal } : {}),
  });
  const text = await res.text();
  if (!res.ok) {
    const retry = Number(res.headers.get('retry-after'));
    throw new ApiRequestError(
      res.status,
      res.statusText,
      text,
      Number.isFinite(retry) && retry > 0 ? retry : undefined,
    );
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Shorthands; `getOrNull` is SPEC §7's return-null mode: a 401 resolves to null instead of failing. */
export const api = {
  get: <T>(path: string, init?: { signal?: AbortSignal }) => apiRequest<T>('GET', path, undefined, init),
  getOrNull: async <T>(path: string, init?: { signal?: AbortSignal }): Promise<T | null> => {
    try {
      return await apiRequest<T>('GET', path, undefined, init);
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 401) return null;
      throw err;
    }
  },
  post: <T>(path: string, payload?: unknown) => apiRequest<T>('POST', path, payload),
  put: <T>(path: string, payload?: unknown) => apiRequest<T>('PUT', path, payload),
  patch: <T>(path: string, payload?: unknown) => apiRequest<T>('PATCH', path, payload),
  delete: <T>(path: string, payload?: unknown) => apiRequest<T>('DELETE', path, payload),
};
