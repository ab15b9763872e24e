import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, openSignUp, unexpectedErrors, useBrowser } from '../helpers/browser.ts';

// The sign-up form judges the password as it is typed, with the
// server's own rule and words, and the estimator is fetched only once the password field is used.

describe.skipIf(!chromiumPath)('the new-password field', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('loads the estimator on first use, shows why a password is weak, and refuses it before sending', async () => {
    const { page, errors } = await openPage(browser());
    const estimatorBytes: number[] = [];
    const signups: string[] = [];
    page.on('response', async (res) => {
      const { pathname } = new URL(res.url());
      if (/\/password-strength\.[\w-]+\.js$/.test(pathname))
        estimatorBytes.push(gzipSync(await res.body()).length);
    });
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/auth/signup') signups.push(req.postData() ?? '');
    });

    const { auth, field } = await openSignUp(page, baseUrl);
    const username = `strength_${Date.now().toString(36)}`;
    await field('username').fill(username);
    await field('email').fill(`${username}@example.com`);
    // The dialog is open and filled in, yet nothing has fetched the estimator.
    await page.waitForLoadState('networkidle');
    expect(estimatorBytes).toEqual([]);

    const password = field('password');
    await password.focus();
    await expect.poll(() => estimatorBytes.length).toBe(1);
    console.log(`password estimator chunk: ${(estimatorBytes[0]! / 1024).toFixed(1)} KB gzip`);

    const strength = auth.locator('[data-password-strength]:visible');
    const cases = [
      ['password123', 'Very weak', 'This is a commonly used password.'],
      ['Passw0rd!', 'Weak', 'This is similar to a commonly used password.'],
      ['sunshine1', 'Weak', 'This is a commonly used password.'],
    ] as const;
    for (const [typed, label, warning] of cases) {
      await password.fill(typed);
      await expect.poll(() => strength.locator('[data-password-score]').textContent()).toBe(label);
      await expect.poll(() => strength.locator('[data-password-feedback]').textContent()).toContain(warning);
    }

    // Submitting a weak one: the field says why, and nothing is sent.
    await field('confirmPassword').fill('sunshine1');
    await auth.getByRole('button', { name: 'Create Account' }).click();
    const error = auth.locator('input[name="password"]:visible + p');
    await expect.poll(() => error.textContent()).toMatch(/^This password is too easy to guess\. /);
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    expect(signups).toEqual([]);

    const strong = 'saffron-lantern-1987';
    await password.fill(strong);
    await expect
      .poll(() => strength.locator('[data-password-score]').textContent())
      .toMatch(/^(Strong|Very strong)$/);
    await expect(strength.locator('[data-password-feedback]').count()).resolves.toBe(0);
    await field('confirmPassword').fill(strong);
    await auth.getByRole('button', { name: 'Create Account' }).click();
    await page.locator('[data-toast]', { hasText: 'Account created' }).first().waitFor();
    expect(signups).toHaveLength(1);
    expect(estimatorBytes).toHaveLength(1);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });
});
