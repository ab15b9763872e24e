// `npm run generate -- --count N [--enable]` (one batch of N recipes; --enable switches the
// generator on first) or `npm run generate -- --scheduled`
// (what the hourly schedule does: a batch only when scheduling is on and this UTC hour is one of
// scheduleHours). See docs/DECISIONS.md "Admin, images and the generator".
//
// - With DATABASE_URL (PostgreSQL, production): runs the batch here against the database, then
//   publishes once (BUILD_HOOK_URL is called). This is what .github/workflows/generate.yml runs.
//   Covers go to the site's Netlify Blobs when NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN are set;
//   otherwise to the local data dir, with a warning (on CI, where that folder is thrown away, an
//   error).
// - Without it (the embedded database has one owner, the local server): asks the running server
//   (FORKFUL_URL, default http://localhost:8888) as the admin — ADMIN_PASSWORD must be set — and
//   follows the batch until it ends.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUrl } from '../db/client.ts';
import { prepareDatabase } from './lib/prepare.ts';
import { adminCookie } from './lib/admin-login.ts';

const args = process.argv.slice(2);
const value = (name: string) => {
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const scheduled = args.includes('--scheduled');
/** Switches the generator on first (a fresh database starts with it off). */
const enable = args.includes('--enable');
const count = Number(value('count') ?? 10);
const modelId = value('model');

function fail(message: string): never {
  console.error(`Generate: ${message}`);
  process.exit(1);
}

if (!scheduled && (!Number.isInteger(count) || count < 1 || count > 100))
  fail('--count must be a whole number from 1 to 100.');

interface Job {
  id: number;
  status: string;
  done: number;
  failed: number;
  total: number;
  failures: { item: string; reason: string }[];
}

function report(job: Job, seconds: number): void {
  console.log(
    `Batch ${job.id}: ${job.done} generated, ${job.failed} failed of ${job.total} in ${seconds.toFixed(1)} s.`,
  );
  for (const f of job.failures.slice(0, 20)) console.log(`  failed: ${f.item}: ${f.reason}`);
  if (job.done === 0 && job.total > 0) process.exitCode = 1;
}

async function direct(): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const prepared = await prepareDatabase({ root });
  const { db } = prepared;
  const { runScheduledGeneration } = await import('../functions/_shared/generator/schedule.ts');
  const { drainJobs } = await import('../functions/_shared/generator/worker.ts');
  const { assertGeneratorAvailable, claimBudget, releaseBudget, resolveModel } =
    await import('../functions/_shared/services/generator-config.ts');
  const { createJob, jobById } = await import('../functions/_shared/services/generator-jobs.ts');
  const { publishingSettled } = await import('../functions/_shared/publish.ts');
  const { imageStore } = await import('../functions/_shared/images/store.ts');
  const store = imageStore();
  if (store.kind === 'folder') {
    // Covers kept on this machine are not on the deployed site: its pages would show the fallback.
    const where = `Covers go to ${(store as { root?: string }).root ?? 'a local folder'}, which a deployed site cannot serve; set NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN to store them in the site's Netlify Blobs.`;
    if (process.env.CI) fail(where);
    console.warn(`Generate: ${where}`);
  }
  const started = performance.now();
  try {
    if (enable) {
      await db.updateTable('generator_config').set({ is_enabled: true }).where('id', '=', 1).execute();
      console.log('The generator is switched on (--enable).');
    }
    let jobId: number;
    if (scheduled) {
      const outcome = await runScheduledGeneration(db, { startWorker: false });
      if (!outcome.ran) {
        console.log(`Nothing to do: ${outcome.reason}`);
        return;
      }
      jobId = outcome.jobId;
    } else {
      await assertGeneratorAvailable(db);
      const model = await resolveModel(db, modelId);
      const day = await claimBudget(db, count);
      jobId = (
        await createJob(db, { kind: 'bulk', modelId: model.id, total: count, budgetDate: day }).catch(
          async (err: unknown) => {
            await releaseBudget(db, count, day);
            throw err;
          },
        )
      ).id;
    }
    // Drains this batch (and any other waiting one); the worker publishes each batch once.
    await drainJobs(db, { worker: `cli-${process.pid}` });
    await publishingSettled();
    report((await jobById(db, jobId)) as Job, (performance.now() - started) / 1000);
  } finally {
    await prepared.close();
  }
}

async function throughServer(): Promise<void> {
  const base = process.env.FORKFUL_URL || 'http://localhost:8888';
  const password = process.env.ADMIN_PASSWORD;
  if (!password) fail('ADMIN_PASSWORD is not set: it is needed to ask the running server as the admin.');
  const started = performance.now();
  const cookie = await adminCookie(base, password, fail);
  const call = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(new URL(route, base), {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) fail(`${res.status}: ${(JSON.parse(text) as { error?: string }).error ?? text}`);
    return JSON.parse(text) as { jobId: number } & Job;
  };
  if (scheduled)
    fail('--scheduled runs against DATABASE_URL; the local server already runs the schedule itself.');
  if (enable) await call('PUT', '/api/generator/config', { isEnabled: true });
  const { jobId } = await call('POST', '/api/generator/bulk', { count, ...(modelId ? { modelId } : {}) });
  for (;;) {
    const job = await call('GET', `/api/generator/jobs/${jobId}`);
    if (job.status === 'done' || job.status === 'failed')
      return report(job, (performance.now() - started) / 1000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

try {
  await (databaseUrl() ? direct() : throughServer());
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  // The route's advice names the tab; from here the switch is a flag away.
  fail(/switched off/.test(message) ? `${message} (Or run again with --enable.)` : message);
}
