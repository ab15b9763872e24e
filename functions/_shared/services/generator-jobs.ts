import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';
import type { GeneratorJobKind, JobFailure, JobResult } from '../../../db/schema.ts';
import type { GeneratorJob, GeneratorJobAccepted } from '../../../src/lib/schemas/generation-log.ts';

// Long generator work as rows (docs/DECISIONS.md "Admin, images and the generator"): a job is queued by a route (bulk, bulk blog, CSV)
// or the schedule, then drained by a worker — a Netlify background function (15 minutes) or the
// local server's process — that records each item's outcome in the row. The tab polls the row,
// so progress survives a reload. A worker holds a job by its heartbeat; a job whose worker went
// silent (a crash, a timed-out function) is taken over by the next worker.

/** A running job whose heartbeat is older than this is taken over. */
export const JOB_LEASE_SECONDS = 120;

export interface NewJob {
  kind: GeneratorJobKind;
  modelId: string;
  /** Items the worker runs (the row's `total`; skipped CSV rows are not among them). */
  total: number;
  params?: Record<string, unknown>;
  /** Items refused before the job was queued (CSV titles already on the site or repeated). */
  skipped?: SkippedTitle[];
  /** The UTC day whose recipe budget the job took (failed items give theirs back). */
  budgetDate?: string | null;
}

export interface SkippedTitle {
  title: string;
  reason: string;
}

/** Skipped items live in the job's params (known when it is queued; the worker never sees them). */
function skippedOf(params: Record<string, unknown> | null): SkippedTitle[] {
  const list = params?.skipped;
  return Array.isArray(list) ? (list as SkippedTitle[]) : [];
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

type JobRow = Awaited<ReturnType<ReturnType<typeof jobQuery>['executeTakeFirstOrThrow']>>;

export function jobFromRow(row: JobRow): GeneratorJob {
  const skipped = skippedOf(row.params);
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    modelId: row.model_id,
    total: row.total + skipped.length,
    generated: row.done,
    skipped: skipped.length,
    failed: row.failed,
    pending: Math.max(0, row.total - row.done - row.failed),
    done: row.done,
    skippedTitles: skipped,
    failures: row.failures ?? [],
    results: row.results ?? [],
    error: row.error,
    createdAt: iso(row.created_at)!,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}

function jobQuery(db: Db) {
  return db
    .selectFrom('generator_jobs')
    .select([
      'id',
      'kind',
      'status',
      'model_id',
      'params',
      'total',
      'done',
      'failed',
      'failures',
      'results',
      'error',
      'created_at',
      'started_at',
      'finished_at',
      sql<string | null>`budget_date::text`.as('budget_date'),
    ]);
}

export async function createJob(db: Db, job: NewJob): Promise<GeneratorJob> {
  const row = await db
    .insertInto('generator_jobs')
    .values({
      kind: job.kind,
      model_id: job.modelId,
      total: job.total,
      params: JSON.stringify({ ...job.params, ...(job.skipped?.length ? { skipped: job.skipped } : {}) }),
      budget_date: job.budgetDate ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await jobById(db, row.id))!;
}

export async function jobById(db: Db, id: number): Promise<GeneratorJob | undefined> {
  const row = await jobQuery(db).where('id', '=', id).executeTakeFirst();
  return row ? jobFromRow(row) : undefined;
}

/** Jobs still running and the last few finished, newest first (the tab's progress list). */
export async function recentJobs(db: Db, limit = 10): Promise<GeneratorJob[]> {
  const rows = await jobQuery(db).orderBy('id', 'desc').limit(limit).execute();
  return rows.map(jobFromRow);
}

export interface ClaimedJob {
  id: number;
  kind: GeneratorJobKind;
  modelId: string;
  total: number;
  done: number;
  failed: number;
  params: Record<string, unknown>;
  budgetDate: string | null;
  results: JobResult[];
}

/**
 * Takes the oldest queued job (or one whose worker went silent) for `worker`, atomically: two
 * workers never take the same job.
 */
export async function claimNextJob(db: Db, worker: string): Promise<ClaimedJob | undefined> {
  const row = await db
    .updateTable('generator_jobs')
    .set({
      status: 'running',
      worker,
      // A worker took it: a reason left by a failed start no longer holds.
      error: null,
      heartbeat_at: sql`now()`,
      started_at: sql`coalesce(started_at, now())`,
    })
    .where(
      'id',
      '=',
      sql<number>`(SELECT id FROM generator_jobs
        WHERE status = 'queued'
           OR (status = 'running' AND heartbeat_at < now() - make_interval(secs => ${JOB_LEASE_SECONDS}))
        ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)`,
    )
    .returning([
      'id',
      'kind',
      'model_id',
      'total',
      'done',
      'failed',
      'params',
      'results',
      sql<string | null>`budget_date::text`.as('budget_date'),
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    kind: row.kind,
    modelId: row.model_id ?? '',
    total: row.total,
    done: row.done,
    failed: row.failed,
    params: row.params ?? {},
    budgetDate: row.budget_date,
    results: row.results ?? [],
  };
}

/** Records one item's outcome and renews the worker's hold on the job. */
export async function recordJobItem(
  db: Db,
  jobId: number,
  outcome: { ok: true; result: JobResult } | { ok: false; failure: JobFailure },
): Promise<void> {
  await db
    .updateTable('generator_jobs')
    .set(
      outcome.ok
        ? {
            done: sql`done + 1`,
            results: sql`results || ${JSON.stringify([outcome.result])}::jsonb`,
            heartbeat_at: sql`now()`,
          }
        : {
            failed: sql`failed + 1`,
            failures: sql`failures || ${JSON.stringify([outcome.failure])}::jsonb`,
            heartbeat_at: sql`now()`,
          },
    )
    .where('id', '=', jobId)
    .execute();
}

export async function heartbeat(db: Db, jobId: number): Promise<void> {
  await db
    .updateTable('generator_jobs')
    .set({ heartbeat_at: sql`now()` })
    .where('id', '=', jobId)
    .execute();
}

/** Ends a job: done when at least one item worked or there was nothing to do, else failed. */
export async function finishJob(db: Db, jobId: number, error: string | null = null): Promise<GeneratorJob> {
  await db
    .updateTable('generator_jobs')
    .set({
      status: sql`CASE WHEN ${error}::text IS NULL AND (done > 0 OR total = 0) THEN 'done' ELSE 'failed' END`,
      error,
      finished_at: sql`now()`,
      heartbeat_at: sql`now()`,
    })
    .where('id', '=', jobId)
    .execute();
  return (await jobById(db, jobId))!;
}

/** True while some job waits or runs. */
export async function hasOpenJobs(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('generator_jobs')
    .select('id')
    .where('status', 'in', ['queued', 'running'])
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** The 202 answer of a route that queued `job` (generated is 0 so far). */
export function acceptedAnswer(job: GeneratorJob): GeneratorJobAccepted {
  return {
    jobId: job.id,
    total: job.total,
    generated: job.generated,
    skipped: job.skipped,
    failed: job.failed,
    status: job.status,
    skippedTitles: job.skippedTitles,
    job,
  };
}
