import crypto from 'node:crypto';
import type { Context } from '@netlify/functions';
import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';
import { claimUpTo, readGeneratorConfig, releaseBudget, resolveModel } from '../services/generator-config.ts';
import { createJob } from '../services/generator-jobs.ts';
import { isConfigured } from './ai-client.ts';
import { kickWorker } from './worker.ts';

// Scheduled generation: run hourly (a Netlify scheduled function, croner under
// `npm start`, or the GitHub workflow through `npm run generate -- --scheduled`). When the
// generator and scheduling are on and the current UTC hour is one of scheduleHours, it queues
// batchSize recipes (fewer when the daily cap is near) for the worker, which publishes once.
// Taking the hour is one UPDATE that records it and takes the run lock together, so overlapping
// or repeated invocations within the hour do nothing; the lock is held until the batch ends
// (or expires, should the batch die) so a slow batch never overlaps the next.

/** How long a scheduled batch may hold the lock before another run may take it. */
export const RUN_LOCK_MINUTES = 50;

export type ScheduleOutcome =
  { ran: true; jobId: number; count: number; hour: string } | { ran: false; reason: string };

/** The start of the UTC hour of `now`. */
export function hourOf(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), now.getUTCHours()));
}

export async function runScheduledGeneration(
  db: Db,
  options: { now?: Date; context?: Partial<Context>; startWorker?: boolean } = {},
): Promise<ScheduleOutcome> {
  const now = options.now ?? new Date();
  if (!isConfigured()) return { ran: false, reason: 'AI generation is not configured (no OPENAI_API_KEY).' };
  const config = await readGeneratorConfig(db, now);
  if (!config.isEnabled) return { ran: false, reason: 'The generator is switched off.' };
  if (!config.schedulingEnabled) return { ran: false, reason: 'Scheduling is switched off.' };
  const hour = hourOf(now);
  if (!config.scheduleHours.includes(hour.getUTCHours()))
    return { ran: false, reason: `${hour.getUTCHours()}:00 UTC is not a scheduled hour.` };

  const owner = `scheduler:${crypto.randomUUID()}`;
  const lockUntil = new Date(now.getTime() + RUN_LOCK_MINUTES * 60_000);
  const taken = await db
    .updateTable('generator_config')
    .set({ last_scheduled_hour: hour, run_lock_until: lockUntil, run_lock_owner: owner })
    .where('id', '=', 1)
    .where((eb) => eb.or([eb('last_scheduled_hour', 'is', null), eb('last_scheduled_hour', '<', hour)]))
    .where((eb) => eb.or([eb('run_lock_until', 'is', null), eb('run_lock_until', '<', now)]))
    // A scheduled batch still queued or running holds the lock however long it takes.
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM generator_jobs WHERE kind = 'scheduled' AND status IN ('queued', 'running'))`,
    )
    .returning('id')
    .executeTakeFirst();
  if (!taken) {
    // A batch left behind by a stopped worker is picked up again.
    if (options.startWorker !== false) await kickWorker(options.context);
    return {
      ran: false,
      reason: 'This hour has already run, or an earlier scheduled batch is still running.',
    };
  }

  const release = () =>
    db
      .updateTable('generator_config')
      .set({ run_lock_until: null, run_lock_owner: null })
      .where('run_lock_owner', '=', owner)
      .execute();
  const { day, claimed } = await claimUpTo(db, config.batchSize, now);
  if (claimed === 0) {
    await release();
    return { ran: false, reason: `The daily limit of ${config.maxPerDay} recipes is reached.` };
  }
  try {
    const model = await resolveModel(db, undefined);
    const job = await createJob(db, {
      kind: 'scheduled',
      modelId: model.id,
      total: claimed,
      budgetDate: day,
    });
    await db
      .updateTable('generator_config')
      .set({ run_lock_owner: `job:${job.id}` })
      .where('run_lock_owner', '=', owner)
      .execute();
    if (options.startWorker !== false) await kickWorker(options.context);
    return { ran: true, jobId: job.id, count: claimed, hour: hour.toISOString() };
  } catch (err) {
    await releaseBudget(db, claimed, day);
    await release();
    // The hour stays recorded only when a batch was queued.
    await db
      .updateTable('generator_config')
      .set({ last_scheduled_hour: sql`NULL` })
      .where('id', '=', 1)
      .where('last_scheduled_hour', '=', hour)
      .execute();
    throw err;
  }
}
