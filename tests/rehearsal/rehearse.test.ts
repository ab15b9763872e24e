import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RehearsalReport } from '../../scripts/lib/rehearsal/run-rehearsal.ts';
import { chromiumExecutable } from '../../scripts/lib/rehearsal/browser-checks.ts';
import { REQUIRED, ROOT } from '../helpers/paths.ts';

// `npm run rehearse` as CI runs it: Netlify's own build and function runtime against the local
// PostgreSQL through the Neon-like proxy, every check of the owner's and the visitor's paths.
// Required under CI=true (like the browser suite); elsewhere it skips with a sentence when this
// machine lacks what it needs.

async function canListen(port: number, host = '127.0.0.1'): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

async function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const missing = [
  !chromiumExecutable && 'Chromium (apt-get install -y chromium)',
  !(await reachable(5432)) && 'PostgreSQL on 127.0.0.1:5432',
  !(await canListen(443)) && "port 443 on 127.0.0.1 (Neon's driver connects there: run as root)",
].filter(Boolean);

if (missing.length && !REQUIRED) console.log(`rehearsal: skipped, this machine lacks ${missing.join(', ')}.`);

describe.skipIf(missing.length > 0 && !REQUIRED)('the production rehearsal (npm run rehearse)', () => {
  it('deploys, serves and closes the publish loop with Netlify’s own tools', async () => {
    expect(missing, 'what the rehearsal needs on this machine').toEqual([]);
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'forkful-rehearse-test-')), 'report.json');
    const code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['scripts/rehearse.ts', `--json=${out}`], {
        cwd: ROOT,
        stdio: 'inherit',
      });
      child.on('close', (exit) => resolve(exit ?? 1));
    });
    const report = JSON.parse(fs.readFileSync(out, 'utf8')) as RehearsalReport;
    expect(report.error ?? null).toBeNull();
    expect(code).toBe(0);
    expect(report.checks.length).toBeGreaterThanOrEqual(8);
    // The edit's deploy, from a clean checkout with only the build cache restored, re-renders
    // what the edit changed and restores the rest.
    const edit = report.deploys[1]!;
    expect(edit).toMatchObject({ ok: true, cacheRestored: true, eventStatus: 200 });
    expect(edit.restored).toBeGreaterThan(edit.rendered * 3);
    // One hook call per publish: the edit, the bulk batch, the scheduled batch, the admin's Publish.
    expect(report.hookCalls).toBe(4);
    expect(report.deploys.at(-1)).toMatchObject({ ok: false, eventStatus: 200 });
  }, 900_000);
});
