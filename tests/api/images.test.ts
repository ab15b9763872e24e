import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import adminImages, { adminImageRoutes } from '../../functions/admin-images.ts';
import images from '../../functions/images.ts';
import { convertRemoteImages } from '../../functions/_shared/images/convert-remote.ts';
import { isPublicAddress, type AddressPolicy } from '../../functions/_shared/images/address-policy.ts';
import { FolderImageStore, setImageStore } from '../../functions/_shared/images/store.ts';
import { publishingSettled } from '../../functions/_shared/publish.ts';
import { type TestAccount } from '../helpers/accounts.ts';
import { guardAccounts } from '../helpers/admin-session.ts';
import { TEST_DATA } from '../helpers/paths.ts';
import { rowCount } from '../helpers/api-fixtures.ts';
import { callRoute, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// The image store's API: admin uploads become a re-encoded
// original plus WebP variants served by GET /api/images/:key/:file, with EXIF/GPS dropped; hostile
// uploads are refused with a sentence and nothing kept; "convert temporary images" copies remote
// images through the guarded fetch, leaving failed rows as they were.

/** A plain photo; a different `shade` gives different bytes (and so a different stored key). */
const photo = (format: 'png' | 'jpeg', width = 640, height = 480, shade = 0) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: (40 + 9 * shade) % 256 } } })
    .toFormat(format)
    .toBuffer();

/** A valid small PNG whose header claims width × height (a decompression bomb as far as the header goes). */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await photo('png', 40, 40));
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC covers type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

function form(bytes: Uint8Array, name: string, type: string): FormData {
  const body = new FormData();
  body.set('image', new File([new Uint8Array(bytes)], name, { type }));
  return body;
}

describe.runIf(databaseAvailable)('image store API', () => {
  const db = useTestDatabase();
  const folder = path.join(TEST_DATA, `images-api-${engine}`);
  let cook: TestAccount;
  let admin: TestAccount;

  const filesStored = () =>
    fs.existsSync(folder)
      ? fs.readdirSync(folder, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
      : 0;
  const rowsStored = () => rowCount(db(), 'images');
  const headers = (who: TestAccount | null) => (who ? { cookie: who.cookie } : {});
  const upload = (body: FormData, who: TestAccount | null = admin) =>
    callRoute(adminImages, 'POST', '/api/admin/images/upload', { body, headers: headers(who) });

  beforeAll(async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    fs.mkdirSync(folder, { recursive: true });
    setImageStore(new FolderImageStore(folder));
    ({ cook, admin } = await guardAccounts());
  });

  afterAll(async () => {
    await publishingSettled();
    setImageStore(undefined);
  });

  it.each([
    ['anonymous', undefined, 401],
    ['a signed-in cook', 'cook', 403],
  ] as const)('refuses an upload from %s', async (_who, who, status) => {
    const res = await upload(form(await photo('png'), 'a.png', 'image/png'), who ? cook : null);
    expect(res.status).toBe(status);
    expect(res.body.error).toMatch(/admin|sign/i);
  });

  it.each([
    ['png', 'image/png', 'photo.png'],
    ['jpeg', 'image/jpeg', 'photo.jpg'],
  ] as const)('stores a %s and serves its 1200 and 600 WebP variants', async (format, type, name) => {
    const res = await upload(form(await photo(format, 1600 + (format === 'png' ? 1 : 2), 900), name, type));
    expect(res.status).toBe(201);
    expect(res.body.key).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.url).toContain(`/api/images/${res.body.key}/1200.webp`);
    for (const width of [1200, 600]) {
      const served = await images(
        new Request(`http://localhost:8888/api/images/${res.body.key}/${width}.webp`),
      );
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
    }
  });

  it('drops EXIF and GPS from the stored original', async () => {
    const tagged = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a6' } })
      .jpeg()
      .withMetadata({
        exif: {
          IFD0: { Copyright: 'Someone', Artist: 'Someone Else' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
        },
      })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined(); // the fixture really carries EXIF
    const res = await upload(form(tagged, 'exif.jpg', 'image/jpeg'));
    expect(res.status).toBe(201);
    const row = await db()
      .selectFrom('images')
      .select(['path'])
      .where('key', '=', res.body.key)
      .executeTakeFirstOrThrow();
    const original = fs.readFileSync(path.join(folder, row.path));
    const meta = await sharp(original).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(original.includes(Buffer.from('Someone'))).toBe(false);
  });

  it.each([
    [
      'HTML named photo.jpg',
      () => form(Buffer.from('<!doctype html><html><body>hi</body></html>'), 'photo.jpg', 'image/jpeg'),
      400,
      /not .*(it looks like|Choose)/i,
    ],
    [
      'an SVG with a script',
      () =>
        form(
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'x.svg',
          'image/svg+xml',
        ),
      400,
      /not /i,
    ],
    [
      'a 20 MB file',
      () => form(Buffer.alloc(20 * 1024 * 1024, 1), 'big.jpg', 'image/jpeg'),
      413,
      /larger than 5 MB/,
    ],
    [
      'a PNG declaring 30000 × 30000 pixels',
      async () => form(await pngDeclaring(30000, 30000), 'bomb.png', 'image/png'),
      400,
      /30000 × 30000 pixels.*limit/,
    ],
    ['an empty file', () => form(new Uint8Array(), 'empty.png', 'image/png'), 400, /empty/],
    [
      'a truncated JPEG',
      async () => form((await photo('jpeg')).subarray(0, 400), 'cut.jpg', 'image/jpeg'),
      400,
      /damaged/,
    ],
  ])('refuses %s with a sentence and stores nothing', async (_what, body, status, message) => {
    const [files, rows] = [filesStored(), await rowsStored()];
    const res = await upload(await body());
    expect(res.status).toBe(status);
    expect(res.body.error).toMatch(message);
    expect(res.body.error).toMatch(/\.$/);
    expect(filesStored()).toBe(files);
    expect(await rowsStored()).toBe(rows);
  });

  describe('convert temporary images', () => {
    let server: http.Server;
    let port = 0;
    let hits = 0;
    let good: Buffer;
    const base = () => `http://127.0.0.1:${port}`;
    // A server on 127.0.0.2 playing the cloud metadata service, and the real address policy with
    // 127.0.0.2 read as 169.254.169.254: a refusal of it is the link-local rule at work, proven
    // without a packet leaving loopback.
    let metadata: http.Server;
    let metadataPort = 0;
    let metadataHits = 0;
    const metadataStandIn: AddressPolicy = (address) =>
      isPublicAddress(address === '127.0.0.2' ? '169.254.169.254' : address);

    beforeAll(async () => {
      good = await photo('jpeg', 800, 600);
      server = http.createServer((req, res) => {
        hits += 1;
        const route = (req.url ?? '').split('?')[0];
        if (route === '/good.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(good);
        else if (route === '/huge-declared.jpg')
          res.writeHead(200, { 'content-length': String(11 * 1024 * 1024) }).end(Buffer.alloc(1024));
        else if (route === '/huge-streamed.jpg') {
          res.writeHead(200, { 'content-type': 'image/jpeg' });
          const chunk = Buffer.alloc(1024 * 1024, 0xff);
          let sent = 0;
          const more = () => {
            while (sent < 12 && res.write(chunk)) sent += 1;
            if (sent >= 12) res.end();
            else res.once('drain', () => ((sent += 1), more()));
          };
          more();
        } else if (route === '/slow.jpg') setTimeout(() => res.writeHead(200).end(good), 6000).unref();
        else if (route === '/page.jpg')
          res.writeHead(200, { 'content-type': 'text/html' }).end('<html>nope</html>');
        else if (route === '/to-localhost')
          res.writeHead(302, { location: `http://localhost:${port}/good.jpg` }).end();
        else if (route === '/to-metadata')
          // 127.0.0.2 stands in for the cloud metadata address (see metadataStandIn): were the
          // guard to follow this redirect, the request would still stay on this machine.
          res.writeHead(302, { location: `http://127.0.0.2:${metadataPort}/latest/meta-data` }).end();
        else res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      metadata = http.createServer((_req, res) => {
        metadataHits += 1;
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(good);
      });
      await new Promise<void>((resolve) => metadata.listen(0, '127.0.0.2', resolve));
      metadataPort = (metadata.address() as AddressInfo).port;
      // The seed's images are the site's own; only the rows this test points elsewhere are remote.
      const remote = await db()
        .selectFrom('recipes')
        .select('id')
        .where('image', '~*', '^https?://')
        .execute();
      const remotePosts = await db()
        .selectFrom('blog_posts')
        .select('id')
        .where('image', '~*', '^https?://')
        .execute();
      expect([...remote, ...remotePosts]).toEqual([]);
      seedImages = await db().selectFrom('recipes').select(['id', 'image']).execute();
    });

    // Each test points some recipes at the server above (and may convert one): whatever order
    // the tests run in, each starts from the seed's own images.
    let seedImages: { id: number; image: string | null }[] = [];
    let shade = 0;
    beforeEach(async () => {
      // A new picture behind /good.jpg for each test: images are stored by content, so a picture
      // another test already converted would be found, not stored again.
      good = await photo('jpeg', 800, 600, ++shade);
      const now = new Map(
        (await db().selectFrom('recipes').select(['id', 'image']).execute()).map((r) => [r.id, r.image]),
      );
      for (const { id, image } of seedImages)
        if (now.get(id) !== image)
          await db().updateTable('recipes').set({ image }).where('id', '=', id).execute();
    });

    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      metadata.closeAllConnections();
      await new Promise((resolve) => metadata.close(resolve));
    });

    async function pointRecipesAt(paths: string[]): Promise<number[]> {
      const rows = await db().selectFrom('recipes').select('id').orderBy('id').limit(paths.length).execute();
      for (const [i, row] of rows.entries())
        await db()
          .updateTable('recipes')
          .set({ image: `${base()}${paths[i]}` })
          .where('id', '=', row.id)
          .execute();
      return rows.map((r) => r.id);
    }
    const imageOf = async (id: number) =>
      (await db().selectFrom('recipes').select('image').where('id', '=', id).executeTakeFirstOrThrow()).image;

    it.each([
      ['anonymous', undefined, 401],
      ['a signed-in cook', 'cook', 403],
    ] as const)('refuses %s', async (_who, who, status) => {
      const res = await callRoute(adminImages, 'POST', '/api/admin/images/convert-temporary', {
        headers: headers(who ? cook : null),
      });
      expect(res.status).toBe(status);
    });

    it('through the route, refuses a loopback address without contacting it', async () => {
      const [id] = await pointRecipesAt(['/good.jpg']);
      hits = 0;
      const res = await callRoute(adminImages, 'POST', '/api/admin/images/convert-temporary', {
        headers: headers(admin),
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ convertedCount: 0, errorCount: 1, remaining: 0 });
      expect(res.body.failures[0]).toMatchObject({ id, kind: 'recipe' });
      expect(res.body.failures[0]?.reason).toMatch(/127\.0\.0\.1.*loopback/);
      expect(hits).toBe(0);
      expect(await imageOf(id!)).toBe(`${base()}/good.jpg`);
    });

    it('converts the good image and leaves every failed row as it was', async () => {
      const cases: [string, RegExp | null][] = [
        ['/good.jpg', null],
        ['/huge-declared.jpg', /11\.0 MB; the limit is 10 MB/],
        ['/huge-streamed.jpg', /larger than the 10 MB limit/],
        ['/slow.jpg', /did not answer within 3 s/],
        ['/page.jpg', /not .*looks like/i],
        ['/missing.jpg', /answered 404/],
        ['/to-localhost', /localhost resolves to .*loopback/],
        ['/to-metadata', /127\.0\.0\.2.*private/],
      ];
      const ids = await pointRecipesAt(cases.map(([p]) => p));
      expect(ids).toHaveLength(cases.length);
      const rowsBefore = await rowsStored();

      // 3 s: a 12 MB stream over loopback must hit the size cap, not the clock, on a loaded machine.
      metadataHits = 0;
      const result = await convertRemoteImages({
        fetch: { exempt: { host: '127.0.0.1', port }, timeoutMs: 3000, policy: metadataStandIn },
      });
      expect(metadataHits).toBe(0);
      expect(result).toMatchObject({ convertedCount: 1, errorCount: cases.length - 1, remaining: 0 });
      expect(await rowsStored()).toBe(rowsBefore + 1);

      for (const [i, [p, reason]] of cases.entries()) {
        const id = ids[i]!;
        const image = await imageOf(id);
        if (!reason) {
          expect(image).toMatch(/\/api\/images\/[0-9a-f]{32}\/1200\.webp$/);
          const source = await db()
            .selectFrom('images')
            .select(['source', 'source_url'])
            .where('source_url', '=', `${base()}${p}`)
            .executeTakeFirstOrThrow();
          expect(source.source).toBe('remote');
          continue;
        }
        expect(image, p).toBe(`${base()}${p}`);
        const failure = result.failures.find((f) => f.id === id);
        expect(failure?.reason, p).toMatch(reason);
      }
    });

    it('end to end through the route (a handler exempting only this server): converts, serves, reports', async () => {
      // The same route table as the deployed function, built with the local server's exemption.
      const route = adminImageRoutes({
        fetch: { exempt: { host: '127.0.0.1', port }, timeoutMs: 3000, policy: metadataStandIn },
      });
      metadataHits = 0;
      // Rows the previous test left remote (its failures) are not this test's business.
      await db().updateTable('recipes').set({ image: null }).where('image', '~*', '^https?://').execute();
      const [goodId, pageId, metadataId] = await pointRecipesAt(['/good.jpg', '/page.jpg', '/to-metadata']);
      const asCook = await callRoute(route, 'POST', '/api/admin/images/convert-temporary', {
        headers: headers(cook),
      });
      expect(asCook.status).toBe(403);
      hits = 0;
      const res = await callRoute(route, 'POST', '/api/admin/images/convert-temporary', {
        headers: headers(admin),
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ convertedCount: 1, errorCount: 2, remaining: 0 });
      expect(res.body.failures.map((f: { id: number }) => f.id).sort()).toEqual([pageId, metadataId].sort());
      expect(hits).toBe(3);
      expect(metadataHits).toBe(0);
      const converted = await imageOf(goodId!);
      expect(converted).toMatch(/^\/api\/images\/[0-9a-f]{32}\/1200\.webp$/);
      const served = await images(new Request(`http://localhost:8888${converted}`));
      expect(served.status).toBe(200);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
      expect(await imageOf(pageId!)).toBe(`${base()}/page.jpg`);
      expect(await imageOf(metadataId!)).toBe(`${base()}/to-metadata`);
      // The exemption is one host and port: another loopback port is still refused.
      await db()
        .updateTable('recipes')
        .set({ image: `http://127.0.0.1:${port === 65535 ? port - 1 : port + 1}/good.jpg` })
        .where('id', '=', goodId!)
        .execute();
      const other = await callRoute(route, 'POST', '/api/admin/images/convert-temporary', {
        headers: headers(admin),
      });
      expect(other.body.failures.find((f: { id: number }) => f.id === goodId)?.reason).toMatch(/loopback/);
    });
  });
});
