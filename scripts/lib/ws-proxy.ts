import net from 'node:net';
import { WebSocketServer } from 'ws';

/**
 * A loopback WebSocket-to-TCP proxy, what Neon runs in front of Postgres: lets the production
 * driver (@neondatabase/serverless Pool) talk to a plain PostgreSQL server on this machine
 * (`npm start` with DATABASE_URL=postgres://…@localhost/…, and the tests). Only loopback targets.
 */
export async function startWebSocketProxy(): Promise<{ port: number; close: () => Promise<void> }> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  wss.on('connection', (ws, req) => {
    const address = new URL(req.url ?? '/', 'http://x').searchParams.get('address') ?? '';
    const [host, port] = address.split(':');
    if (host !== '127.0.0.1' && host !== 'localhost') {
      ws.close(1008, 'only loopback targets');
      return;
    }
    const socket = net.connect(Number(port), host);
    socket.on('data', (data) => ws.send(data));
    socket.on('close', () => ws.close());
    socket.on('error', () => ws.close());
    ws.on('error', () => socket.destroy());
    ws.on('message', (data) => socket.write(data as Buffer));
    ws.on('close', () => socket.destroy());
  });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const { port } = wss.address() as net.AddressInfo;
  return {
    port,
    // Connections still open are closed politely first (a torn connection is an error event in
    // the database client, logged as "idle client error"), then cut after a second.
    close: async () => {
      for (const client of wss.clients) client.close(1001, 'proxy closing');
      const deadline = Date.now() + 1000;
      while (wss.clients.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
