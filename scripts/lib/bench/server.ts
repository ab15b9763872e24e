import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../server-flags.ts';
import { root } from './options.ts';
export { freePort } from '../free-port.ts';

// The real local server the bench builds with and measures: started on a free port, waited on.

export interface RunningServer {
  child: ChildProcess;
  output: () => string;
  port: number;
}

/**
 * How long a build of `recipes` may take before the bench gives up: 30 minutes, more for large
 * catalogues (50,000 recipes build in ~10 minutes on an idle 2-core machine, several times that
 * on a busy one).
 */
export function buildTimeoutMs(recipes: number): number {
  return Math.max(30 * 60_000, recipes * 72);
}

/** What a bench may change in how the server starts: Node's flags, more environment. */
export interface ServerStartOptions {
  nodeFlags?: readonly string[];
  env?: Record<string, string>;
}

export async function startServer(
  dataDir: string,
  port: number,
  recipes = 0,
  databaseUrl?: string,
  { nodeFlags = SERVER_NODE_FLAGS, env = {} }: ServerStartOptions = {},
): Promise<RunningServer> {
  let output = '';
  const child = spawn(process.execPath, [...nodeFlags, 'scripts/serve.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      FORKFUL_DATA_DIR: dataDir,
      SITE_URL: `http://localhost:${port}`,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  try {
    await waitFor(
      () => output.includes('Forkful is running at'),
      buildTimeoutMs(recipes),
      () => output,
      child,
    );
  } catch (err) {
    child.kill('SIGTERM');
    throw err;
  }
  return { child, output: () => output, port };
}

export async function waitFor(
  condition: () => boolean,
  timeoutMs: number,
  context: () => string,
  child?: ChildProcess,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (child && child.exitCode !== null) throw new Error(`The server exited:\n${context()}`);
    if (Date.now() > until) throw new Error(`Timed out:\n${context()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
