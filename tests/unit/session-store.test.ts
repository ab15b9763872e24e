import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $user, login, logout, onLogout, refreshUser } from '../../src/stores/session.ts';
import { mayBeSignedIn } from '../../src/lib/session-hint.ts';
import { MemoryStorage } from '../helpers/memory-storage.ts';

// The session store's rules, against a scripted stand-in for the
// server: each call to fetch takes the next scripted answer and is recorded.

const alice = { id: 1, username: 'alice', email: 'alice@example.com' };
const bob = { id: 2, username: 'bob', email: 'bob@example.com' };

type Answer = { status: number; body?: unknown } | 'network-error';
let script: Answer[] = [];
let calls: { url: string; method: string; credentials: string | undefined }[] = [];

beforeEach(() => {
  script = [];
  calls = [];
  $user.set(undefined);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? 'GET', credentials: init.credentials });
    const next = script.shift();
    if (!next) throw new Error(`Unscripted request: ${url}`);
    if (next === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(next.body === undefined ? '' : JSON.stringify(next.body), { status: next.status });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('refreshUser', () => {
  it.each<[string, Answer[], typeof alice | null, number]>([
    ['a user', [{ status: 200, body: alice }], alice, 1],
    ['401 means anonymous, without a retry', [{ status: 401, body: { error: 'Please log in' } }], null, 1],
    ['a 500 is retried once and then succeeds', [{ status: 500 }, { status: 200, body: alice }], alice, 2],
    [
      'a network error is retried once and then succeeds',
      ['network-error', { status: 200, body: alice }],
      alice,
      2,
    ],
    ['two failures other than 401 mean anonymous', [{ status: 503 }, 'network-error'], null, 2],
  ])('%s', async (_name, answers, expected, requests) => {
    script = answers;
    await expect(refreshUser()).resolves.toEqual(expected);
    expect($user.get()).toEqual(expected);
    expect(calls).toHaveLength(requests);
    expect(calls.every((c) => c.url === '/api/auth/me' && c.credentials === 'include')).toBe(true);
  });

  it('calls made while one is running share it (one request)', async () => {
    script = [{ status: 200, body: alice }];
    const [a, b] = await Promise.all([refreshUser(), refreshUser()]);
    expect(a).toEqual(alice);
    expect(b).toEqual(alice);
    expect(calls).toHaveLength(1);
  });
});

describe('offline, the user last seen on this device', () => {
  it('is kept while the network is off, and forgotten on a 401 or logout', async () => {
    vi.stubGlobal('localStorage', new MemoryStorage());
    script = [{ status: 200, body: alice }];
    await refreshUser();
    script = ['network-error', 'network-error'];
    await expect(refreshUser()).resolves.toEqual(alice);
    // A server error is not the network being off: anonymous, as before.
    script = [{ status: 503 }, { status: 503 }];
    await expect(refreshUser()).resolves.toBeNull();
    script = ['network-error', 'network-error'];
    await expect(refreshUser()).resolves.toBeNull();

    script = [{ status: 200, body: bob }, { status: 200 }];
    await refreshUser();
    await logout();
    script = ['network-error', 'network-error'];
    await expect(refreshUser()).resolves.toBeNull();
  });
});

describe('per-user data is forgotten', () => {
  it('logout clears the user and runs every logout hook', async () => {
    $user.set(alice);
    const hook = vi.fn();
    const off = onLogout(hook);
    script = [{ status: 200, body: { success: true } }];
    await logout();
    expect($user.get()).toBeNull();
    expect(hook).toHaveBeenCalledTimes(1);
    expect(calls[0]).toMatchObject({ url: '/api/auth/logout', method: 'POST' });
    off();
  });

  it('a failed logout still forgets everything on the page, and reports the error', async () => {
    $user.set(alice);
    const hook = vi.fn();
    const off = onLogout(hook);
    script = ['network-error'];
    await expect(logout()).rejects.toThrow();
    expect($user.get()).toBeNull();
    expect(hook).toHaveBeenCalledTimes(1);
    off();
  });

  it.each<[string, typeof alice, Answer, number]>([
    ['the session ended elsewhere (refresh answers 401)', alice, { status: 401 }, 1],
    ['another account signed in (refresh answers someone else)', alice, { status: 200, body: bob }, 1],
    ['the same user again', alice, { status: 200, body: alice }, 0],
  ])('hooks run when %s', async (_name, before, answer, runs) => {
    $user.set(before);
    const hook = vi.fn();
    const off = onLogout(hook);
    script = [answer];
    await refreshUser();
    expect(hook).toHaveBeenCalledTimes(runs);
    off();
  });

  it('an unregistered hook is not called', async () => {
    $user.set(alice);
    const hook = vi.fn();
    onLogout(hook)();
    script = [{ status: 200, body: { success: true } }];
    await logout();
    expect(hook).not.toHaveBeenCalled();
  });
});

describe('login', () => {
  it('sets the user from the answer', async () => {
    script = [{ status: 200, body: alice }];
    await expect(login({ username: 'alice', password: 'secret1' })).resolves.toEqual(alice);
    expect($user.get()).toEqual(alice);
  });

  it("rejects with the server's sentence and the '{status}: {body}' message format, user unchanged", async () => {
    $user.set(null);
    script = [{ status: 401, body: { error: 'Invalid username or password' } }];
    const err = await login({ username: 'alice', password: 'nope-nope' }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 401,
      error: 'Invalid username or password',
      message: '401: {"error":"Invalid username or password"}',
    });
    expect($user.get()).toBeNull();
  });
});

describe('signed-in hint', () => {
  it.each([
    ['no cookies at all', '', false],
    ['other cookies only', 'theme=dark; a=b', false],
    ['the hint', 'theme=dark; forkful_signed_in=1', true],
    ['a cleared hint', 'forkful_signed_in=', false],
    ['a look-alike name', 'xforkful_signed_in=1', false],
    ['no document (build, tests)', undefined, true],
  ])('%s → %s', (_name, cookies, expected) => {
    expect(mayBeSignedIn(cookies)).toBe(expected);
  });
});
