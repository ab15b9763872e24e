import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TableSummary } from '../../scripts/lib/local-control.ts';
import { ROOT } from './paths.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { httpMessage, rawRequest } from './raw-http.ts';

export { freePort };

export interface LocalServer {
  baseUrl: string;
  dataDir: string;
  /** Everything the server printed so far. */
  output: () => string;
  /** Every table's row count and checksum, read by the server (scripts/lib/local-control.ts). */
  tables: () => Promise<TableSummary>;
  stop: () => Promise<void>;
}

/**
 * Starts `npm start`'s script on `dataDir` and a free port and waits until it serves. The
 * server seeds an empty data dir (admin password `adminPassword`) and builds the site.
 */
export async function startLocalServer(
  dataDir: string,
  options: { adminPassword?: string; env?: Record<string, string> } = {},
): Promise<LocalServer> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['scripts/serve.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      FORKFUL_DATA_DIR: dataDir,
      ADMIN_PASSWORD: options.adminPassword ?? 'admin-test-password',
      SITE_URL: baseUrl,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The server did not start within 180 s:\n${output}`)),
      180_000,
    );
    const check = setInterval(() => {
      if (output.includes('Forkful is running at')) {
        clearTimeout(timer);
        clearInterval(check);
        resolve();
      }
    }, 100);
    void exited.then(() => {
      clearTimeout(timer);
      clearInterval(check);
      reject(new Error(`The server exited (${child.exitCode}) before it was ready:\n${output}`));
    });
  });
  const secret = fs.readFileSync(path.join(dataDir, 'control-secret'), 'utf8').trim();
  return {
    baseUrl,
    dataDir,
    output: () => output,
    tables: async () => {
      const res = await rawRequest(
        baseUrl,
        httpMessage('GET', '/__local/tables', { 'X-Forkful-Control-Secret': secret }),
        30_000,
      );
      if (res.status !== 200) throw new Error(`/__local/tables answered ${res.status}: ${res.body}`);
      return JSON.parse(res.body) as TableSummary;
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
