import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// What the local server's private endpoints (the build hook, the control endpoint for local
// tools) have in common: a secret generated into the data dir, a constant-time check of it, and
// JSON answers that no cache keeps.

/** A secret generated once into `dataDir/fileName` (readable by its owner only), then read back. */
export function ensureDataDirSecret(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/** A JSON answer of a local endpoint: never cached, never sniffed. */
export function localAnswer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

/** True when `given` is the secret; compared as hashes, in constant time, whatever its length. */
export function secretMatches(given: string | null, secret: string): boolean {
  if (!given) return false;
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(secret).digest();
  return crypto.timingSafeEqual(a, b);
}
