// The AI generator's hourly schedule.
import { describe, expect, it } from 'vitest';
import { runScheduledGeneration } from '../../functions/_shared/generator/schedule.ts';
import { databaseAvailable, engine } from '../helpers/test-db.ts';
import { useGeneratorSuite } from '../helpers/generator-suite.ts';

describe.skipIf(!databaseAvailable)(`AI generator on ${engine}`, () => {
  const { db, api, waitForJob } = useGeneratorSuite();

  describe('schedule', () => {
    const at = (iso: string) => new Date(iso);

    it('runs only when enabled, scheduled and in a scheduled hour; once per hour; takes the lock', async () => {
      await db()
        .updateTable('generator_config')
        .set({ last_scheduled_hour: null, run_lock_until: null, run_lock_owner: null })
        .execute();
      await api('PUT', '/api/generator/config', {
        body: {
          schedulingEnabled: false,
          scheduleHours: [6, 9],
          batchSize: 2,
        },
      });
      expect(
        await runScheduledGeneration(db(), { now: at('2030-01-01T06:10:00Z'), startWorker: false }),
      ).toMatchObject({ ran: false, reason: 'Scheduling is switched off.' });
      await api('PUT', '/api/generator/config', { body: { schedulingEnabled: true } });
      expect(
        await runScheduledGeneration(db(), { now: at('2030-01-01T07:10:00Z'), startWorker: false }),
      ).toMatchObject({ ran: false });

      const [first, second] = await Promise.all([
        runScheduledGeneration(db(), { now: at('2030-01-01T06:10:00Z'), startWorker: false }),
        runScheduledGeneration(db(), { now: at('2030-01-01T06:10:01Z'), startWorker: false }),
      ]);
      expect([first.ran, second.ran].sort()).toEqual([false, true]);
      const ran = (first.ran ? first : second) as { jobId: number; count: number };
      expect(ran.count).toBe(2);
      // The same hour again does nothing; the next scheduled hour waits while the batch holds the lock.
      expect(
        (await runScheduledGeneration(db(), { now: at('2030-01-01T06:50:00Z'), startWorker: false })).ran,
      ).toBe(false);
      expect(
        (await runScheduledGeneration(db(), { now: at('2030-01-01T09:05:00Z'), startWorker: false })).ran,
      ).toBe(false);

      const { kickWorker } = await import('../../functions/_shared/generator/worker.ts');
      kickWorker();
      const job = await waitForJob(ran.jobId!);
      expect(job).toMatchObject({ kind: 'scheduled', status: 'done', done: 2 });
      const config = await db()
        .selectFrom('generator_config')
        .select(['run_lock_owner'])
        .executeTakeFirstOrThrow();
      expect(config.run_lock_owner).toBeNull();
      // Lock released: the next scheduled hour runs.
      expect(
        (await runScheduledGeneration(db(), { now: at('2030-01-01T09:05:00Z'), startWorker: false })).ran,
      ).toBe(true);
      await db()
        .updateTable('generator_jobs')
        .set({ status: 'done' })
        .where('status', '=', 'queued')
        .execute();
      await api('PUT', '/api/generator/config', { body: { schedulingEnabled: false, batchSize: 10 } });
    });

    it('takes only what the daily cap leaves', async () => {
      await db()
        .updateTable('generator_config')
        .set({
          last_scheduled_hour: null,
          run_lock_until: null,
          run_lock_owner: null,
          scheduling_enabled: true,
          count_date: '2030-02-01',
          current_count: 999,
          max_per_day: 1000,
        })
        .execute();
      const outcome = await runScheduledGeneration(db(), {
        now: at('2030-02-01T06:00:00Z'),
        startWorker: false,
      });
      expect(outcome).toMatchObject({ ran: true, count: 1 });
      await db()
        .updateTable('generator_jobs')
        .set({ status: 'done' })
        .where('status', '=', 'queued')
        .execute();
      await db()
        .updateTable('generator_config')
        .set({ run_lock_until: null, run_lock_owner: null, scheduling_enabled: false })
        .execute();
      expect(
        (await runScheduledGeneration(db(), { now: at('2030-02-01T09:00:00Z'), startWorker: false })).ran,
      ).toBe(false);
    });
  });
});
