import type { Locator } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, logInAsAdmin, openPage, useBrowser } from '../helpers/browser.ts';

// The admin's recipe form takes an image address as well as an upload: another site's address,
// pasted, is imported at once (the server fetches it through its guarded fetch and stores a copy),
// so the field and the saved recipe point at our own image; a typed one gets 'Store a copy of this
// image'; an address the guard refuses says why and changes nothing. "Another site" is the test's
// image server on 127.0.0.1, the one loopback address the local server's image fetch may reach.

const OURS = /^\/api\/images\/[0-9a-f]{32}\/1200\.webp$/;

async function pasteInto(input: Locator, text: string): Promise<void> {
  await input.focus();
  await input.evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

describe.skipIf(!chromiumPath)('an image address in the recipe form', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');
  const imageServerUrl = inject('imageServerUrl');

  it('a pasted address is imported, a typed one on request, a refused one explained', async () => {
    const { page } = await openPage(browser());
    expect(await logInAsAdmin(page, baseUrl)).toBe(200);
    const [recipe] = (await (await fetch(`${baseUrl}/api/recipes?limit=1`)).json()) as {
      id: number;
      slug: string;
      title: string;
    }[];
    await page.goto(`${baseUrl}/admin`, { waitUntil: 'networkidle' });
    await page.locator(`[data-recipe-row="${recipe!.slug}"]`).getByRole('button', { name: /^Edit/ }).click();
    const form = page.locator('[data-recipe-form]');
    const field = form.locator('input[name="image"]');
    await field.waitFor();

    // Pasted: imported at once; the field shows our copy and its preview loads.
    await field.fill('');
    await pasteInto(field, `${imageServerUrl}/dish.jpg`);
    await expect.poll(() => field.inputValue()).toMatch(OURS);
    const ours = await field.inputValue();
    const served = await page.request.get(`${baseUrl}${ours}`);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/webp');
    await expect
      .poll(() => form.locator('[data-image-preview]').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    // Refused by the guard (another port on this machine): the sentence, and the field keeps the address.
    const refused = `http://127.0.0.1:9/dish.jpg`;
    await field.fill(refused);
    const store = form.getByRole('button', { name: 'Store a copy of this image' });
    await store.click();
    await form.getByRole('alert').filter({ hasText: 'loopback' }).waitFor();
    await expect(field.inputValue()).resolves.toBe(refused);

    // Typed: stored on request.
    await field.fill(`${imageServerUrl}/dish.jpg`);
    await store.click();
    await expect.poll(() => field.inputValue()).toBe(ours);
    await expect(store.count()).resolves.toBe(0);

    // Saved: the recipe's image is our copy.
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('[data-toast]', { hasText: 'Recipe updated successfully!' }).first().waitFor();
    const saved = await page.evaluate(async (id) => {
      const res = await fetch(`/api/recipes/${id}`, { credentials: 'include' });
      return ((await res.json()) as { image: string }).image;
    }, recipe!.id);
    expect(saved).toBe(ours);
    await page.context().close();
  });
});
