// The AI generator's bulk recipe jobs and its daily budget.
import { describe, expect, it } from 'vitest';
import { workerIdle } from '../../functions/_shared/generator/worker.ts';
import { unchecked, databaseAvailable, engine } from '../helpers/test-db.ts';
import { useGeneratorSuite } from '../helpers/generator-suite.ts';

describe.skipIf(!databaseAvailable)(`AI generator on ${engine}`, () => {
  const { fake, api, recipeCount, publishWrites, waitForJob } = useGeneratorSuite();

  describe('bulk and budget', () => {
    it('runs a job: one failure does not stop the rest, progress with reasons, one publish', async () => {
      const writes = await publishWrites();
      const before = await recipeCount();
      fake.script({ kind: 'valid' }, { kind: 'invalid-json' });
      const res = await api('POST', '/api/generator/bulk', { body: { count: 6 } });
      expect(res.status).toBe(202);
      // The answer's fields at accept time (nothing generated yet) and the job to follow.
      expect(res.body).toMatchObject({ total: 6, generated: 0, skipped: 0, failed: 0, status: 'queued' });
      expect(res.body.job).toMatchObject({ id: res.body.jobId, pending: 6 });
      const job = await waitForJob(res.body.jobId!);
      expect(job).toMatchObject({
        kind: 'bulk',
        status: 'done',
        total: 6,
        generated: 5,
        skipped: 0,
        failed: 1,
        pending: 0,
        done: 5,
      });
      expect(job.failures[0]!.reason).toContain('valid JSON');
      expect(await recipeCount()).toBe(before + 5);
      expect(await publishWrites()).toBe(writes + 1);
      // Still there after a "reload".
      expect((await api('GET', '/api/generator/jobs')).body[0]).toMatchObject({
        id: job.id,
        done: 5,
        failed: 1,
      });
    });

    it('refuses counts outside 1–100', async () => {
      for (const count of [0, 101, 1.5, '10'])
        expect((await api('POST', '/api/generator/bulk', { body: { count: unchecked(count) } })).status).toBe(
          400,
        );
    });

    it('enforces maxPerDay atomically: two bulk runs at once cannot pass it', async () => {
      const config = (await api('GET', '/api/generator/config')).body;
      await api('PUT', '/api/generator/config', { body: { maxPerDay: config.currentCount + 5 } });
      const [a, b] = await Promise.all([
        api('POST', '/api/generator/bulk', { body: { count: 3 } }),
        api('POST', '/api/generator/bulk', { body: { count: 3 } }),
      ]);
      expect([a.status, b.status].sort()).toEqual([202, 429]);
      const refused = a.status === 429 ? a : b;
      expect(refused.body.error).toMatch(/Only 2 more recipes can be generated today/);
      await workerIdle();
      const after = (await api('GET', '/api/generator/config')).body;
      expect(after.currentCount).toBeLessThanOrEqual(after.maxPerDay);
      const single = await api('POST', '/api/generator/bulk', { body: { count: 3 } });
      expect(single.status).toBe(429);
      await api('PUT', '/api/generator/config', { body: { maxPerDay: 1000 } });
    });

    it('gives the budget back for failed items', async () => {
      const before = (await api('GET', '/api/generator/config')).body.currentCount;
      fake.script({ kind: 'status', status: 500 }, { kind: 'status', status: 500 });
      const res = await api('POST', '/api/generator/bulk', { body: { count: 2 } });
      const job = await waitForJob(res.body.jobId!);
      expect(job).toMatchObject({ status: 'failed', done: 0, failed: 2 });
      expect((await api('GET', '/api/generator/config')).body.currentCount).toBe(before);
    });

    it('shows the log with today’s count, tokens and cost', async () => {
      // Six recipes of its own, so the log has entries whatever ran before.
      const bulk = await api('POST', '/api/generator/bulk', { body: { count: 6 } });
      expect(bulk.status).toBe(202);
      expect(await waitForJob(bulk.body.jobId!)).toMatchObject({ status: 'done', done: 6 });
      const res = await api('GET', '/api/generator/log', { query: { limit: 5 } });
      expect(res.status).toBe(200);
      expect(res.body.entries).toHaveLength(5);
      expect(res.body.today.recipes).toBeGreaterThan(5);
      expect(res.body.today.tokens).toBeGreaterThan(1000);
      expect(res.body.today.cost).toBeGreaterThan(0);
      expect((await api('GET', '/api/generator/log', { query: { limit: unchecked('abc') } })).status).toBe(
        400,
      );
    });
  });
});
