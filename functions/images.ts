import { binary, json, type CachePolicy } from './_shared/http.ts';
import { readVariant } from './_shared/images/service.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import type { StoredImageWidth } from '../src/lib/stored-images.ts';

// Run-time images served from the site's own origin (src/lib/stored-images.ts): content-addressed,
// so browsers and the CDN keep them for a year. A variant dropped by "clear image cache" is made
// again from the original on its next request.

export const config: Config = {
  path: ['/api/images/:key/:file'],
  method: ['GET'],
};

const IMMUTABLE: CachePolicy = { kind: 'immutable' };
const FILE = /^(1200|600)\.webp$/;
const KEY = /^[0-9a-f]{32}$/;

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/images/:key/:file',
    handler: async (req, { params }) => {
      const key = params.key ?? '';
      const file = FILE.exec(params.file ?? '');
      if (!KEY.test(key) || !file) return json({ error: 'No such image.' }, { status: 404 });
      const width = Number(file[1]) as StoredImageWidth;
      const etag = `"${key}-${width}"`;
      if (req.headers.get('if-none-match') === etag)
        return new Response(null, {
          status: 304,
          headers: { ETag: etag, 'Cache-Control': 'public, max-age=31536000, immutable' },
        });
      const bytes = await readVariant(key, width);
      if (!bytes) return json({ error: 'No such image.' }, { status: 404 });
      return binary(bytes, 'image/webp', { cache: IMMUTABLE, headers: { ETag: etag } });
    },
  },
]);
