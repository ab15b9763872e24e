// Logout and password change end older sessions.
import { describe, expect, it } from 'vitest';
import auth from '../../functions/auth.ts';
import { cookieFrom, sessionSetCookie, signUp } from '../helpers/accounts.ts';
import { callRoute, unchecked, databaseAvailable, engine } from '../helpers/test-db.ts';
import { useAuthSuite, me, login } from '../helpers/auth-suite.ts';

describe.skipIf(!databaseAvailable)(`auth API on ${engine}`, () => {
  const { passwordHash, cook } = useAuthSuite();

  describe('logout and password change end older sessions', () => {
    it('logout ends every session of the user (logout everywhere) and clears the cookie', async () => {
      const user = await signUp('leaver');
      const otherBrowser = cookieFrom((await login(user.username, user.password)).headers);
      expect((await me(user.cookie)).status).toBe(200);
      expect((await me(otherBrowser)).status).toBe(200);

      const res = await callRoute(auth, 'POST', '/api/auth/logout', { headers: { cookie: user.cookie } });
      expect(res.status).toBe(200);
      expect(sessionSetCookie(res.headers)).toMatch(/^session=; .*Max-Age=0/);
      expect(res.headers.getSetCookie()).toContain('forkful_signed_in=; Path=/; SameSite=Lax; Max-Age=0');
      expect((await me(user.cookie)).status).toBe(401);
      expect((await me(otherBrowser)).status).toBe(401);
      // Logging in again works and gives a working session.
      expect((await me(cookieFrom((await login(user.username, user.password)).headers))).status).toBe(200);
    });

    it('logout without a session just clears the cookie', async () => {
      const res = await callRoute(auth, 'POST', '/api/auth/logout');
      expect(res.status).toBe(200);
      expect(sessionSetCookie(res.headers)).toContain('Max-Age=0');
    });

    it('a password change ends other sessions, keeps this browser logged in, and swaps the password', async () => {
      const user = await signUp('changer', 'old-parsley-mortar');
      const otherBrowser = cookieFrom((await login(user.username, 'old-parsley-mortar')).headers);
      const res = await callRoute(auth, 'POST', '/api/auth/change-password', {
        headers: { cookie: user.cookie },
        body: { currentPassword: 'old-parsley-mortar', newPassword: 'new-basil-lantern' },
      });
      expect(res.status).toBe(200);
      const fresh = cookieFrom(res.headers);
      expect((await me(user.cookie)).status).toBe(401);
      expect((await me(otherBrowser)).status).toBe(401);
      expect((await me(fresh)).status).toBe(200);
      expect((await login(user.username, 'old-parsley-mortar')).status).toBe(401);
      expect((await login(user.username, 'new-basil-lantern')).status).toBe(200);
    });

    it.each([
      [
        'wrong current password',
        { currentPassword: 'not-my-password', newPassword: 'another-one' },
        'Current password is incorrect',
      ],
      ['current password missing', { newPassword: 'another-one' }, 'Current password is required'],
      [
        'current password empty',
        { currentPassword: '', newPassword: 'another-one' },
        'Current password is required',
      ],
      [
        'new password too short',
        { currentPassword: 'pass-word-42', newPassword: 'short' },
        'Password must be at least 6 characters',
      ],
      [
        'new password over 72 bytes',
        { currentPassword: 'pass-word-42', newPassword: '€'.repeat(25) },
        'at most 72 bytes',
      ],
    ])('refuses a change with %s (400), password and sessions untouched', async (_name, body, message) => {
      const hash = await passwordHash(cook.id);
      const res = await callRoute(auth, 'POST', '/api/auth/change-password', {
        headers: { cookie: cook.cookie },
        body: unchecked(body),
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
      expect(await passwordHash(cook.id)).toBe(hash);
      expect((await me(cook.cookie)).status).toBe(200);
    });

    it('change-password needs a session', async () => {
      const res = await callRoute(auth, 'POST', '/api/auth/change-password', {
        body: { currentPassword: 'x', newPassword: 'yyyyyy' },
      });
      expect(res.status).toBe(401);
    });
  });
});
