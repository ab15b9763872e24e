import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startFakeOpenAI, type FakeOpenAI } from '../../../tests/helpers/fake-openai.ts';
import {
  badgeReaches,
  checkPublicPages,
  editRecipeTitle,
  launchBrowser,
  logInOnDashboard,
  newPage,
} from './browser-checks.ts';
import { makeCheckout } from './checkout.ts';
import { createFreshDatabase, freePort, siteEnvironment } from './environment.ts';
import { startNeonLikeProxy, type NeonLikeProxy } from './neon-like-proxy.ts';
import { startNetlifyServe } from './netlify-serve.ts';
import { countPages, NETLIFY_CLI, NetlifyStandIn, runCommand } from './netlify-stand-in.ts';
import type { RehearsalOptions, RehearsalReport } from './report.ts';
import { expectThat, SiteClient } from './site-client.ts';
import {
  countFiles,
  countZips,
  setScheduleHour,
  waitFor,
  waitForJob,
  waitForJobs,
  waitForLive,
} from './waits.ts';

// The production rehearsal (`npm run rehearse`): Netlify's own build and function runtime
// (netlify-cli, offline) against a fresh database on the local PostgreSQL reached by Neon's
// driver at its production defaults through a Neon-like proxy, with a local stand-in for the
// build hook that runs the next deploy. It walks the owner's and the visitor's paths and reports
// the figures. Every request stays on 127.0.0.1.

export type { RehearsalOptions, RehearsalReport } from './report.ts';

const RECIPE = { slug: 'beef-bourguignon', title: 'Beef Bourguignon' };
const ADMIN_PASSWORD = 'rehearsal-admin-password-42';
const LIVE_TIMEOUT_MS = 180_000;

export async function runRehearsal(options: RehearsalOptions): Promise<RehearsalReport> {
  const log = options.log ?? ((line: string) => console.log(`[rehearse] ${line}`));
  const started = performance.now();
  const since = (t: number) => (performance.now() - t) / 1000;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forkful-rehearsal-'));
  const report: RehearsalReport = {
    ok: false,
    seconds: { total: 0, setup: 0, firstDeployAndServe: 0 },
    deploys: [],
    functionsBundled: 0,
    hookCalls: 0,
    checks: [],
  };
  const passed = (check: string) => {
    report.checks.push(check);
    log(`✓ ${check}`);
  };
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  let browser: Browser | undefined;
  let standIn: NetlifyStandIn | undefined;
  /** What the rehearsal was doing, for the failure's sentence; and the browser page, for a screenshot. */
  let step = 'setting up';
  let currentPage: Page | undefined;

  try {
    // 1. The surroundings: database, Neon-like proxy, fake AI provider, build hook stand-in.
    const database = await createFreshDatabase();
    cleanups.push(database.drop);
    let proxy: NeonLikeProxy;
    try {
      proxy = await startNeonLikeProxy({ dir: workDir });
    } catch (err) {
      throw new Error(
        `The Neon-like proxy could not listen on 127.0.0.1:443 (${(err as Error).message}); Neon's driver connects to port 443, so the rehearsal runs as root (or with CAP_NET_BIND_SERVICE).`,
        { cause: err },
      );
    }
    cleanups.push(() => proxy.close());
    const fake: FakeOpenAI = await startFakeOpenAI();
    cleanups.push(() => fake.close());
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    // Netlify builds every deploy in one folder (Astro's incremental cache is only valid in the
    // folder it was made in); `netlify serve` runs in a folder of its own and serves the live
    // deploy's dist/, which each successful deploy replaces.
    const buildDir = path.join(workDir, 'repo');
    const siteDir = path.join(workDir, 'site');
    makeCheckout(options.repoRoot, buildDir);
    makeCheckout(options.repoRoot, siteDir);

    // The stand-in needs the site's environment and the site needs the hook's URL.
    const env: NodeJS.ProcessEnv = {};
    standIn = new NetlifyStandIn({
      repoRoot: options.repoRoot,
      workDir,
      buildDir,
      liveDir: path.join(siteDir, 'dist'),
      siteOrigin: origin,
      env,
      log,
    });
    await standIn.start();
    Object.assign(
      env,
      siteEnvironment({
        origin,
        databaseUrl: `postgres://postgres:rehearsal@127.0.0.1/${database.name}`,
        hookUrl: standIn.hookUrl,
        adminPassword: ADMIN_PASSWORD,
        certFile: proxy.certFile,
        openAiBaseUrl: fake.url,
      }),
    );
    report.seconds.setup = since(started);
    log(`database ${database.name}, Neon-like proxy on 127.0.0.1:${proxy.port}, site at ${origin}`);

    step = 'the first deploy';
    // 2. The first deploy: the real build command (migrate, seed the empty database, build),
    // plugins and function bundling, in the build folder.
    const first = await standIn.deployNow();
    expectThat(first.ok, `the first deploy failed: see ${workDir}/deploy-1.log`);
    expectThat(first.rendered > 200, `the first deploy rendered ${first.rendered} pages`);
    const firstLog = fs.readFileSync(path.join(workDir, 'deploy-1.log'), 'utf8');
    expectThat(/Seeded \d+ recipes/.test(firstLog), 'the first deploy did not seed the empty database');
    expectThat(!/password "/.test(firstLog), 'the build log shows an admin password');
    report.functionsBundled = countZips(path.join(buildDir, '.netlify', 'functions'));

    step = 'netlify serve starts';
    // `netlify serve` (which runs a Netlify Build of its own before it serves: its pages are
    // replaced by the first deploy's), then the static site, redirects, headers and functions.
    const serveStarted = performance.now();
    const served = await startNetlifyServe({ siteDir, env, port, functionsPort: await freePort() });
    cleanups.push(() => {
      fs.writeFileSync(path.join(workDir, 'serve.log'), served.log());
      served.stop();
    });
    const serveLog = served.log();
    const serveBuild = countPages(serveLog);
    standIn.goLive();
    const ready = await fetch(`${origin}/`);
    expectThat(ready.ok, `the site answered ${ready.status} after its first deploy`);
    report.seconds.firstDeployAndServe = since(serveStarted) + first.buildSeconds;
    report.serveSeconds = since(serveStarted);
    expectThat((await standIn.reportDeploy('deploy-1', true)) === 200, 'deploy-succeeded did not answer 200');
    passed(
      `first deploy: migrated, seeded, built ${first.rendered} pages and bundled ${report.functionsBundled} functions in ${first.buildSeconds.toFixed(1)} s; netlify serve up in ${report.serveSeconds.toFixed(1)} s (its own build: ${serveBuild.rendered} pages)`,
    );

    step = 'checking the public site with fetch';
    // 3. The visitor's side, with fetch.
    const visitor = new SiteClient(origin);
    const home = await visitor.request('/');
    expectThat(home.status === 200 && home.text.includes('All Recipes'), `GET / answered ${home.status}`);
    expectThat(
      home.headers.get('x-content-type-options') === 'nosniff' &&
        /frame-ancestors 'none'/.test(home.headers.get('content-security-policy') ?? ''),
      "the static pages lack netlify.toml's headers",
    );
    const moved = await visitor.request(`/recipes/${RECIPE.slug}`, { redirect: 'manual' });
    expectThat(
      moved.status === 301 && (moved.headers.get('location') ?? '').endsWith(`/recipe/${RECIPE.slug}`),
      `/recipes/${RECIPE.slug} answered ${moved.status}, not netlify.toml's 301`,
    );
    const byId = await visitor.request('/recipe-id/1', { redirect: 'manual' });
    expectThat(byId.status === 301, `/recipe-id/1 answered ${byId.status}, not the redirect function's 301`);
    const coldStarted = performance.now();
    const results = await visitor.expectJson<{ slug: string }[]>(
      '/api/recipes/search?q=chicken&limit=5',
      200,
    );
    const firstMs = performance.now() - coldStarted;
    const warmStarted = performance.now();
    await visitor.expectJson('/api/recipes/search?q=beef&limit=5', 200);
    report.coldStart = { function: 'recipes', firstMs, warmMs: performance.now() - warmStarted };
    expectThat(results.length > 0, 'the search API found no chicken recipe');
    // Bad input is a sentence, not a 500. (An unknown slug is not tried here: netlify-cli retries
    // a function's 404 as /path.html and /path/index.html, as its CDN emulation does for files,
    // and the function then answers 400 for the odd slug; Netlify's CDN sends the 404 as it is.)
    const bad = await visitor.request('/api/recipes/search?q=chicken&limit=lots');
    expectThat(
      bad.status === 400 && typeof (bad.json() as { error?: unknown }).error === 'string',
      `a bad limit answered ${bad.status}: ${bad.text.slice(0, 200)}`,
    );
    passed('static pages with their headers, redirects (netlify.toml and the redirect function), search API');

    step = 'signing up and logging in';
    // 4. Sign up and log in, through the functions and the database behind the proxy.
    const cook = new SiteClient(origin);
    const username = `cook_${Date.now().toString(36)}`;
    await cook.expectJson('/api/auth/signup', 201, {
      method: 'POST',
      json: { username, email: `${username}@example.com`, password: 'pass-word-42-rehearsal' },
    });
    const me = await cook.expectJson<{ username: string }>('/api/auth/me', 200);
    expectThat(me.username === username, 'the new account is not the session after sign-up');
    const again = new SiteClient(origin);
    const wrong = await again.request('/api/auth/login', {
      method: 'POST',
      json: { username, password: 'not-the-password' },
    });
    expectThat(wrong.status === 401, `a wrong password answered ${wrong.status}`);
    await again.expectJson('/api/auth/login', 200, {
      method: 'POST',
      json: { username, password: 'pass-word-42-rehearsal' },
    });
    passed('sign-up, login (and a refused wrong password), session cookie');

    step = 'checking the public pages in Chromium';
    // 5. In Chromium: public pages, then the admin's edit → Publishing… → Live → public page.
    browser = await launchBrowser();
    await checkPublicPages(browser, origin, RECIPE.slug);
    passed('Chromium: home, recipe page with Recipe JSON-LD, search results, no console errors');

    const { page } = await newPage(browser);
    step = 'the admin logs in on /admin';
    currentPage = page;
    await logInOnDashboard(page, origin, ADMIN_PASSWORD);
    const newTitle = `${RECIPE.title} (rehearsed ${new Date().toISOString().slice(11, 19)})`;
    const hooksBefore = standIn.hookCalls.length;
    const editStarted = performance.now();
    step = 'the admin saves a new title';
    await editRecipeTitle(page, RECIPE.title, newTitle);
    step = "the badge shows 'Publishing…'";
    await badgeReaches(page, 'publishing', 60_000);
    step = "the badge shows 'Live'";
    const liveText = await badgeReaches(page, 'live', LIVE_TIMEOUT_MS);
    report.seconds.editToLive = since(editStarted);
    expectThat(/^Live\s*since/.test(liveText), `the badge reads "${liveText}"`);
    await standIn.idle();
    expectThat(
      standIn.hookCalls.length === hooksBefore + 1,
      'the edit did not call the build hook exactly once',
    );
    const editDeploy = standIn.deploys.at(-1)!;
    expectThat(editDeploy.ok && editDeploy.cacheRestored, 'the edit deploy failed or had no cache restored');
    expectThat(
      editDeploy.restored > editDeploy.rendered,
      `the edit deploy rendered ${editDeploy.rendered} pages and restored only ${editDeploy.restored}`,
    );
    const publicPage = await visitor.request(`/recipe/${RECIPE.slug}`);
    expectThat(publicPage.text.includes(newTitle), 'the public page does not show the new title');
    passed(
      `admin title edit → hook → deploy (${editDeploy.buildSeconds.toFixed(1)} s, ${editDeploy.rendered} pages rendered, ${editDeploy.restored} restored from the cache) → badge Publishing… then Live in ${report.seconds.editToLive.toFixed(1)} s → new title on the public page`,
    );

    step = 'generating 3 recipes in bulk';
    // 6. Bulk generation of 3: a job, drained by the background function, covers in Blobs,
    // one publish for the batch.
    const admin = new SiteClient(origin);
    await admin.expectJson('/api/auth/login', 200, {
      method: 'POST',
      json: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const edited = await admin.expectJson<{ id: number }>(`/api/recipes/slug/${RECIPE.slug}`, 200);
    const versions = await admin.expectJson<unknown[]>(`/api/recipes/${edited.id}/versions`, 200);
    expectThat(versions.length >= 1, 'the edit kept no earlier version');
    // The heaviest function (the largest zip): its first call under `netlify serve`, then a warm one.
    const firstGet = performance.now();
    await admin.expectJson('/api/generator/config', 200);
    const coldMs = performance.now() - firstGet;
    const secondGet = performance.now();
    await admin.expectJson('/api/generator/config', 200);
    report.heaviestColdStart = {
      function: 'generator',
      firstMs: coldMs,
      warmMs: performance.now() - secondGet,
    };
    await admin.expectJson('/api/generator/config', 200, { method: 'PUT', json: { isEnabled: true } });
    const hooksBeforeBulk = standIn.hookCalls.length;
    const accepted = await admin.expectJson<{ jobId: number }>('/api/generator/bulk', 202, {
      method: 'POST',
      json: { count: 3 },
    });
    const job = await waitForJob(admin, accepted.jobId, 120_000);
    expectThat(
      job.status === 'done' && job.results.length === 3,
      `the bulk job ended ${job.status}: ${job.error}`,
    );
    for (const result of job.results) {
      const made = await visitor.expectJson<{ image: string | null }>(`/api/recipes/${result.id}`, 200);
      expectThat(
        !!made.image?.startsWith('/api/images/'),
        `generated recipe ${result.id} has no stored cover`,
      );
      const cover = await visitor.request(made.image!.replace(/\/[^/]*$/, '/600.webp'));
      expectThat(
        cover.status === 200 && cover.headers.get('content-type') === 'image/webp',
        `the cover of recipe ${result.id} answered ${cover.status}`,
      );
    }
    const blobs = path.join(siteDir, '.netlify', 'blobs-serve');
    expectThat(fs.existsSync(blobs) && countFiles(blobs) > 0, 'no cover was stored in Netlify Blobs');
    await waitFor(
      () => standIn!.hookCalls.length > hooksBeforeBulk,
      60_000,
      'the batch called no build hook',
    );
    await standIn.idle();
    await waitForLive(admin, LIVE_TIMEOUT_MS);
    expectThat(
      standIn.hookCalls.length === hooksBeforeBulk + 1,
      `the batch called the build hook ${standIn.hookCalls.length - hooksBeforeBulk} times, not once`,
    );
    const generatedPage = await visitor.request(`/recipe/${job.results[0]!.slug}`);
    expectThat(generatedPage.status === 200, 'a generated recipe has no page after its publish');
    passed(
      'bulk generation of 3: background function drained the job, covers served from Blobs, one hook call, pages live',
    );

    step = 'invoking the scheduled function';
    // 7. The scheduled function, invoked as Netlify's scheduler does: a batch once per hour.
    const hour = new Date().getUTCHours();
    await admin.expectJson('/api/generator/config', 200, {
      method: 'PUT',
      json: { schedulingEnabled: true, batchSize: 1 },
    });
    await setScheduleHour(database.name, hour);
    const invoke = () =>
      runCommand(
        process.execPath,
        [path.join(siteDir, NETLIFY_CLI), 'functions:invoke', 'generator-schedule', '--port', String(port)],
        { cwd: siteDir, env, timeoutMs: 60_000 },
      );
    const firstRun = await invoke();
    expectThat(
      /queued|"ran":\s*true/.test(firstRun.output),
      `the first scheduled run queued nothing: ${firstRun.output}`,
    );
    const secondRun = await invoke();
    expectThat(
      /already run|"ran":\s*false/.test(secondRun.output),
      `a second run in the hour did not skip: ${secondRun.output}`,
    );
    await waitForJobs(admin, 120_000);
    await standIn.idle();
    await waitForLive(admin, LIVE_TIMEOUT_MS);
    passed(
      'netlify functions:invoke generator-schedule: one batch queued, the second run in the hour skipped',
    );

    step = 'rehearsing a failed deploy';
    // 8. A failed deploy: the badge says so with the deploy's error.
    standIn.failNextDeploy();
    await page.reload({ waitUntil: 'networkidle' });
    await page.evaluate(() => fetch('/api/admin/publish', { method: 'POST' }).then((r) => r.status));
    await waitFor(() => standIn!.deploys.some((d) => !d.ok), 120_000, 'the failing deploy never ran');
    await standIn.idle();
    await page.reload({ waitUntil: 'networkidle' });
    const failedText = await badgeReaches(page, 'failed', 30_000);
    expectThat(/Publish failed/.test(failedText), `the badge reads "${failedText}" after a failed deploy`);
    const status = await admin.expectJson<{ state: string; error: string | null }>(
      '/api/admin/publish/status',
      200,
    );
    expectThat(
      status.state === 'failed' && /deploy failed/i.test(status.error ?? ''),
      `the status after a failed deploy: ${JSON.stringify(status)}`,
    );
    passed(`a failed deploy: badge "${failedText.slice(0, 80)}"`);

    report.ok = true;
  } catch (err) {
    report.error = `While ${step}: ${(err as Error).message}`;
    log(`✗ ${report.error}`);
    await currentPage
      ?.screenshot({ path: path.join(workDir, 'failure.png'), fullPage: true })
      .catch(() => {});
  } finally {
    if (standIn) {
      report.hookCalls = standIn.hookCalls.length;
      report.deploys = standIn.deploys;
    }
    await browser?.close().catch(() => {});
    await standIn?.close().catch(() => {});
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
    if (options.keep || !report.ok) log(`work folder kept: ${workDir}`);
    else fs.rmSync(workDir, { recursive: true, force: true });
    report.seconds.total = since(started);
  }
  return report;
}
