import crypto from 'node:crypto';
import type { Context } from '@netlify/functions';
import { getDb, type Db } from '../../../db/client.ts';
import type { JobResult } from '../../../db/schema.ts';
import type { WorkerOutcome } from '../../../src/lib/api/answers.ts';
import type { BlogLength, BlogTone } from '../../../src/lib/schemas/generator-request.ts';
import { publish } from '../publish.ts';
import { releaseBudget, resolveModel } from '../services/generator-config.ts';
import {
  claimNextJob,
  finishJob,
  heartbeat,
  recordJobItem,
  type ClaimedJob,
} from '../services/generator-jobs.ts';
import { sessionKey } from '../session.ts';
import { GenerationError } from './ai-client.ts';
import { generateBlogPost } from './blog.ts';
import { generateRecipe } from './recipes.ts';

// Drains the generator_jobs table (docs/DECISIONS.md "Admin, images and the generator"). On Netlify a route queues a job and calls the
// background function (functions/generator-worker-background.ts, 15 minutes) that runs this;
// under `npm start` and in tests the same loop runs in the server's process. Items run a few at
// a time; one failing never stops the rest; the batch publishes once at its end.

/** Items generated at once within a job (the provider's rate limit is the real bound). */
function concurrency(): number {
  const n = Number(process.env.GENERATOR_CONCURRENCY);
  return Number.isInteger(n) && n >= 1 && n <= 10 ? n : 3;
}

/** Runs every queued job; returns how many it finished. Stops taking items at `deadline`. */
export async function drainJobs(
  db: Db,
  options: { worker?: string; deadline?: number; context?: Partial<Context> } = {},
): Promise<WorkerOutcome> {
  const worker = options.worker ?? `${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
  let finished = 0;
  for (;;) {
    const job = await claimNextJob(db, worker);
    if (!job) return { finished, requeued: false };
    const outcome = await runJob(db, job, options);
    if (outcome === 'requeued') return { finished, requeued: true };
    finished++;
  }
}

async function generatorSwitchedOff(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('generator_config')
    .select('is_enabled')
    .where('id', '=', 1)
    .executeTakeFirst();
  return !row?.is_enabled;
}

async function runJob(
  db: Db,
  job: ClaimedJob,
  options: { deadline?: number; context?: Partial<Context> },
): Promise<'finished' | 'requeued'> {
  const isBlog = job.kind === 'bulk-blog';
  const titles = Array.isArray(job.params.titles) ? (job.params.titles as string[]) : [];
  const made: JobResult[] = [...job.results];
  let next = job.done + job.failed;
  let stoppedFor: string | null = null;
  let requeue = false;

  let model;
  try {
    model = await resolveModel(db, job.modelId || undefined);
  } catch {
    model = await resolveModel(db, undefined);
  }

  const beat = setInterval(() => void heartbeat(db, job.id).catch(() => {}), 30_000);
  try {
    const lane = async (): Promise<void> => {
      for (;;) {
        if (stoppedFor || requeue) return;
        if (options.deadline && Date.now() > options.deadline) {
          requeue = true;
          return;
        }
        const index = next++;
        if (index >= job.total) return;
        if (await generatorSwitchedOff(db)) {
          stoppedFor = 'The generator was switched off while the batch ran.';
          next = index;
          return;
        }
        const item =
          titles[index] ?? (isBlog ? (typeof job.params.topic === 'string' ? job.params.topic : '') : '');
        const label = item || `${isBlog ? 'post' : 'recipe'} ${index + 1}`;
        try {
          const avoid = made.slice(-30).map((r) => r.title);
          const result = isBlog
            ? await generateBlogPost(db, {
                prompt: item,
                model,
                tone: (job.params.tone as BlogTone) ?? 'friendly',
                length: (job.params.length as BlogLength) ?? 'medium',
                kind: 'bulk-blog',
                jobId: job.id,
                avoid,
              })
            : await generateRecipe(db, {
                prompt: item,
                model,
                kind: job.kind === 'csv' ? 'csv' : job.kind === 'scheduled' ? 'scheduled' : 'bulk',
                jobId: job.id,
                avoid,
              });
          made.push(result);
          await recordJobItem(db, job.id, { ok: true, result });
        } catch (err) {
          const reason = err instanceof GenerationError ? err.message : 'Unexpected error';
          if (!(err instanceof GenerationError)) console.error('[generator] job item failed:', err);
          await recordJobItem(db, job.id, { ok: false, failure: { item: label, reason } });
          if (!isBlog && job.budgetDate) await releaseBudget(db, 1, job.budgetDate);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency(), job.total || 1) }, lane));
  } finally {
    clearInterval(beat);
  }

  if (requeue) {
    await db
      .updateTable('generator_jobs')
      .set({ status: 'queued', worker: null })
      .where('id', '=', job.id)
      .execute();
    return 'requeued';
  }
  if (stoppedFor) {
    // Items never started give their budget back and count as failed with the reason.
    const row = await db
      .selectFrom('generator_jobs')
      .select(['done', 'failed', 'total'])
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    const left = row.total - row.done - row.failed;
    for (let i = 0; i < left; i++)
      await recordJobItem(db, job.id, { ok: false, failure: { item: 'not started', reason: stoppedFor } });
    if (!isBlog && job.budgetDate) await releaseBudget(db, left, job.budgetDate);
  }
  const finished = await finishJob(db, job.id, stoppedFor);
  if (job.kind === 'scheduled')
    await db
      .updateTable('generator_config')
      .set({ run_lock_until: null, run_lock_owner: null })
      .where('run_lock_owner', '=', `job:${job.id}`)
      .execute();
  // One publish for the whole batch.
  if (finished.results.length) {
    if (isBlog)
      await publish(
        { reason: `${finished.results.length} blog drafts generated`, blog: true },
        options.context,
      );
    else
      await publish(
        {
          reason: `${finished.results.length} recipes generated (${job.kind})`,
          recipes: made
            .filter((r): r is JobResult & { category: string } => typeof r.category === 'string')
            .map((r) => ({ id: r.id, slug: r.slug, category: r.category })),
        },
        options.context,
      );
  }
  return 'finished';
}

// ---------------------------------------------------------------------------------------------
// Starting a worker

/** The shared secret the background worker accepts (derived from JWT_SECRET, never sent to a browser). */
export function workerToken(): string {
  return crypto.createHmac('sha256', sessionKey()).update('forkful generator worker').digest('hex');
}

export const WORKER_PATH = '/api/generator/worker';
export const WORKER_HEADER = 'x-forkful-worker';

let local: Promise<unknown> | undefined;
let kickedAgain = false;

/**
 * Where this deploy answers, when these functions run on Netlify (undefined locally): the origin
 * of the request being served (a deploy preview kicks its own worker, not production's), else
 * Netlify's DEPLOY_URL (this deploy's own address; the schedule has no request), then URL (the
 * site's main address) and the context's site URL.
 */
export function workerOrigin(
  context: Partial<Context>,
  request?: Request | URL | string,
): string | undefined {
  const onNetlify =
    typeof (globalThis as { Netlify?: unknown }).Netlify !== 'undefined' || Boolean(process.env.NETLIFY);
  if (!onNetlify) return undefined;
  if (request) {
    try {
      return new URL(typeof request === 'string' || request instanceof URL ? request : request.url).origin;
    } catch {
      // Not an absolute URL: fall through to the deploy's address.
    }
  }
  return process.env.DEPLOY_URL || process.env.URL || context.site?.url || undefined;
}

/** The sentence a failed kick leaves on the jobs it was meant to start. */
export function kickFailureReason(outcome: { status: number } | { error: unknown }): string {
  const start = 'The background worker could not be started';
  if ('error' in outcome) {
    const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    return `${start}: the site could not be reached (${message.slice(0, 200)}). The batch waits; start it again.`;
  }
  if (outcome.status === 401 || outcome.status === 403)
    return `${start}: the site answered ${outcome.status} (is the deploy password-protected? Netlify's site protection also blocks the function's call to itself). The batch waits; start it again once the worker can be reached.`;
  if (outcome.status === 404)
    return `${start}: the site answered 404 (the worker function is not deployed at ${WORKER_PATH}). The batch waits; start it again.`;
  return `${start}: the site answered ${outcome.status}. The batch waits; start it again.`;
}

/** Leaves `reason` on every job still waiting for a worker, so the tab shows why nothing runs. */
async function markQueuedJobs(reason: string): Promise<void> {
  await getDb().updateTable('generator_jobs').set({ error: reason }).where('status', '=', 'queued').execute();
}

/**
 * Makes sure a worker drains the jobs table: Netlify's background function when deployed, called
 * at this deploy's own origin (see workerOrigin; the returned promise ends once the call is
 * answered; it is also handed to context.waitUntil), otherwise a loop in this process (one at a
 * time; a kick while it runs makes it look again). A call that fails (a 401 of site protection,
 * a 404, no answer) is logged and its reason left on the queued jobs.
 */
export function kickWorker(context: Partial<Context> = {}, request?: Request | URL | string): Promise<void> {
  const site = workerOrigin(context, request);
  if (site) {
    const call = fetch(new URL(WORKER_PATH, site), {
      method: 'POST',
      headers: { [WORKER_HEADER]: workerToken() },
    })
      .then(
        async (res): Promise<string | null> => {
          await res.body?.cancel().catch(() => {});
          return res.ok ? null : kickFailureReason({ status: res.status });
        },
        (error: unknown) => kickFailureReason({ error }),
      )
      .then(async (reason) => {
        if (!reason) return;
        console.error(`[generator] ${reason}`);
        await markQueuedJobs(reason);
      })
      .catch((err: unknown) => console.error('[generator] could not record a failed worker start:', err));
    context.waitUntil?.(call);
    return call;
  }
  if (local) {
    kickedAgain = true;
    return Promise.resolve();
  }
  const run = async () => {
    do {
      kickedAgain = false;
      await drainJobs(getDb(), { context });
    } while (kickedAgain);
  };
  local = run()
    .catch((err: unknown) => console.error('[generator] the worker stopped:', err))
    .finally(() => {
      local = undefined;
    });
  return Promise.resolve();
}

/** Resolves when the in-process worker has nothing left to do (tests, CLI, shutdown). */
export async function workerIdle(): Promise<void> {
  while (local) await local;
}
