// Login throttling per account and per address, stored in the database.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LOGIN_ACCOUNT_LIMIT, LOGIN_IP_LIMIT } from '../../functions/_shared/rate-limit.ts';
import { signUp } from '../helpers/accounts.ts';
import { databaseAvailable, engine } from '../helpers/test-db.ts';
import { useAuthSuite, login } from '../helpers/auth-suite.ts';

describe.skipIf(!databaseAvailable)(`auth API on ${engine}`, () => {
  const { db, cook } = useAuthSuite();

  describe('login throttling (stored in Postgres)', () => {
    const counter = async (key: string) =>
      db().selectFrom('rate_limits').select(['count']).where('key', '=', key).executeTakeFirst();

    it(`after ${LOGIN_ACCOUNT_LIMIT.max} failures for one account: 429 with Retry-After, even with the right password`, async () => {
      const target = await signUp('target');
      for (let i = 0; i < LOGIN_ACCOUNT_LIMIT.max; i++) {
        // Spread over addresses: the account limit must hold on its own.
        expect((await login(target.username, `guess-${i}-x`, `203.0.113.${i + 1}`)).status).toBe(401);
      }
      const blocked = await login(target.username, target.password, '203.0.113.99');
      expect(blocked.status).toBe(429);
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(LOGIN_ACCOUNT_LIMIT.windowSeconds);
      expect(blocked.body.error).toMatch(
        /Too many failed logins for this account\. Please try again in \d+ minutes?\./,
      );
      expect(blocked.headers.get('set-cookie')).toBeNull();
    });

    it('Retry-After counts down to the end of the window, and the window ends', async () => {
      const target = await signUp('waiter');
      const key = `login:account:${target.username.toLowerCase()}`;
      await db()
        .insertInto('rate_limits')
        .values({
          key,
          count: LOGIN_ACCOUNT_LIMIT.max,
          window_start: sql`now() - make_interval(secs => ${LOGIN_ACCOUNT_LIMIT.windowSeconds - 60})`,
        })
        .execute();
      const blocked = await login(target.username, target.password);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(50);
      expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(60);

      await db()
        .updateTable('rate_limits')
        .set({ window_start: sql`now() - make_interval(secs => ${LOGIN_ACCOUNT_LIMIT.windowSeconds + 1})` })
        .where('key', '=', key)
        .execute();
      expect((await login(target.username, target.password)).status).toBe(200);
    });

    it(`after ${LOGIN_IP_LIMIT.max} failures from one address: 429 for any account from it, other addresses unaffected`, async () => {
      const ip = '192.0.2.77';
      await db()
        .insertInto('rate_limits')
        .values({ key: `login:ip:${ip}`, count: LOGIN_IP_LIMIT.max })
        .execute();
      const blocked = await login(cook.username, cook.password, ip);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.body.error).toContain('Too many failed logins from your network.');
      expect((await login(cook.username, cook.password, '192.0.2.78')).status).toBe(200);
    });

    it('takes the address from the connection only: X-Forwarded-For neither escapes nor moves the limit', async () => {
      const ip = '192.0.2.88';
      await db()
        .insertInto('rate_limits')
        .values({ key: `login:ip:${ip}`, count: LOGIN_IP_LIMIT.max })
        .execute();
      for (const forged of ['192.0.2.89', '192.0.2.89, 10.0.0.1'])
        expect((await login(cook.username, cook.password, ip, { 'x-forwarded-for': forged })).status).toBe(
          429,
        );
      // A header naming the blocked address does not lock out another client either.
      expect(
        (await login(cook.username, cook.password, '192.0.2.90', { 'x-forwarded-for': ip })).status,
      ).toBe(200);
    });

    it('a successful login clears the account counter and does not count against the address', async () => {
      const user = await signUp('forgetful');
      const ip = '192.0.2.150';
      for (let i = 0; i < 3; i++) await login(user.username, `nope-${i}-nope`, ip);
      expect((await counter(`login:account:${user.username.toLowerCase()}`))?.count).toBe(3);
      expect((await login(user.username, user.password, ip)).status).toBe(200);
      expect(await counter(`login:account:${user.username.toLowerCase()}`)).toBeUndefined();
      expect((await counter(`login:ip:${ip}`))?.count).toBe(3);
    });
  });
});
