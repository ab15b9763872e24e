import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';

// What Neon runs in front of Postgres, played on this machine for the production rehearsal:
// Neon's driver at its production defaults (`wss://{host}/v2`, TLS, the password sent in the
// same flight as the startup message) reaches a plain PostgreSQL on 127.0.0.1. Nothing in the
// site's code knows: only NODE_EXTRA_CA_CERTS, pointing at the certificate made here, differs.
//
// Neon's proxy answers the pipelined password itself; a local PostgreSQL with trust
// authentication never asks for one and would take the stray password message for a protocol
// violation. So the proxy keeps it back and hands it over only if the server asks (cleartext or
// MD5; SCRAM is refused with a sentence).

export interface NeonLikeProxy {
  port: number;
  /** The PEM certificate clients must trust (NODE_EXTRA_CA_CERTS). */
  certFile: string;
  /** Connections served so far. */
  connections: () => number;
  close: () => Promise<void>;
}

export interface NeonLikeProxyOptions {
  /** Where the certificate and key are written. */
  dir: string;
  /** The WebSocket port; Neon's driver connects to 443 (root, or CAP_NET_BIND_SERVICE, needed). */
  port?: number;
  /** The PostgreSQL behind it (only loopback). */
  target?: { host: string; port: number };
}

/** A self-signed certificate for 127.0.0.1 and localhost, made with the system's openssl. */
export function makeLoopbackCertificate(dir: string): { certFile: string; keyFile: string } {
  fs.mkdirSync(dir, { recursive: true });
  const certFile = path.join(dir, 'neon-like-proxy.crt');
  const keyFile = path.join(dir, 'neon-like-proxy.key');
  if (!fs.existsSync(certFile) || !fs.existsSync(keyFile)) {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'ignore' },
    );
  }
  return { certFile, keyFile };
}

export async function startNeonLikeProxy(options: NeonLikeProxyOptions): Promise<NeonLikeProxy> {
  const target = options.target ?? { host: '127.0.0.1', port: 5432 };
  if (!['127.0.0.1', 'localhost'].includes(target.host))
    throw new Error('The Neon-like proxy forwards to a PostgreSQL on this machine only.');
  const { certFile, keyFile } = makeLoopbackCertificate(options.dir);
  const server = https.createServer({ cert: fs.readFileSync(certFile), key: fs.readFileSync(keyFile) });
  const wss = new WebSocketServer({ server, path: '/v2' });
  let served = 0;
  wss.on('connection', (ws) => {
    served++;
    bridge(ws, net.connect(target.port, target.host));
  });
  await new Promise<void>((resolve, reject) => {
    // The WebSocket server re-emits the HTTP server's errors (a port in use): both reject.
    wss.once('error', reject);
    server.once('error', reject);
    server.listen(options.port ?? 443, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    certFile,
    connections: () => served,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The PostgreSQL wire protocol between the driver and the server, with the password held back. */
function bridge(ws: WebSocket, socket: net.Socket): void {
  let fromClient = Buffer.alloc(0);
  let startupSeen = false;
  let password: Buffer | undefined; // the body of the pipelined PasswordMessage ('p')
  let user = '';
  let passthrough = false;
  let fromServer = Buffer.alloc(0);
  let authDone = false;

  const fail = (message: string) => {
    ws.close(1011, message.slice(0, 120));
    socket.destroy();
  };

  ws.on('message', (data: Buffer) => {
    if (passthrough) {
      socket.write(data);
      return;
    }
    fromClient = Buffer.concat([fromClient, data]);
    if (!startupSeen) {
      if (fromClient.length < 8) return;
      const length = fromClient.readInt32BE(0);
      if (fromClient.length < length) return;
      const startup = fromClient.subarray(0, length);
      user = startupParameter(startup, 'user') ?? '';
      socket.write(startup);
      fromClient = fromClient.subarray(length);
      startupSeen = true;
    }
    if (fromClient.length === 0) return;
    if (fromClient[0] !== 0x70 /* 'p' */) {
      passthrough = true;
      socket.write(fromClient);
      return;
    }
    if (fromClient.length < 5) return;
    const length = fromClient.readInt32BE(1);
    if (fromClient.length < 1 + length) return;
    password = fromClient.subarray(5, 1 + length - 1); // without the trailing NUL
    const rest = fromClient.subarray(1 + length);
    passthrough = true;
    if (rest.length) socket.write(rest);
  });

  socket.on('data', (data) => {
    if (authDone) {
      ws.send(data);
      return;
    }
    // Watch the server's authentication requests until it says AuthenticationOk (or errors).
    fromServer = Buffer.concat([fromServer, data]);
    while (fromServer.length >= 5) {
      const type = fromServer[0];
      const length = fromServer.readInt32BE(1);
      if (fromServer.length < 1 + length) return;
      const message = fromServer.subarray(0, 1 + length);
      fromServer = fromServer.subarray(1 + length);
      if (type !== 0x52 /* 'R' */) {
        authDone = true;
        ws.send(Buffer.concat([message, fromServer]));
        fromServer = Buffer.alloc(0);
        return;
      }
      const kind = message.readInt32BE(5);
      if (kind === 0) {
        authDone = true;
        ws.send(Buffer.concat([message, fromServer]));
        fromServer = Buffer.alloc(0);
        return;
      }
      if (!password) return fail('The server asked for a password the driver did not send.');
      if (kind === 3) socket.write(passwordMessage(password));
      else if (kind === 5)
        socket.write(passwordMessage(md5Password(user, password, message.subarray(9, 13))));
      else return fail('This proxy speaks trust, cleartext and MD5 authentication only.');
    }
  });

  socket.on('close', () => ws.close());
  socket.on('error', () => ws.close());
  ws.on('error', () => socket.destroy());
  ws.on('close', () => socket.destroy());
}

function startupParameter(startup: Buffer, name: string): string | undefined {
  const fields = startup.subarray(8).toString('utf8').split('\0');
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
  return undefined;
}

function passwordMessage(body: Buffer): Buffer {
  const message = Buffer.alloc(1 + 4 + body.length + 1);
  message[0] = 0x70;
  message.writeInt32BE(4 + body.length + 1, 1);
  body.copy(message, 5);
  return message;
}

function md5Password(user: string, password: Buffer, salt: Buffer): Buffer {
  // PostgreSQL's MD5 scheme: 'md5' + md5(md5(password + user) + salt).
  const inner = createHash('md5')
    .update(Buffer.concat([password, Buffer.from(user)]))
    .digest('hex');
  const outer = createHash('md5')
    .update(Buffer.concat([Buffer.from(inner), salt]))
    .digest('hex');
  return Buffer.from(`md5${outer}`);
}
