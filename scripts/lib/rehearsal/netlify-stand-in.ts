import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { renewCheckout } from './checkout.ts';

// What Netlify does after a build hook call, played on this machine with Netlify's own build:
// the hook answers at once and queues a deploy; each deploy is `netlify build --offline` in a
// clean checkout in the one build folder (Netlify's /opt/build/repo), with only Netlify's build
// cache (.netlify/) kept from the previous deploy; a successful one replaces the dist/ that
// `netlify serve` serves (from its own folder) in one rename, and either way the deploy's event
// (deploy-succeeded / deploy-failed) is POSTed to the site's event function, as Netlify does. One
// deploy at a time, in the order the hook was called.

/** The CLI's entry point, run with this process's Node (the project's Node 24). */
export const NETLIFY_CLI = path.join('node_modules', 'netlify-cli', 'bin', 'run.js');

export interface DeployRecord {
  id: string;
  ok: boolean;
  /** Wall time of `netlify build` (checkout and event excluded). */
  buildSeconds: number;
  /** Pages Astro rendered, and pages it restored from its incremental cache. */
  rendered: number;
  restored: number;
  /** Whether the build plugin restored Astro's cache from Netlify's build cache. */
  cacheRestored: boolean;
  /** The deploy event's answer (HTTP status). */
  eventStatus: number;
  error?: string;
}

export interface HookCall {
  at: number;
  title: string;
  body: unknown;
}

export interface StandInOptions {
  repoRoot: string;
  /** Where logs are written. */
  workDir: string;
  /** The build folder: every deploy is built here. */
  buildDir: string;
  /** The dist/ `netlify serve` serves: each successful deploy's dist/ replaces it. */
  liveDir: string;
  /** The site's origin, for the deploy events. */
  siteOrigin: string;
  /** The build environment (the site's variables plus what Netlify sets). */
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
}

/** Runs a command; resolves with its exit code and its output (stdout and stderr together). */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 10 * 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output });
    });
  });
}

/** What Astro's build log says it did with each page. */
export function countPages(buildLog: string): { rendered: number; restored: number } {
  const lines = buildLog.split(/\r?\n|(?=├─)/).filter((line) => /├─ \//.test(line));
  const restored = lines.filter((line) => line.includes('(restored)')).length;
  return { rendered: lines.length - restored, restored };
}

export class NetlifyStandIn {
  readonly hookCalls: HookCall[] = [];
  readonly deploys: DeployRecord[] = [];
  readonly #options: StandInOptions;
  readonly #secret = crypto.randomBytes(12).toString('hex');
  #server: http.Server | undefined;
  #port = 0;
  #queue: Promise<void> = Promise.resolve();
  #queued = 0;
  #failNext: string | undefined;
  #count = 0;

  constructor(options: StandInOptions) {
    this.#options = options;
  }

  /** Makes a finished build in the build folder the live site. */
  goLive(): void {
    const replaced = `${this.#options.liveDir}.replaced`;
    fs.rmSync(replaced, { recursive: true, force: true });
    if (fs.existsSync(this.#options.liveDir)) fs.renameSync(this.#options.liveDir, replaced);
    fs.renameSync(path.join(this.#options.buildDir, 'dist'), this.#options.liveDir);
    fs.rmSync(replaced, { recursive: true, force: true });
  }

  /** BUILD_HOOK_URL for the site. */
  get hookUrl(): string {
    return `http://127.0.0.1:${this.#port}/build_hooks/${this.#secret}`;
  }

  async start(): Promise<void> {
    this.#server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        if (req.method !== 'POST' || url.pathname !== `/build_hooks/${this.#secret}`) {
          res.writeHead(404).end('Not found');
          return;
        }
        let body: unknown;
        try {
          body = raw ? JSON.parse(raw) : null;
        } catch {
          body = raw;
        }
        const title = url.searchParams.get('trigger_title') ?? '';
        this.hookCalls.push({ at: Date.now(), title, body });
        this.#options.log(`build hook called: ${title}`);
        this.#enqueue();
        res.writeHead(200, { 'content-type': 'text/plain' }).end('');
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.#port = (this.#server.address() as AddressInfo).port;
  }

  /** The next deploy fails in its database step, as a build does when the database is unreachable. */
  failNextDeploy(): void {
    this.#failNext = 'postgres://postgres:rehearsal@127.0.0.1:1/unreachable';
  }

  /** Resolves when every queued deploy has finished and reported. */
  async idle(): Promise<void> {
    while (this.#queued > 0) await this.#queue;
  }

  /** Sends the deploy event for a deploy built elsewhere (the one `netlify serve` built). */
  async reportDeploy(id: string, ok: boolean, error?: string): Promise<number> {
    const name = ok ? 'deploy-succeeded' : 'deploy-failed';
    const payload = ok
      ? { id, state: 'ready', error_message: null }
      : { id, state: 'error', error_message: error ?? 'Build failed' };
    const res = await fetch(`${this.#options.siteOrigin}/.netlify/functions/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payload, site: { name: 'forkful-rehearsal' } }),
    });
    await res.body?.cancel();
    return res.status;
  }

  async close(): Promise<void> {
    await this.idle();
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }

  #enqueue(): void {
    this.#queued++;
    this.#queue = this.#queue
      .then(() => this.#deploy())
      .catch((err: unknown) => this.#options.log(`deploy failed to run: ${(err as Error).message}`))
      .finally(() => {
        this.#queued--;
      });
  }

  /** Builds a deploy now, without an event (the first one, before the site is served). */
  async deployNow(): Promise<DeployRecord> {
    await this.#deploy({ report: false });
    return this.deploys.at(-1)!;
  }

  async #deploy(options: { report: boolean } = { report: true }): Promise<void> {
    const id = `deploy-${++this.#count}`;
    const dir = this.#options.buildDir;
    renewCheckout(this.#options.repoRoot, dir);
    const env: NodeJS.ProcessEnv = { ...this.#options.env, DEPLOY_ID: id, BUILD_ID: id };
    if (this.#failNext) {
      env.DATABASE_URL = this.#failNext;
      this.#failNext = undefined;
    }
    const started = performance.now();
    const build = await runCommand(process.execPath, [path.join(dir, NETLIFY_CLI), 'build', '--offline'], {
      cwd: dir,
      env,
    });
    const buildSeconds = (performance.now() - started) / 1000;
    fs.writeFileSync(path.join(this.#options.workDir, `${id}.log`), build.output);
    const pages = countPages(build.output);
    const ok = build.code === 0;
    // The new deploy goes live in one step, as Netlify switches a site to a finished deploy.
    if (ok && options.report) this.goLive();
    const error = ok
      ? undefined
      : "Failed during stage 'building site': Build script returned non-zero exit code: 2";
    const eventStatus = options.report ? await this.reportDeploy(id, ok, error) : 0;
    const record: DeployRecord = {
      id,
      ok,
      buildSeconds,
      ...pages,
      cacheRestored: /Astro's cache restored/.test(build.output),
      eventStatus,
      ...(error ? { error } : {}),
    };
    this.deploys.push(record);
    this.#options.log(
      `${id}: ${ok ? 'live' : 'failed'} after a ${buildSeconds.toFixed(1)} s build (${pages.rendered} pages rendered, ${pages.restored} restored${record.cacheRestored ? ', cache restored' : ''}); event answered ${eventStatus}`,
    );
  }
}
