import { describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';
import type { Recipe } from '../../src/lib/schemas/recipe.ts';
import { instructionTexts } from '../../src/lib/recipe-text.ts';
import { detectStepTimer } from '../../src/lib/step-timers.ts';

// Cooking mode on a real recipe: step navigation by keys and buttons, the timer prompt, closing.

describe.skipIf(!chromiumPath)('cooking mode in Chromium', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  async function aRecipeWithTimedStep(): Promise<{ recipe: Recipe; steps: string[]; timed: number }> {
    const list = (await (await fetch(`${baseUrl}/api/recipes?limit=40`)).json()) as Recipe[];
    for (const recipe of list) {
      const steps = instructionTexts(recipe.instructions) ?? [];
      const timed = steps.findIndex((s) => detectStepTimer(s) !== null);
      if (steps.length >= 3 && timed > 0) return { recipe, steps, timed };
    }
    throw new Error('No seeded recipe has a timed step after the first one');
  }

  it('moves between steps with the arrow keys and buttons and closes to the recipe page', async () => {
    const { recipe, steps } = await aRecipeWithTimedStep();
    const { page, errors } = await openPage(browser(), { width: 1280 });
    const response = await page.goto(`${baseUrl}/recipe/${recipe.slug}/cook`);
    expect(response?.status()).toBe(200);
    const progress = page.getByRole('progressbar');
    const stepText = page.locator('[data-step-text]');
    await expect(stepText.textContent()).resolves.toBe(steps[0]);
    await expect(page.getByText(`Step 1 of ${steps.length}`).isVisible()).resolves.toBe(true);
    await page.locator('[data-cooking-mode][data-ready]').waitFor();

    await page.keyboard.press('ArrowRight');
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('2');
    await expect(stepText.textContent()).resolves.toBe(steps[1]);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('3');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('2');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('1');
    await expect(page.getByRole('button', { name: 'Previous' }).isDisabled()).resolves.toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect(progress.getAttribute('aria-valuenow')).resolves.toBe('1');

    // The all-steps list jumps; the last step offers Finish, which goes back like the close button.
    await page.getByRole('button', { name: new RegExp(`^${steps.length}\\s`) }).click();
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe(String(steps.length));
    await page.keyboard.press('ArrowRight');
    await expect(progress.getAttribute('aria-valuenow')).resolves.toBe(String(steps.length));
    await expect(page.getByRole('link', { name: 'Finish' }).getAttribute('href')).resolves.toBe(
      `/recipe/${recipe.slug}`,
    );
    await expect(page.getByRole('link', { name: 'Close cooking mode' }).getAttribute('href')).resolves.toBe(
      `/recipe/${recipe.slug}`,
    );

    // The place is kept for the visit.
    await page.reload();
    await page.locator('[data-cooking-mode][data-ready]').waitFor();
    await expect
      .poll(() => page.getByRole('progressbar').getAttribute('aria-valuenow'))
      .toBe(String(steps.length));
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('offers a timer on a step that mentions minutes and runs it with the verb as its name', async () => {
    const { recipe, steps, timed } = await aRecipeWithTimedStep();
    const expected = detectStepTimer(steps[timed]!)!;
    const { page, errors } = await openPage(browser(), { width: 390 });
    await page.clock.install();
    // The id form is a 301 to the slug address; closing returns to the recipe's canonical page.
    await page.goto(`${baseUrl}/recipe-id/${recipe.id}/cook`);
    await page.locator('[data-cooking-mode][data-ready]').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/recipe/${recipe.slug}/cook`);
    await expect(page.getByRole('link', { name: 'Close cooking mode' }).getAttribute('href')).resolves.toBe(
      `/recipe/${recipe.slug}`,
    );
    for (let i = 0; i < timed; i++) await page.getByRole('button', { name: 'Next' }).click();
    const prompt = page.locator('[data-timer-prompt]');
    await expect(prompt.textContent()).resolves.toContain(`Set a ${expected.name} timer?`);
    await prompt.getByRole('button', { name: /^Start/ }).click();
    const timer = page
      .getByRole('complementary', { name: 'Cooking tools' })
      .locator('[data-timer]')
      .filter({ hasText: expected.name });
    await expect(timer.getAttribute('data-timer-state')).resolves.toBe('running');
    await page.clock.runFor(61_000);
    const left = expected.minutes * 60 - 61;
    await expect
      .poll(() => timer.getByRole('timer').textContent())
      .toBe(`${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`);
    await expect(prompt.count()).resolves.toBe(0);

    // Touch targets in cooking mode are at least 44 px.
    for (const name of ['Previous', 'Next', 'Start reading']) {
      const box = await page.getByRole('button', { name, exact: true }).boundingBox();
      if (box) expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
