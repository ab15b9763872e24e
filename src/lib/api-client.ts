// Compatibility door for call sites written before the typed client (src/lib/api/client.ts).
import { ApiRequestError, apiRequest } from './api/client.ts';

export { ApiRequestError, apiRequest, errorText, type ApiIssue, type HttpMethod } from './api/client.ts';

/** Shorthands; `getOrNull` is SPEC §7's return-null mode: a 401 resolves to null instead of failing. */
/**
 * @deprecated Untyped paths: use `api` from src/lib/api/client.ts, which checks the route.
 * Kept while the last call sites move over.
 */
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
