import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';

/** Anonymous pages ask /api/auth/me (the header's account menu) and Chromium logs its expected 401; every other console error counts. */
const SESSION_CHECK_401 = 'Failed to load resource: the server responded with a status of 401 (Unauthorized)';
const realErrors = (errors: string[]) => errors.filter((e) => e !== SESSION_CHECK_401);

/** Waits until every island on the page has hydrated (before that, clicks do nothing). */
const hydrated = (page: Page) => page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));

// The kitchen helper as a cook uses it: converters, and timers on a fake clock.

describe.skipIf(!chromiumPath)('kitchen helper in Chromium', () => {
  const browser = useBrowser();
  const baseUrl = inject('baseUrl');

  it('converts volume, weight and temperature, and shows nothing for non-numbers', async () => {
    const { page, errors } = await openPage(browser());
    await page.goto(`${baseUrl}/kitchen-helper`);
    await hydrated(page);
    await page.getByRole('tab', { name: 'Convert' }).click();
    expect(page.url()).toMatch(/#convert$/);
    const amount = page.locator('[data-convert-amount]');
    const result = page.locator('[data-convert-result]');
    await page.getByLabel('From', { exact: true }).selectOption('cups');
    await page.getByLabel('To', { exact: true }).selectOption('ml');
    const cases: [string, string][] = [
      ['2', '473.176'],
      ['1/2', '118.294'],
      ['abc', ''],
      ['', ''],
    ];
    for (const [input, expected] of cases) {
      await amount.fill(input);
      await expect.poll(() => result.getAttribute('data-convert-result')).toBe(expected);
    }
    await page.getByText('Weight', { exact: true }).click();
    await page.getByLabel('From', { exact: true }).selectOption('lb');
    await page.getByLabel('To', { exact: true }).selectOption('g');
    await amount.fill('1');
    await expect.poll(() => result.getAttribute('data-convert-result')).toBe('453.592');
    await page.getByRole('button', { name: 'Swap units' }).click();
    await expect.poll(() => result.getAttribute('data-convert-result')).toBe('0.002');

    // Arrow keys move between the tabs.
    await page.getByRole('tab', { name: 'Convert' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.getByRole('tab', { name: 'Temperature' }).getAttribute('aria-selected'))
      .toBe('true');
    const temperature = page.locator('[data-temperature-value]');
    const degrees = page.locator('[data-temperature-result]');
    await page.getByLabel('From', { exact: true }).selectOption('celsius');
    await page.getByLabel('To', { exact: true }).selectOption('fahrenheit');
    for (const [input, expected] of [
      ['100', '212.00'],
      ['-40', '-40.00'],
      ['hot', ''],
    ] as const) {
      await temperature.fill(input);
      await expect.poll(() => degrees.getAttribute('data-temperature-result')).toBe(expected);
    }
    await page.getByLabel('To', { exact: true }).selectOption('kelvin');
    await temperature.fill('0');
    await expect.poll(() => degrees.getAttribute('data-temperature-result')).toBe('273.15');
    await expect(
      page.getByRole('heading', { name: 'Temperature guide', level: 2 }).isVisible(),
    ).resolves.toBe(true);
    for (const text of ['1 cup', '240 ml', '1 stick butter', '113 g']) {
      await expect(page.getByText(text, { exact: true }).first().isVisible()).resolves.toBe(true);
    }
    expect(realErrors(errors)).toEqual([]);
    await page.context().close();
  });

  it('runs a timer to "Time\'s up!" on a fake clock, and keeps it across a reload', async () => {
    const { page, errors } = await openPage(browser());
    await page.clock.install();
    await page.goto(`${baseUrl}/kitchen-helper`);
    await hydrated(page);
    // From here the page's time moves only when the test says so: a loaded machine's slow
    // clicks must not add seconds to the timer between two steps.
    await page.clock.pauseAt(Date.now() + 5_000);
    const panel = page.getByRole('tabpanel', { name: 'Timers' });
    await panel.getByRole('button', { name: /^Microwave/ }).click();
    const timer = panel.locator('[data-timer]').filter({ hasText: 'Microwave' });
    await expect(timer.getAttribute('data-timer-state')).resolves.toBe('paused');
    await expect(timer.getByRole('timer').textContent()).resolves.toBe('1:00');
    await page.clock.runFor(5_000);
    await expect(timer.getByRole('timer').textContent()).resolves.toBe('1:00');

    await timer.getByRole('button', { name: 'Start Microwave' }).click();
    await page.clock.runFor(20_000);
    await expect.poll(() => timer.getByRole('timer').textContent()).toBe('0:40');
    await timer.getByRole('button', { name: 'Pause Microwave' }).click();
    await page.clock.runFor(30_000);
    await expect(timer.getByRole('timer').textContent()).resolves.toBe('0:40');

    // Reload while running: the end time is stored, so it picks up where it was.
    await timer.getByRole('button', { name: 'Start Microwave' }).click();
    await page.clock.runFor(10_000);
    await expect.poll(() => timer.getByRole('timer').textContent()).toBe('0:30');
    // Time flows again for the reload (the header's idle islands wait on an idle callback).
    await page.clock.resume();
    await page.reload();
    await hydrated(page);
    const reloaded = panel.locator('[data-timer]').filter({ hasText: 'Microwave' });
    await expect.poll(() => reloaded.getAttribute('data-timer-state')).toBe('running');
    await page.clock.runFor(31_000);
    await expect.poll(() => reloaded.getAttribute('data-timer-state')).toBe('done');
    await expect(reloaded.getByRole('timer').textContent()).resolves.toBe('0:00');
    await expect(reloaded.getByText("Time's up!").isVisible()).resolves.toBe(true);
    await expect(reloaded.getByRole('button', { name: 'Start Microwave' }).isDisabled()).resolves.toBe(true);
    await expect
      .poll(() => page.locator('[data-timer-announcer]').textContent())
      .toBe("Time's up: Microwave");

    // Reset restores the duration (paused); remove deletes it.
    await reloaded.getByRole('button', { name: 'Reset Microwave' }).click();
    await expect(reloaded.getByRole('timer').textContent()).resolves.toBe('1:00');
    await reloaded.getByRole('button', { name: 'Remove Microwave' }).click();
    await expect(panel.locator('[data-timer]').count()).resolves.toBe(0);
    expect(realErrors(errors)).toEqual([]);
    await page.context().close();
  });

  it('adds timers by name and minutes (empty name → Timer n, minutes at least 1), in eight colours', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseUrl}/kitchen-helper`);
    await hydrated(page);
    const timers = page.getByRole('tabpanel', { name: 'Timers' });
    await expect(timers.getByLabel('Minutes', { exact: true }).inputValue()).resolves.toBe('5');
    const add = async (name: string, minutes: string) => {
      await timers.getByLabel('Name', { exact: true }).fill(name);
      await timers.getByLabel('Minutes', { exact: true }).fill(minutes);
      await timers.getByRole('button', { name: 'Add Timer' }).click();
    };
    await add('', '12');
    await add('Rice', '');
    await add('Stock', '0');
    const cards = timers.locator('[data-timer]');
    await expect(cards.count()).resolves.toBe(3);
    await expect(cards.nth(0).textContent()).resolves.toContain('Timer 1');
    await expect(cards.nth(0).getByRole('timer').textContent()).resolves.toBe('12:00');
    await expect(cards.nth(1).getByRole('timer').textContent()).resolves.toBe('1:00');
    await expect(cards.nth(2).getByRole('timer').textContent()).resolves.toBe('1:00');
    for (let i = 0; i < 6; i++) await timers.getByRole('button', { name: /^Steep Tea/ }).click();
    const colours = await timers
      .locator('[data-timer] > span[aria-hidden]')
      .evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
    expect(new Set(colours.slice(0, 8)).size).toBe(8);
    expect(colours[8]).toBe(colours[0]);
    await page.context().close();
  });
});
