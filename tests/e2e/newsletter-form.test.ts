import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';

// The newsletter form in its three looks, each where it belongs: the card on a recipe page, the
// inline strip on a blog post, the one-line row in every page's footer. Each checks the email,
// posts {email, name} and turns into 'You're subscribed!'; a refusal is the 'Subscription failed'
// toast with the server's sentence, a lost connection the same toast with 'Please try again later.'.

interface Listed {
  slug: string;
}

describe.skipIf(!chromiumPath)('the newsletter form', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  const firstSlug = async (path: string) => {
    const list = (await (await fetch(`${baseUrl}${path}`)).json()) as Listed[];
    return list[0]!.slug;
  };

  const VARIANTS: [variant: string, page: () => Promise<string>, hasName: boolean][] = [
    ['card', async () => `/recipe/${await firstSlug('/api/recipes?limit=1')}`, true],
    ['inline', async () => `/blog/${await firstSlug('/api/blog/posts?limit=1')}`, false],
    ['footer', async () => '/about-us', false],
  ];

  async function subscribe(block: Locator, email: string): Promise<void> {
    await block.locator('input[name="email"]').fill(email);
    await block.getByRole('button', { name: 'Subscribe' }).click();
  }

  const toastText = async (page: Page) => {
    const toast = page.locator('[data-toast]').first();
    await toast.waitFor();
    return toast.textContent();
  };

  it.each(VARIANTS)('the %s form checks, posts and confirms', async (variant, pagePath, hasName) => {
    const { page } = await openPage(browser());
    const posted: unknown[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/newsletter/subscribe') posted.push(r.postDataJSON());
    });
    await page.goto(`${baseUrl}${await pagePath()}`, { waitUntil: 'networkidle' });
    const block = page.locator(`[data-newsletter="${variant}"]`);
    await expect(block.count()).resolves.toBe(1);
    await block.scrollIntoViewIfNeeded();
    await expect(block.locator('input[name="name"]').count()).resolves.toBe(hasName ? 1 : 0);

    await subscribe(block, 'not-an-email');
    await expect(block.locator('[data-newsletter-message]').textContent()).resolves.toBe(
      'Please enter a valid email address',
    );
    expect(posted).toEqual([]);

    const email = `${variant}-${Date.now().toString(36)}@example.com`;
    if (hasName) await block.locator('input[name="name"]').fill('Ada');
    await subscribe(block, email);
    await block.locator('[data-newsletter-done]').waitFor({ state: 'visible' });
    await expect(block.locator('[data-newsletter-done]').textContent()).resolves.toContain(
      "You're subscribed!",
    );
    expect(posted).toEqual([hasName ? { email, name: 'Ada' } : { email }]);
    await page.context().close();
  });

  it('with double opt-in the form asks the reader to confirm by email instead', async () => {
    // The server answers confirmationSent only when mail is configured (tested with a local SMTP
    // server in tests/api/newsletter-subscribers.test.ts); this server has none, so its answer
    // is the one the API gives then.
    const { page } = await openPage(browser());
    await page.route('**/api/newsletter/subscribe', (route) =>
      route.fulfill({ status: 201, json: { subscribed: true, confirmationSent: true } }),
    );
    await page.goto(`${baseUrl}/about-us`, { waitUntil: 'networkidle' });
    const block = page.locator('[data-newsletter="footer"]');
    await block.scrollIntoViewIfNeeded();
    await subscribe(block, `confirm-${Date.now().toString(36)}@example.com`);
    const done = block.locator('[data-newsletter-done]');
    await done.waitFor({ state: 'visible' });
    await expect(done.textContent()).resolves.toMatch(/Check your email.*confirm your subscription/);
    await page.context().close();
  });

  it("a refusal toasts the server's sentence; no connection toasts 'Please try again later.'", async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/recipe/${await firstSlug('/api/recipes?limit=1')}`, {
      waitUntil: 'networkidle',
    });
    const card = page.locator('[data-newsletter="card"]');
    // A name longer than the field allows (its maxlength lifted), which the server refuses.
    await card.locator('input[name="name"]').evaluate((input: HTMLInputElement) => (input.maxLength = 500));
    await card.locator('input[name="name"]').fill('N'.repeat(150));
    await subscribe(card, `long-name-${Date.now().toString(36)}@example.com`);
    const refused = await toastText(page);
    expect(refused).toContain('Subscription failed');
    expect(refused).toContain('Name must be at most 100 characters');
    await expect(card.locator('[data-newsletter-done]').isHidden()).resolves.toBe(true);

    const footer = page.locator('[data-newsletter="footer"]');
    await footer.scrollIntoViewIfNeeded();
    await page.context().setOffline(true);
    await subscribe(footer, `offline-${Date.now().toString(36)}@example.com`);
    await expect
      .poll(async () => page.locator('[data-toast]').first().textContent())
      .toContain('Please try again later.');
    await expect(page.locator('[data-toast]').first().textContent()).resolves.toContain(
      'Subscription failed',
    );
    await expect(footer.locator('[data-newsletter-done]').isHidden()).resolves.toBe(true);
    await page.context().close();
  });
});
