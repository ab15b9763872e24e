// The setup every publishing API suite shares: a local HTTP server on 127.0.0.1 standing in for
// Netlify's build hook and recording each call, the admin and a cook signed in, the publishing
// tables emptied before each test, and the production timing scaled down to a test's seconds.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import auth from '../../functions/auth.ts';
import { publishingSettled } from '../../functions/_shared/publish.ts';
import type { PublishTiming } from '../../functions/_shared/services/publishing.ts';
import type { PublishScope } from '../../src/lib/schemas/publish.ts';
import { cookieFrom, signUp, type TestAccount } from './accounts.ts';
import { callRoute, useTestDatabase } from './test-db.ts';

/** The production timing scaled down, so bursts and builds take a test's seconds. */
export const TIMING: PublishTiming = { quietMs: 200, maxWaitMs: 3000, minIntervalMs: 3000 };
/**
 * For the 50-write bursts: every write must land within one interval of the first build, which
 * on a loaded 2-core machine (the whole suite at once) took more than 3 s. A longer interval
 * keeps the claim about coalescing and only makes the second build start later.
 */
export const BURST_TIMING: PublishTiming = { quietMs: 200, maxWaitMs: 10_000, minIntervalMs: 10_000 };
export const BURST_TEST_MS = 45_000;
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface HookCall {
  url: string;
  body: { requestId?: number; scope?: PublishScope };
}

/** A local HTTP server on 127.0.0.1 that records each call and hands it to `onCall`. */
export async function startServer(
  onCall: (req: http.IncomingMessage, body: string) => Promise<[number, string, Headers?]>,
) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      void onCall(req, body).then(([status, text, headers]) =>
        res.writeHead(status, Object.fromEntries(headers ?? [])).end(text),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Registers the publishing suite's hooks. The accounts and the stand-in build hook are filled in
 * place in beforeAll, so a suite may destructure them at once; `onHook` (what the stand-in does
 * with a call besides recording it) is set on the returned object and reset before each test.
 */
export function usePublishingSuite() {
  const db = useTestDatabase();
  const admin = {} as { cookie: string };
  const cook = {} as TestAccount;
  const hookCalls: HookCall[] = [];
  const hook = {} as Awaited<ReturnType<typeof startServer>>;
  const recipe = (id: number) => ({ id, slug: `recipe-${id}`, category: 'desserts' });
  const rows = () => db().selectFrom('publish_requests').selectAll().orderBy('id').execute();
  const suite = {
    db,
    admin,
    cook,
    hookCalls,
    hook,
    recipe,
    rows,
    /** What the stand-in build hook does with a call besides recording it. */
    onHook: (() => {}) as (call: HookCall) => void,
  };

  beforeAll(async () => {
    Object.assign(
      hook,
      await startServer(async (req, body) => {
        const entry = { url: req.url ?? '', body: body ? (JSON.parse(body) as HookCall['body']) : {} };
        hookCalls.push(entry);
        suite.onHook(entry);
        return [200, '{}'];
      }),
    );
    const login = await callRoute(auth, 'POST', '/api/auth/login', {
      body: { username: 'admin', password: 'admin-test-password' },
    });
    Object.assign(admin, { cookie: cookieFrom(login.headers) });
    Object.assign(cook, await signUp('cook'));
  });
  afterAll(async () => {
    delete process.env.BUILD_HOOK_URL;
    await hook.close();
  });
  beforeEach(async () => {
    await publishingSettled();
    await db().deleteFrom('publish_requests').execute();
    await db().deleteFrom('publish_slots').execute();
    hookCalls.length = 0;
    suite.onHook = () => {};
    process.env.BUILD_HOOK_URL = `${hook.url}/build_hooks/abc`;
  });
  afterEach(() => publishingSettled());

  return suite;
}
