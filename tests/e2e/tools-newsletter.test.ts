import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';

// The newsletter API called the way the site's form calls it: a same-origin fetch from a page.

describe.skipIf(!chromiumPath)('newsletter sign-up from a page', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('subscribes, accepts the same address again, and explains a bad address', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/kitchen-helper`);
    const post = (body: unknown) =>
      page.evaluate(async (payload) => {
        const res = await fetch('/api/newsletter/subscribe', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(payload),
        });
        return { status: res.status, body: await res.json() };
      }, body);
    const email = `reader-${Date.now()}@example.com`;
    await expect(post({ email, name: 'Reader' })).resolves.toEqual({
      status: 200,
      body: { subscribed: true },
    });
    await expect(post({ email: email.toUpperCase() })).resolves.toEqual({
      status: 200,
      body: { subscribed: true },
    });
    const bad = await post({ email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Please enter a valid email address');
    await page.context().close();
  });
});
