import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, openPage, useBrowser } from '../helpers/browser.ts';

// The AI Generator tab's long work in a real browser, against the fake provider the
// browser suite's server talks to. A bulk batch of 3 shows its progress (generated / failed /
// total) from the moment it is accepted to its end, and still after a reload (the job lives in
// the database). A CSV of 3 titles, one already on the site, shows total 3, skipped 1, then
// generated 2 — also across a reload while it runs. The template downloads; a file without a
// title column and no file at all give the catalogued error texts ('No CSV file selected', …).

const baseUrl = inject('baseUrl');

async function toast(page: Page, title: string): Promise<void> {
  await page.locator('[data-toast]', { hasText: title }).first().waitFor({ timeout: 60_000 });
}

/** The job's progress line, sampled every 50 ms in the page until it reads `final`. */
async function progressSeen(page: Page, heading: string, final: string): Promise<string[]> {
  return page.evaluate(
    ({ heading, final }) =>
      new Promise<string[]>((resolve, reject) => {
        const seen: string[] = [];
        const started = Date.now();
        const timer = setInterval(() => {
          const item = [...document.querySelectorAll('[data-testid="generator-job"]')].find((li) =>
            li.textContent?.includes(heading),
          );
          const text = item?.querySelector('[data-testid="generator-job-progress"]')?.textContent ?? '';
          if (text && seen.at(-1) !== text) seen.push(text);
          if (text.includes(final)) {
            clearInterval(timer);
            resolve(seen);
          } else if (Date.now() - started > 90_000) {
            clearInterval(timer);
            reject(new Error(`"${final}" never showed; saw ${JSON.stringify(seen)}`));
          }
        }, 50);
      }),
    { heading, final },
  );
}

async function adminGeneratorTab(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/admin#generator`, { waitUntil: 'networkidle' });
  await page.getByTestId('generator-tab').waitFor({ timeout: 30_000 });
}

describe.skipIf(!chromiumPath)('AI Generator batches in the tab', () => {
  const browser = useBrowser();
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    if (!chromiumPath) return;
    ({ page, errors } = await openPage(browser()));
    const request = page.context().request;
    const login = await request.post(`${baseUrl}/api/auth/login`, {
      data: { username: 'admin', password: 'admin-test-password' },
    });
    expect(login.status()).toBe(200);
    // On, with CSV upload allowed and room in today's budget (other files may have used some).
    const config = await request.put(`${baseUrl}/api/generator/config`, {
      headers: { Origin: baseUrl },
      data: { isEnabled: true, csvUploadEnabled: true, maxPerDay: 1000 },
    });
    expect(config.status(), await config.text()).toBe(200);
  });

  it('bulk of 3: progress from accepted to finished, toast, still shown after a reload', async () => {
    await adminGeneratorTab(page);
    await page.getByLabel(/Number of recipes/).fill('3');
    const accepted = page.waitForResponse((r) => r.url().endsWith('/api/generator/bulk'));
    await page.getByRole('button', { name: 'Generate Recipes', exact: true }).click();
    const res = await accepted;
    expect(res.status()).toBe(202);
    const body = (await res.json()) as { jobId: number; total: number; generated: number; skipped: number };
    expect(body).toMatchObject({ total: 3, generated: 0, skipped: 0 });
    const heading = `Bulk recipes #${body.jobId}`;

    const seen = await progressSeen(page, heading, 'finished');
    // First what the 202 said (queued, total 3), last the end state; counts only grow.
    expect(seen[0]).toMatch(/total 3/i);
    expect(seen.at(-1)).toBe('Total 3: 3 generated, 0 failed — finished');
    const generated = seen.map((t) => Number(/(\d+) generated/.exec(t)?.[1] ?? 0));
    expect(generated).toEqual([...generated].sort((a, b) => a - b));
    await toast(page, 'Bulk Generation Complete!');
    await page.getByText('3 recipes generated.').first().waitFor();

    await page.reload({ waitUntil: 'networkidle' });
    const job = page.getByTestId('generator-job').filter({ hasText: heading });
    await expect
      .poll(() => job.getByTestId('generator-job-progress').textContent(), { timeout: 20_000 })
      .toBe('Total 3: 3 generated, 0 failed — finished');
    await expect(job.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe('100');
  });

  it('CSV of 3 titles, one already on the site: total 3, skipped 1, then generated 2 — across a reload', async () => {
    const [existing] = (await (
      await page.context().request.get(`${baseUrl}/api/recipes?limit=1`)
    ).json()) as { title: string }[];
    // The fake provider waits on [wait:ms]: one title is quick, the other slow enough to reload
    // the page while the batch is half done.
    const csv = `title\n"Velmora Quince Crumble [wait:300]"\n"${existing!.title}"\n"Orlanti Barley Broth [wait:8000]"\n`;
    await adminGeneratorTab(page);
    const accepted = page.waitForResponse((r) => r.url().endsWith('/api/generator/csv-upload'));
    await page.setInputFiles('#generator-csv', {
      name: 'titles.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Upload and Generate' }).click();
    const res = await accepted;
    expect(res.status()).toBe(202);
    const body = (await res.json()) as { jobId: number; total: number; generated: number; skipped: number };
    expect(body).toMatchObject({ total: 3, generated: 0, skipped: 1 });
    await page.getByText('Total 3: 1 skipped, 2 to generate.').waitFor();
    const heading = `CSV titles #${body.jobId}`;

    // Half done (the quick title made, the slow one running): reload, the progress is still there.
    await progressSeen(page, heading, 'Total 3: 1 generated, 1 skipped, 0 failed');
    await page.reload({ waitUntil: 'networkidle' });
    const seen = await progressSeen(page, heading, 'finished');
    expect(seen[0]).toBe('Total 3: 1 generated, 1 skipped, 0 failed');
    expect(seen.at(-1)).toBe('Total 3: 2 generated, 1 skipped, 0 failed — finished');
    const job = page.getByTestId('generator-job').filter({ hasText: heading });
    await job.getByText('1 skipped', { exact: true }).click();
    await job.getByText(`Already on the site as "${existing!.title}"`).waitFor();
  });

  it('the template link downloads 10 sample titles under a title header', async () => {
    await adminGeneratorTab(page);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download template' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('recipe-titles-template.csv');
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const lines = Buffer.concat(chunks).toString('utf8').trim().split('\n');
    expect(lines[0]).toBe('title');
    expect(lines).toHaveLength(11);
  });

  it.each([
    ['no file', null, 'No CSV file selected'],
    [
      'a file without a title column',
      'name\nPancakes\n',
      'The CSV file has no "title" column: its first row must name the columns, e.g. "title"',
    ],
  ])('%s: the alert and the failure toast give the catalogued text', async (_case, text, message) => {
    await adminGeneratorTab(page);
    if (text !== null)
      await page.setInputFiles('#generator-csv', {
        name: 'names.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(text),
      });
    await page.getByRole('button', { name: 'Upload and Generate' }).click();
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'Error:' }).textContent(), { timeout: 20_000 })
      .toBe(`Error: ${message}`);
    await toast(page, 'CSV Processing Failed');
  });

  it('left no page errors', () => {
    // 400s of the CSV error cases are expected answers, not faults.
    expect(errors.filter((e) => !/status of (400|401)/.test(e))).toEqual([]);
  });
});
