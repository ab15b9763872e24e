import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, recipeToScale, unexpectedErrors, useBrowser } from '../helpers/browser.ts';

// Input given before an island's code has arrived is not lost. A phone is
// played by a throttled CPU (CDP Emulation.setCPUThrottlingRate) and a slow network by holding
// the island's script (route interception) until the reader has typed and clicked; when the code
// arrives, the page must show what was asked for (EarlyInput.astro replays it).

/** A throttled page whose requests matching `held` wait until `release()` is called. */
async function slowPage(page: Page, held: RegExp): Promise<{ release: () => void; asked: () => number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route(held, async (route) => {
    asked += 1;
    await gate;
    await route.continue();
  });
  return { release, asked: () => asked };
}

describe.skipIf(!chromiumPath)('input before hydration', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  /** A phone-sized page of the recipe whose scaler is on screen while its code is held back. */
  async function scalerOnHold(slug: string) {
    const { page, errors } = await openPage(browser(), { width: 375 });
    const island = await slowPage(page, /\/_astro\/RecipeTools\.[\w-]+\.js$/);
    await page.goto(`${baseUrl}/recipe/${slug}`, { waitUntil: 'domcontentloaded' });
    const calculator = page.getByRole('region', { name: 'Recipe Scaling Calculator' });
    await calculator.scrollIntoViewIfNeeded();
    return { page, errors, island, calculator };
  }

  it('servings typed before the scaler hydrates end scaled', async () => {
    const { recipe, line } = await recipeToScale(baseUrl);
    const { page, errors, island, calculator } = await scalerOnHold(recipe.slug);
    // The island is on screen and has asked for its code, which the network holds back.
    await expect.poll(island.asked).toBeGreaterThan(0);
    const servings = calculator.getByLabel('Adjust Servings');
    const doubled = String(recipe.servings * 2);
    await servings.fill(doubled);
    const lines = page.locator('section[aria-labelledby="ingredients-title"] li [data-ingredient]');
    expect(await page.locator('#recipe-scaler astro-island[ssr]').count()).toBe(1);
    await expect(lines.filter({ hasText: line }).count()).resolves.toBe(1);

    island.release();
    await page.waitForFunction(() => !document.querySelector('#recipe-scaler astro-island[ssr]'));
    await lines
      .filter({ hasText: line.replace(/^1 1\/2 /, '3 ') })
      .first()
      .waitFor();
    await expect.poll(() => servings.inputValue()).toBe(doubled);
    await calculator.getByText('Scaling tips').waitFor();
    expect(await calculator.getByRole('button', { name: 'Reset' }).isDisabled()).toBe(false);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });

  it('clicks and a radio choice made before hydration are played back in order', async () => {
    const { recipe } = await recipeToScale(baseUrl);
    const { page, errors, island, calculator } = await scalerOnHold(recipe.slug);
    await expect.poll(island.asked).toBeGreaterThan(0);
    const more = calculator.getByRole('button', { name: 'More servings' });
    await more.click();
    await more.click();
    await page
      .locator('#recipe-scaler fieldset', { hasText: 'Units' })
      .getByText('Metric', { exact: true })
      .click();
    expect(await page.locator('#recipe-scaler astro-island[ssr]').count()).toBe(1);

    island.release();
    await page.waitForFunction(() => !document.querySelector('#recipe-scaler astro-island[ssr]'));
    await expect
      .poll(() => calculator.getByLabel('Adjust Servings').inputValue())
      .toBe(String(recipe.servings + 2));
    await expect
      .poll(() =>
        page
          .locator('section[aria-labelledby="ingredients-title"] li [data-ingredient]')
          .evaluateAll((els) => els.some((el) => /^\d+(\.\d+)? (ml|l) /.test(el.textContent ?? ''))),
      )
      .toBe(true);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });

  it('a newsletter form sent before its script runs is held, not sent as a GET, and goes out when the script arrives', async () => {
    const { recipe } = await recipeToScale(baseUrl);
    const { page, errors } = await openPage(browser(), { width: 1280 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Serve the page without the newsletter's script (inline or a file), and add it later.
    let script: { content: string } | { url: string } | undefined;
    await page.route(`${baseUrl}/recipe/${recipe.slug}`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const tags = [...html.matchAll(/<script type="module"(?: src="([^"]+)")?>([\s\S]*?)<\/script>/g)];
      const tag = tags.find((m) => /NewsletterForm/.test(m[1] ?? '') || m[2]!.includes('/api/newsletter/'));
      if (!tag) return route.abort();
      script = tag[1] ? { url: tag[1] } : { content: tag[2]! };
      await route.fulfill({ response, body: html.replace(tag[0], '') });
    });
    const posts: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/newsletter/subscribe') posts.push(r.postData() ?? '');
    });
    await page.goto(`${baseUrl}/recipe/${recipe.slug}`, { waitUntil: 'domcontentloaded' });
    const block = page.locator('section[aria-labelledby="recipe-newsletter-title"]');
    const form = block.locator('form[data-newsletter-form]');
    const email = `early.${Date.now().toString(36)}@example.com`;
    await form.locator('input[name="email"]').fill(email);
    await form.getByRole('button', { name: /subscribe/i }).click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).search).toBe('');
    expect(posts).toEqual([]);

    expect(script, 'the newsletter script').toBeDefined();
    await page.addScriptTag({ type: 'module', ...script });
    await expect.poll(() => posts.length).toBe(1);
    expect(JSON.parse(posts[0]!)).toMatchObject({ email });
    await block.locator('[data-newsletter-done]').waitFor();
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.context().close();
  });
});
