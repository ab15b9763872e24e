// The AI generator's background worker on Netlify.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import generator from '../../functions/generator.ts';
import { createJob } from '../../functions/_shared/services/generator-jobs.ts';
import { callRoute, databaseAvailable, engine } from '../helpers/test-db.ts';
import { useGeneratorSuite } from '../helpers/generator-suite.ts';

describe.skipIf(!databaseAvailable)(`AI generator on ${engine}`, () => {
  const { db, admin, api } = useGeneratorSuite();

  describe('the background worker on Netlify', () => {
    it('a route calls the background function with the secret; it drains the queue; others get 403', async () => {
      const { kickWorker, workerToken } = await import('../../functions/_shared/generator/worker.ts');
      const worker = (await import('../../functions/generator-worker-background.ts')).default;
      const received: { url: string; token: string | undefined }[] = [];
      const server = http.createServer((req, res) => {
        received.push({ url: req.url ?? '', token: req.headers['x-forkful-worker'] as string | undefined });
        res.writeHead(202).end('{}');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const g = globalThis as { Netlify?: unknown };
      g.Netlify = {};
      try {
        const job = await createJob(db(), { kind: 'bulk', modelId: 'gpt-4o', total: 1, budgetDate: null });
        await kickWorker({ site: { url: site } as never });
        expect(received).toEqual([{ url: '/api/generator/worker', token: workerToken() }]);
        // Nothing ran in this process: the job waits for the background function.
        expect((await api('GET', '/api/generator/jobs/:id', { params: { id: job.id } })).body.status).toBe(
          'queued',
        );
        const refused = await callRoute(worker, 'POST', '/api/generator/worker', {
          headers: { cookie: admin.cookie },
        });
        expect(refused.status).toBe(403);
        const ran = await callRoute(worker, 'POST', '/api/generator/worker', {
          headers: { 'x-forkful-worker': workerToken() },
        });
        expect(ran.status).toBe(202);
        expect((await api('GET', '/api/generator/jobs/:id', { params: { id: job.id } })).body).toMatchObject({
          status: 'done',
          done: 1,
        });
      } finally {
        delete g.Netlify;
        await new Promise((resolve) => server.close(resolve));
      }
    });
    /** A local stand-in for a deploy: answers every call with `status` and records what it got. */
    async function standIn(status = 202) {
      const received: { url: string; token: string | undefined }[] = [];
      const server = http.createServer((req, res) => {
        received.push({ url: req.url ?? '', token: req.headers['x-forkful-worker'] as string | undefined });
        res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
    }
    const onNetlify = async (run: () => Promise<void>) => {
      const g = globalThis as { Netlify?: unknown };
      g.Netlify = {};
      try {
        await run();
      } finally {
        delete g.Netlify;
        await db()
          .updateTable('generator_jobs')
          .set({ status: 'done' })
          .where('status', '=', 'queued')
          .execute();
      }
    };
    /** A route called at `origin` (as Netlify hands it the request), with the site's main URL in its context. */
    const bulkAt = async (origin: string, site: string) => {
      const headers = new Headers({ cookie: admin.cookie });
      headers.set('content-type', 'application/json');
      const res = await generator(
        new Request(`${origin}/api/generator/bulk`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ count: 1 }),
        }),
        { site: { url: site } as never },
      );
      return { status: res.status, body: (await res.json()) as { jobId: number } };
    };

    it("a route kicks the worker at its own deploy's origin, not the site's main address", async () => {
      const preview = await standIn();
      const main = await standIn();
      try {
        await onNetlify(async () => {
          const res = await bulkAt(preview.url, main.url);
          expect(res.status).toBe(202);
          expect(preview.received.map((r) => r.url)).toEqual(['/api/generator/worker']);
          expect(main.received).toEqual([]);
        });
      } finally {
        await preview.close();
        await main.close();
      }
    });

    it('the scheduled function, which has no request of its own, kicks at DEPLOY_URL', async () => {
      const schedule = (await import('../../functions/generator-schedule.ts')).default;
      const deploy = await standIn();
      const main = await standIn();
      process.env.DEPLOY_URL = deploy.url;
      process.env.URL = main.url;
      try {
        await db()
          .updateTable('generator_config')
          .set({
            scheduling_enabled: true,
            schedule_hours: Array.from({ length: 24 }, (_, h) => h),
            batch_size: 1,
          })
          .execute();
        await onNetlify(async () => {
          const res = await schedule(
            new Request('http://localhost:8888/.netlify/functions/generator-schedule', {
              method: 'POST',
              body: '{"next_run":"2030-01-01T00:00:00Z"}',
            }),
            { site: { url: main.url } as never },
          );
          expect(res.status).toBe(200);
          expect(deploy.received.map((r) => r.url)).toEqual(['/api/generator/worker']);
          expect(main.received).toEqual([]);
        });
      } finally {
        delete process.env.DEPLOY_URL;
        delete process.env.URL;
        await deploy.close();
        await main.close();
      }
    });

    it('a kick the site refuses (401 of password protection) leaves its reason on the queued job', async () => {
      const locked = await standIn(401);
      try {
        await onNetlify(async () => {
          const res = await bulkAt(locked.url, locked.url);
          expect(res.status).toBe(202);
          expect(locked.received).toHaveLength(1);
          const job = (await api('GET', '/api/generator/jobs/:id', { params: { id: res.body.jobId } })).body;
          expect(job.status).toBe('queued');
          expect(job.error).toMatch(/could not be started: the site answered 401/);
          expect(job.error).toMatch(/password-protected/);
        });
      } finally {
        await locked.close();
      }
    });

    it('a kick that reaches nothing leaves its reason on the queued job', async () => {
      const gone = await standIn();
      await gone.close();
      await onNetlify(async () => {
        const res = await bulkAt(gone.url, gone.url);
        expect(res.status).toBe(202);
        const job = (await api('GET', '/api/generator/jobs/:id', { params: { id: res.body.jobId } })).body;
        expect(job.status).toBe('queued');
        expect(job.error).toMatch(/could not be started: the site could not be reached/);
      });
    });
  });
});
