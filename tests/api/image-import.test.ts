import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import adminImages, { adminImageRoutes } from '../../functions/admin-images.ts';
import images from '../../functions/images.ts';
import { FolderImageStore, setImageStore } from '../../functions/_shared/images/store.ts';
import type { RouteOf } from '../../src/lib/api/routes.ts';
import { type TestAccount } from '../helpers/accounts.ts';
import { guardAccounts } from '../helpers/admin-session.ts';
import { TEST_DATA } from '../helpers/paths.ts';
import { callRoute, databaseAvailable, engine, unchecked, useTestDatabase } from '../helpers/test-db.ts';

// Importing an image by its address (POST /api/admin/images/import): the admin pastes a remote
// URL into a form and gets back our stored copy, fetched through the same guarded fetch as
// "convert temporary images". The deployed route refuses loopback; the test's own handler exempts
// only its image server (one host and port), as tests/api/images.test.ts does.

describe.runIf(databaseAvailable)(`image import by address on ${engine}`, () => {
  const db = useTestDatabase();
  const folder = path.join(TEST_DATA, `image-import-${engine}`);
  let cook: TestAccount;
  let admin: TestAccount;
  let server: http.Server;
  let port = 0;
  let photo: Buffer;
  const base = () => `http://127.0.0.1:${port}`;
  const route = () => adminImageRoutes({ fetch: { exempt: { host: '127.0.0.1', port }, timeoutMs: 3000 } });
  const importing = (
    handler: ReturnType<typeof adminImageRoutes>,
    who: TestAccount,
    json: RouteOf<'POST', '/api/admin/images/import'>['body'],
  ) =>
    callRoute(handler, 'POST', '/api/admin/images/import', { body: json, headers: { cookie: who.cookie } });
  const imageRows = async () => (await db().selectFrom('images').select('key').execute()).length;

  beforeAll(async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    setImageStore(new FolderImageStore(folder));
    ({ cook, admin } = await guardAccounts());
    photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c85a28' } })
      .jpeg()
      .toBuffer();
    server = http.createServer((req, res) => {
      if (req.url === '/dish.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
      else if (req.url === '/page.html') res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    setImageStore(undefined);
    await new Promise((resolve) => server.close(resolve));
  });

  it('stores a copy of the image and answers its own address, served by the image route', async () => {
    const res = await importing(route(), admin, { url: `${base()}/dish.jpg`, use: 'recipe' });
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/api\/images\/[0-9a-f]{32}\/1200\.webp$/);
    expect(res.body).toMatchObject({ width: 900, height: 600 });
    const row = await db()
      .selectFrom('images')
      .select(['source', 'source_url'])
      .where('key', '=', res.body.key)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ source: 'remote', source_url: `${base()}/dish.jpg` });
    const served = await images(new Request(`http://localhost:8888${res.body.url}`));
    expect(served.status).toBe(200);
  });

  it.each<[string, Record<string, string>, string]>([
    ['a missing address', {}, 'Paste the address of an image'],
    ['another scheme', { url: 'file:///etc/passwd' }, 'must start with http:// or https://'],
    ['an unknown use', { url: 'http://127.0.0.1/dish.jpg', use: 'avatar' }, '"use" must be one of'],
    ['a page, not an image', { url: '/page.html' }, ''],
    ['a missing image', { url: '/gone.jpg' }, 'answered 404'],
  ])('refuses %s with 400 and stores nothing', async (_name, body, message) => {
    const before = await imageRows();
    const json =
      typeof body.url === 'string' && body.url.startsWith('/') ? { url: `${base()}${body.url}` } : body;
    const res = await importing(route(), admin, unchecked(json));
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    expect(res.body.error).not.toMatch(/^\d|undefined|Error:/);
    expect(await imageRows()).toBe(before);
  });

  it("the deployed route refuses this machine's own addresses; a cook may not import at all", async () => {
    const deployed = await importing(adminImages, admin, { url: `${base()}/dish.jpg` });
    expect(deployed.status).toBe(400);
    expect(deployed.body.error).toMatch(/127\.0\.0\.1 resolves to 127\.0\.0\.1, a private, loopback/);
    const asCook = await importing(route(), cook, { url: `${base()}/dish.jpg` });
    expect(asCook.status).toBe(403);
  });
});
