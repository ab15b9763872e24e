import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isPublicAddress, type AddressPolicy } from './address-policy.ts';

// Fetches an image from someone else's server without letting the URL reach anything it should
// not (SSRF): http/https only; the host name is resolved here and EVERY address it resolves to
// must be public; the connection goes to the address that was checked (a second DNS answer cannot
// swap in 127.0.0.1); redirects are followed one by one and each new URL is checked again; the
// body is capped in bytes and the whole exchange in time.

export const REMOTE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const REMOTE_IMAGE_TIMEOUT_MS = 10_000;
export const REMOTE_IMAGE_MAX_REDIRECTS = 5;

/** Why a remote image could not be fetched, in a sentence the admin can read. */
export class RemoteFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteFetchError';
  }
}

export interface RemoteFetchOptions {
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /**
   * One host:port let through the address check. Only tests pass it, to reach their own server
   * on 127.0.0.1; it is a parameter (never configuration), so no deployment can switch it on.
   */
  exempt?: { host: string; port: number };
  /**
   * Which addresses may be contacted; the default (and the only one deployed code uses) is
   * isPublicAddress. Tests pass a stand-in that maps a loopback address onto a forbidden one, so
   * a refusal is proven without ever sending traffic off this machine.
   */
  policy?: AddressPolicy;
  /** Resolver override (tests); the default is the system's. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

const defaultResolve = (host: string) => dns.lookup(host, { all: true, verbatim: true });

function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** The address to connect to for `url`, after checking every address the host resolves to. */
async function checkedAddress(
  url: URL,
  options: RemoteFetchOptions,
): Promise<{ address: string; family: number }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new RemoteFetchError(
      `Only http and https addresses can be fetched, not ${url.protocol.replace(':', '')}.`,
    );
  if (url.username || url.password)
    throw new RemoteFetchError('Addresses with a user name or password are not fetched.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const exempt = options.exempt && options.exempt.host === host && options.exempt.port === portOf(url);
  const literal = net.isIP(host);
  let addresses: { address: string; family: number }[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(host);
    } catch {
      throw new RemoteFetchError(`The host ${host} could not be found.`);
    }
  }
  if (addresses.length === 0) throw new RemoteFetchError(`The host ${host} could not be found.`);
  if (!exempt) {
    const allowed = options.policy ?? isPublicAddress;
    const refused = addresses.find((a) => !allowed(a.address));
    if (refused)
      throw new RemoteFetchError(
        `${host} resolves to ${refused.address}, a private, loopback or reserved address; only public servers are contacted.`,
      );
  }
  return addresses[0]!;
}

interface Hop {
  status: number;
  location: string | undefined;
  body: Buffer | undefined;
}

/** One request to a checked address; redirects are returned, not followed. */
function requestOnce(
  url: URL,
  pinned: { address: string; family: number },
  maxBytes: number,
  signal: AbortSignal,
): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        signal,
        headers: {
          Accept: 'image/avif,image/webp,image/png,image/jpeg;q=0.9,*/*;q=0.1',
          'User-Agent': 'Forkful image fetcher',
        },
        // Connect to the address that was checked, whatever DNS says now.
        lookup: (_host, opts, callback) => {
          if ((opts as { all?: boolean }).all) callback(null, [pinned] as never, undefined as never);
          else callback(null, pinned.address, pinned.family);
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          resolve({ status, location: res.headers.location, body: undefined });
          return;
        }
        if (status !== 200) {
          res.resume();
          resolve({ status, location: undefined, body: undefined });
          return;
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          res.destroy();
          reject(
            new RemoteFetchError(
              `The image is ${(declared / 1048576).toFixed(1)} MB; the limit is ${maxBytes / 1048576} MB.`,
            ),
          );
          return;
        }
        const chunks: Buffer[] = [];
        let total = 0;
        res.on('data', (chunk: Buffer) => {
          total += chunk.length;
          if (total > maxBytes) {
            res.destroy();
            reject(new RemoteFetchError(`The image is larger than the ${maxBytes / 1048576} MB limit.`));
            return;
          }
          chunks.push(chunk);
        });
        let ended = false;
        res.on('end', () => {
          ended = true;
          resolve({ status, location: undefined, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
        // A connection cut (or aborted at the deadline) before the end: never leave the promise hanging.
        res.on('close', () => {
          if (!ended) reject(new Error('the connection closed before the image was complete'));
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The bytes at `url` (not yet checked to be an image), or a RemoteFetchError saying why not. */
export async function fetchRemoteBytes(url: string, options: RemoteFetchOptions = {}): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? REMOTE_IMAGE_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? REMOTE_IMAGE_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? REMOTE_IMAGE_MAX_REDIRECTS;
  const signal = AbortSignal.timeout(timeoutMs);
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw new RemoteFetchError('The image address is not a valid URL.');
  }
  for (let hop = 0; ; hop++) {
    const pinned = await checkedAddress(current, options);
    if (signal.aborted) throw new RemoteFetchError(`The server did not answer within ${timeoutMs / 1000} s.`);
    let result: Hop;
    try {
      result = await requestOnce(current, pinned, maxBytes, signal);
    } catch (err) {
      if (err instanceof RemoteFetchError) throw err;
      if (signal.aborted)
        throw new RemoteFetchError(`The server did not answer within ${timeoutMs / 1000} s.`);
      throw new RemoteFetchError(`The server could not be reached (${(err as Error).message}).`);
    }
    if (result.body) return result.body;
    if (!result.location)
      throw new RemoteFetchError(`The server answered ${result.status} instead of the image.`);
    if (hop >= maxRedirects) throw new RemoteFetchError(`More than ${maxRedirects} redirects.`);
    try {
      current = new URL(result.location, current);
    } catch {
      throw new RemoteFetchError('The server redirected to an invalid address.');
    }
  }
}
