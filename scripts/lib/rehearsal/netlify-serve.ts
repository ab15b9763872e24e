import { spawn } from 'node:child_process';
import path from 'node:path';
import { NETLIFY_CLI } from './netlify-stand-in.ts';

// `netlify serve --offline` in the site's folder: a Netlify Build of its own (its pages are then
// replaced by the first deploy's), then the static site, netlify.toml's headers and redirects,
// and the functions. Edge functions are off: the project has none, and the CLI would otherwise
// download Deno for them.

export interface NetlifyServe {
  /** Everything it printed so far. */
  log: () => string;
  stop: () => void;
}

/** Starts `netlify serve` and resolves when it says it is ready. */
export async function startNetlifyServe(options: {
  siteDir: string;
  env: NodeJS.ProcessEnv;
  port: number;
  functionsPort: number;
  timeoutMs?: number;
}): Promise<NetlifyServe> {
  let output = '';
  const child = spawn(
    process.execPath,
    [
      path.join(options.siteDir, NETLIFY_CLI),
      'serve',
      '--offline',
      '--internal-disable-edge-functions',
      '--port',
      String(options.port),
      '--functions-port',
      String(options.functionsPort),
    ],
    {
      cwd: options.siteDir,
      env: { ...options.env, DEPLOY_ID: 'serve', BUILD_ID: 'serve' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const served: NetlifyServe = { log: () => output, stop: () => child.kill('SIGTERM') };
  const deadline = Date.now() + (options.timeoutMs ?? 300_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`netlify serve stopped (exit ${child.exitCode}):\n${output.slice(-3000)}`);
    if (/Local dev server ready/.test(output)) return served;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  served.stop();
  throw new Error(
    `netlify serve was not ready within ${(options.timeoutMs ?? 300_000) / 1000} s:\n${output.slice(-3000)}`,
  );
}
