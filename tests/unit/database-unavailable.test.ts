import { describe, expect, it } from 'vitest';
import { errorResponse, isDatabaseUnavailable } from '../../functions/_shared/http.ts';

// Which errors mean "the database could not be reached" (a 503 with Retry-After) rather than a
// fault of ours (a 500): what the Postgres drivers actually throw when the server is away.

const withCode = (code: string) => Object.assign(new Error('connect failed'), { code });

describe('isDatabaseUnavailable', () => {
  it.each<[string, unknown, boolean]>([
    ['a refused TCP connection', withCode('ECONNREFUSED'), true],
    ['a connection exception (SQLSTATE class 08)', withCode('08006'), true],
    ['an admin shutdown (57P01)', withCode('57P01'), true],
    ["pg's connection timeout", new Error('Connection terminated due to connection timeout'), true],
    [
      'a cause two levels down',
      new Error('query failed', { cause: new Error('x', { cause: withCode('ETIMEDOUT') }) }),
      true,
    ],
    ["Neon's driver when the WebSocket cannot open (an error Event)", new Event('error'), true],
    ['another kind of event', new Event('close'), false],
    ['a unique violation', withCode('23505'), false],
    ['a plain bug', new TypeError('x is undefined'), false],
    ['nothing', null, false],
  ])('%s → %s', (_name, err, expected) => {
    expect(isDatabaseUnavailable(err)).toBe(expected);
  });

  it('answers 503 with Retry-After for an unreachable database, 500 for a bug', async () => {
    const away = errorResponse(new Event('error'));
    expect(away.status).toBe(503);
    expect(away.headers.get('retry-after')).toBe('5');
    expect(((await away.json()) as { error: string }).error).toMatch(/not reachable/);
    expect(errorResponse(new TypeError('boom')).status).toBe(500);
  });
});
