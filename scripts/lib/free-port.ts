// A free TCP port on the loopback interface, for the servers the bench, the rehearsal and the
// tests start: the kernel picks one, and it is handed back at once for the caller to bind.
import net from 'node:net';

/** A port free on 127.0.0.1 now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
