import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes exactly as given over a fresh TCP connection and parses the answer. fetch() would
 * refuse or repair most of what these tests send (TRACE, "*", broken escapes, raw header bytes).
 */
export function rawRequest(
  baseUrl: string,
  bytes: string | Buffer,
  timeoutMs = 10_000,
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(
          `No complete answer within ${timeoutMs} ms to ${JSON.stringify(String(bytes).slice(0, 80))}`,
        ),
      );
    }, timeoutMs);
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const parsed = parseResponse(Buffer.concat(chunks));
      if (parsed) resolve(parsed);
      else
        reject(
          new Error(
            `The connection closed without an HTTP answer to ${JSON.stringify(String(bytes).slice(0, 80))}`,
          ),
        );
    });
  });
}

/** A request line, headers and body as one HTTP/1.1 message that closes the connection after. */
export function httpMessage(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body = '',
): string {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: localhost', 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body && !Object.keys(headers).some((h) => /^(content-length|transfer-encoding)$/i.test(h)))
    lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

function parseResponse(data: Buffer): RawResponse | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const [statusLine = '', ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  if (!Number.isInteger(status)) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = data.subarray(end + 4);
  if (headers['transfer-encoding']?.includes('chunked')) body = dechunk(body);
  return { status, headers, body: body.toString('utf8') };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
