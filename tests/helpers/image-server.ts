import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

// A stand-in for another site's image server, on 127.0.0.1, for the browser tests that paste an
// image address into the admin's forms (the local server is told to let its image fetch reach
// exactly this host and port: scripts/lib/local-image-fetch.ts). GET /dish.jpg is a photo;
// anything else is 404. It counts the requests it answers.

export interface ImageServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  hostPort: string;
  close: () => Promise<void>;
}

export async function startImageServer(): Promise<ImageServer> {
  const photo = await sharp({
    create: { width: 960, height: 640, channels: 3, background: { r: 214, g: 120, b: 48 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/dish.jpg')
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length }).end(photo);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
