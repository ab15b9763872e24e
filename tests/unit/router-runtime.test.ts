import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The functions use the global URLPattern, which Node.js has from version 24. Deployed on an older
// runtime they must answer every request with a sentence saying what to set, as JSON (never a
// ReferenceError's stack), and log the reason once.

describe('a runtime without URLPattern', () => {
  const original = (globalThis as { URLPattern?: unknown }).URLPattern;

  beforeEach(() => {
    delete (globalThis as { URLPattern?: unknown }).URLPattern;
    vi.resetModules();
  });
  afterEach(() => {
    (globalThis as { URLPattern?: unknown }).URLPattern = original;
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('a function file still imports, and every route answers 500 JSON naming Node.js 24, logged once', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const settings = (await import('../../functions/settings.ts')).default;
    const answers = await Promise.all(
      ['GET', 'PUT'].map((method) => settings(new Request('http://localhost:8888/api/settings', { method }))),
    );
    for (const res of answers) {
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const body = (await res.json()) as { error: string };
      expect(body.error).toMatch(/^This site's functions need Node\.js 24 or newer/);
      expect(body.error).toContain('NODE_VERSION=24');
      expect(body.error).not.toMatch(/ReferenceError|at .*\.ts/);
    }
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]![0])).toContain('Node.js 24 or newer');
  });

  it('names the runtime it found', async () => {
    const { runtimeTooOldMessage } = await import('../../functions/_shared/router.ts');
    expect(runtimeTooOldMessage('20.19.0')).toContain('this runtime is Node.js 20.19.0');
  });
});
