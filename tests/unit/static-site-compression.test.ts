import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { brotliWindowFor, readNetlifyRules, StaticSite } from '../../scripts/lib/static-site.ts';
import { ROOT } from '../helpers/paths.ts';
import { itMaps } from '../helpers/table.ts';

// Compression with a window sized to the file (smaller native buffers) must still
// give back the exact bytes, for small and large files.

describe('brotliWindowFor', () => {
  itMaps(
    brotliWindowFor,
    [
      [0, 16],
      [600, 16],
      [65_536, 16],
      [65_537, 17],
      [300_000, 19],
      [4_194_304, 22],
      [50_000_000, 22],
    ],
    '%i bytes → window 2^%i',
  );
});

describe('StaticSite compression', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forkful-static-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  // Text that compresses, with repeats further apart than a small window reaches.
  const random = crypto.randomBytes(200_000).toString('base64');
  const files: Record<string, string> = {
    'small.html': `<p>${'hello '.repeat(200)}</p>`,
    'large.html': `<main>${random}${random.slice(0, 100_000)}</main>`,
  };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const site = new StaticSite(readNetlifyRules(path.join(ROOT, 'netlify.toml')));
  site.use(dir);

  it.each(Object.keys(files).flatMap((name) => [[name, 'br'] as const, [name, 'gzip'] as const]))(
    '%s in %s decodes to the file, twice (cached)',
    (name, encoding) => {
      for (let i = 0; i < 2; i++) {
        const res = site.respond(`/${name.replace('.html', '')}`, encoding);
        expect(res.headers['Content-Encoding']).toBe(encoding);
        const decoded = encoding === 'br' ? zlib.brotliDecompressSync(res.body) : zlib.gunzipSync(res.body);
        expect(decoded.toString()).toBe(files[name]);
      }
    },
  );
});
