import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable, type Duplex } from 'node:stream';

/**
 * The URL of a request target, always on our own origin: origin-form ("/path?q") is appended to
 * the origin rather than resolved against it, so "//evil.example/api/x" stays a path on this
 * host instead of becoming another host; absolute-form ("http://host/path", which HTTP/1.1
 * servers must accept) keeps only its path and query. Anything else ("*", garbage) is undefined.
 */
export function requestUrl(target: string | undefined, origin: string): URL | undefined {
  if (!target) return undefined;
  try {
    if (target.startsWith('/')) return new URL(origin + target);
    if (/^https?:\/\//i.test(target)) {
      const absolute = new URL(target);
      return new URL(origin + absolute.pathname + absolute.search);
    }
  } catch {
    // Unparseable: the caller answers 400.
  }
  return undefined;
}

/** Methods the web Request refuses to carry (fetch's forbidden methods). */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** True when a web Request can carry this method, so a function can be asked to answer it. */
export function isFetchMethod(method: string): boolean {
  return !FORBIDDEN_METHODS.has(method.toUpperCase());
}

/** Builds a web Request from Node's request, as Netlify hands one to a function. */
export function toWebRequest(req: IncomingMessage, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

/** Writes a web Response to Node's response. */
export async function sendWebResponse(
  res: ServerResponse,
  response: Response,
  method = 'GET',
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (method === 'HEAD' || !response.body) {
    res.end();
    return;
  }
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** Node's parser errors (`clientError`) that get a status of their own; the rest are 400. */
const PARSER_ERRORS: Record<string, { status: number; reason: string; error: string }> = {
  HPE_INVALID_METHOD: {
    status: 501,
    reason: 'Not Implemented',
    error: 'This request method is not supported.',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    error: 'The request headers are too large.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    error: 'The request took too long to arrive.',
  },
};

/**
 * Answers a request Node's HTTP parser refused (unknown method, broken header, oversized
 * headers…) with a JSON error instead of Node's bare 400, then closes the connection. `allow`
 * lists the methods the server implements at all (for a 501).
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex, allow: string): void {
  // A response already under way on this socket cannot be followed by another one.
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const known = PARSER_ERRORS[err.code ?? ''] ?? {
    status: 400,
    reason: 'Bad Request',
    error: 'The request is malformed.',
  };
  endWithJson(
    socket,
    known.status,
    known.reason,
    { error: known.error },
    known.status === 501 ? { Allow: allow } : {},
  );
}

/** Writes a whole JSON response straight to a socket (no ServerResponse exists) and closes it. */
export function endWithJson(
  socket: Duplex,
  status: number,
  reason: string,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    'Cache-Control: private, no-store',
    'X-Content-Type-Options: nosniff',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${Buffer.byteLength(text)}`,
    'Connection: close',
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${text}`);
}
