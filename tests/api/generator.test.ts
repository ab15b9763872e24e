import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import generator from '../../functions/generator.ts';
import { workerIdle } from '../../functions/_shared/generator/worker.ts';
import { runScheduledGeneration } from '../../functions/_shared/generator/schedule.ts';
import { FolderImageStore, setImageStore } from '../../functions/_shared/images/store.ts';
import { createJob } from '../../functions/_shared/services/generator-jobs.ts';
import { publishingSettled } from '../../functions/_shared/publish.ts';
import { signUp, type TestAccount } from '../helpers/accounts.ts';
import { expectAdminOnly, logInAdmin, type AdminRequest } from '../helpers/admin-session.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { TEST_DATA } from '../helpers/paths.ts';
import {
  callRoute,
  routeCaller,
  unchecked,
  databaseAvailable,
  engine,
  useTestDatabase,
} from '../helpers/test-db.ts';

// The AI generator through its routes, with the real `openai` SDK talking HTTP to a
// fake OpenAI-compatible server on 127.0.0.1: good answers, malformed and schema-breaking ones,
// near-duplicate titles, timeouts, 429 and 500 — and the budget, jobs, blog, CSV and schedule.

/** Every generator route, called with the headers given (deliberately empty bodies: the guard comes first). */
const ROUTES: [string, AdminRequest][] = [
  ['GET /api/ai/models', (headers) => callRoute(generator, 'GET', '/api/ai/models', { headers })],
  [
    'GET /api/generator/config',
    (headers) => callRoute(generator, 'GET', '/api/generator/config', { headers }),
  ],
  [
    'PUT /api/generator/config',
    (headers) => callRoute(generator, 'PUT', '/api/generator/config', { headers, body: {} }),
  ],
  [
    'POST /api/generator/recipe',
    (headers) => callRoute(generator, 'POST', '/api/generator/recipe', { headers, body: {} }),
  ],
  [
    'POST /api/generator/bulk',
    (headers) => callRoute(generator, 'POST', '/api/generator/bulk', { headers, body: unchecked({}) }),
  ],
  [
    'POST /api/generator/ai-blog',
    (headers) => callRoute(generator, 'POST', '/api/generator/ai-blog', { headers, body: unchecked({}) }),
  ],
  [
    'POST /api/generator/bulk-blog',
    (headers) => callRoute(generator, 'POST', '/api/generator/bulk-blog', { headers, body: unchecked({}) }),
  ],
  [
    'POST /api/generator/csv-upload',
    (headers) => callRoute(generator, 'POST', '/api/generator/csv-upload', { headers, body: new FormData() }),
  ],
  [
    'GET /api/generator/csv-template',
    (headers) => callRoute(generator, 'GET', '/api/generator/csv-template', { headers }),
  ],
  ['GET /api/generator/jobs', (headers) => callRoute(generator, 'GET', '/api/generator/jobs', { headers })],
  [
    'GET /api/generator/jobs/1',
    (headers) => callRoute(generator, 'GET', '/api/generator/jobs/:id', { params: { id: 1 }, headers }),
  ],
  ['GET /api/generator/log', (headers) => callRoute(generator, 'GET', '/api/generator/log', { headers })],
];

function csvForm(name: string, text: string, modelId?: string): FormData {
  const form = new FormData();
  form.set('csvFile', new File([text], name, { type: 'text/csv' }));
  if (modelId) form.set('modelId', modelId);
  return form;
}

describe.skipIf(!databaseAvailable)(`AI generator on ${engine}`, () => {
  const db = useTestDatabase();
  let admin: TestAccount;
  let cook: TestAccount;
  let fake: FakeOpenAI;
  const env = { ...process.env };

  /** A generator route called as the admin. */
  const api = routeCaller(generator, () => admin);
  const recipeCount = async () =>
    Number(
      (
        await db()
          .selectFrom('recipes')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const publishWrites = async () =>
    Number(
      (
        await db()
          .selectFrom('publish_requests')
          .select(sql<number>`coalesce(sum((scope->>'writes')::int), 0)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const lastLog = () =>
    db().selectFrom('generation_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const waitForJob = async (id: number) => {
    await workerIdle();
    const res = await api('GET', '/api/generator/jobs/:id', { params: { id } });
    return res.body;
  };

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    process.env.OPENAI_API_KEY = 'test-key';
    process.env.OPENAI_BASE_URL = fake.url;
    process.env.OPENAI_MAX_RETRIES = '0';
    process.env.OPENAI_TIMEOUT_SECONDS = '2';
    delete process.env.OPENAI_IMAGE_MODEL;
    const images = path.join(TEST_DATA, `generator-images-${engine}`);
    fs.mkdirSync(images, { recursive: true });
    setImageStore(new FolderImageStore(images));
    admin = await logInAdmin();
    cook = await signUp('cook');
    await db().updateTable('generator_config').set({ is_enabled: true, max_per_day: 1000 }).execute();
  });

  afterAll(async () => {
    await workerIdle();
    await publishingSettled();
    setImageStore(undefined);
    await fake.close();
    for (const key of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MAX_RETRIES', 'OPENAI_TIMEOUT_SECONDS'])
      if (env[key] === undefined) delete process.env[key];
      else process.env[key] = env[key];
  });

  // Every test starts from the generator's defaults (switched on with a 1000-a-day cap, nothing
  // used today, no schedule, no CSV upload, no lock) and a fresh fake, whatever ran before it.
  beforeEach(async () => {
    fake.reset();
    await db()
      .updateTable('generator_config')
      .set({
        is_enabled: true,
        max_per_day: 1000,
        current_count: 0,
        scheduling_enabled: sql<boolean>`DEFAULT`,
        schedule_hours: sql<number[]>`DEFAULT`,
        batch_size: sql<number>`DEFAULT`,
        csv_upload_enabled: sql<boolean>`DEFAULT`,
        last_scheduled_hour: null,
        run_lock_until: null,
        run_lock_owner: null,
      })
      .execute();
  });

  describe('guard', () => {
    it.each(ROUTES)('%s: 401 anonymous, 403 for a cook, nothing changed', async (_route, send) => {
      const before = await recipeCount();
      await expectAdminOnly(cook, send);
      expect(await recipeCount()).toBe(before);
      expect(fake.calls).toHaveLength(0);
    });
  });

  describe('models and config', () => {
    it('lists the models with gpt-4o as the default and a price per 1k tokens', async () => {
      const res = await api('GET', '/api/ai/models');
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThanOrEqual(4);
      expect(res.body[0]).toMatchObject({ id: 'gpt-4o', isDefault: true });
      expect(res.body.filter((m: { isDefault: boolean }) => m.isDefault)).toHaveLength(1);
      for (const m of res.body) expect(typeof m.costPer1kTokens).toBe('number');
    });

    it('adds the models a local endpoint serves (OPENAI_MODELS, OPENAI_DEFAULT_MODEL)', async () => {
      process.env.OPENAI_MODELS = 'llama3.1:8b, qwen2.5:7b';
      process.env.OPENAI_DEFAULT_MODEL = 'llama3.1:8b';
      try {
        const models = (await api('GET', '/api/ai/models')).body as {
          id: string;
          isDefault: boolean;
          costPer1kTokens: number;
        }[];
        expect(models[0]).toMatchObject({ id: 'llama3.1:8b', isDefault: true, costPer1kTokens: 0 });
        expect(models.filter((m) => m.isDefault)).toHaveLength(1);
        expect(models.map((m) => m.id)).toContain('qwen2.5:7b');
        const res = await api('POST', '/api/generator/recipe', { body: { prompt: 'kovrani bean soup' } });
        expect(res.status).toBe(201);
        expect(fake.calls[0]!.body.model).toBe('llama3.1:8b');
        expect((await lastLog()).model_id).toBe('llama3.1:8b');
      } finally {
        delete process.env.OPENAI_MODELS;
        delete process.env.OPENAI_DEFAULT_MODEL;
      }
    });

    it('reads the config with its defaults and the estimated daily output', async () => {
      const res = await api('GET', '/api/generator/config');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        isEnabled: true,
        maxPerDay: 1000,
        scheduleHours: [0, 3, 6, 9, 12, 15, 18, 21],
        batchSize: 10,
        schedulingEnabled: false,
        csvUploadEnabled: false,
        estimatedDailyOutput: 80,
        configured: true,
      });
      expect(res.body).not.toHaveProperty('apiKey');
    });

    it('accepts partial updates and keeps the rest', async () => {
      const res = await api('PUT', '/api/generator/config', {
        body: { batchSize: 5, scheduleHours: [21, 3] },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        batchSize: 5,
        scheduleHours: [3, 21],
        estimatedDailyOutput: 10,
        isEnabled: true,
      });
      const full = await api('PUT', '/api/generator/config', {
        body: unchecked({
          ...res.body,
          csvUploadEnabled: true,
          currentCount: 999,
        }),
      });
      expect(full.status).toBe(200);
      expect(full.body.csvUploadEnabled).toBe(true);
      expect(full.body.currentCount).not.toBe(999);
      await api('PUT', '/api/generator/config', {
        body: {
          batchSize: 10,
          scheduleHours: [0, 3, 6, 9, 12, 15, 18, 21],
        },
      });
    });

    it.each([
      [{ batchSize: 0 }, 'Batch size must be a whole number from 1 to 100'],
      [{ batchSize: 101 }, 'Batch size must be a whole number from 1 to 100'],
      [{ batchSize: 2.5 }, 'Batch size must be a whole number from 1 to 100'],
      [{ scheduleHours: [24] }, 'Schedule hours must be whole hours from 0 to 23'],
      [{ scheduleHours: [-1] }, 'Schedule hours must be whole hours from 0 to 23'],
      [{ scheduleHours: [3, 3] }, 'Each schedule hour may appear only once'],
      [{ maxPerDay: 1001 }, 'The daily limit must be a whole number from 1 to 1000'],
      [{ maxPerDay: 0 }, 'The daily limit must be a whole number from 1 to 1000'],
      [{ isEnabled: 'yes' }, 'Enabled must be true or false'],
      [{}, 'Send at least one setting to change'],
    ])('refuses %j with a clear sentence and changes nothing', async (body, message) => {
      const before = await api('GET', '/api/generator/config');
      const res = await api('PUT', '/api/generator/config', { body: unchecked(body) });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
      expect((await api('GET', '/api/generator/config')).body).toEqual(before.body);
    });
  });

  describe('one recipe', () => {
    it('generates, validates, inserts with its own cover, logs tokens and cost, and publishes', async () => {
      const before = await recipeCount();
      const writes = await publishWrites();
      const res = await api('POST', '/api/generator/recipe', {
        body: {
          prompt: 'zorvani lemon orzo',
          modelId: 'gpt-4o-mini',
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.title).toBe('Zorvani Lemon Orzo');
      expect(await recipeCount()).toBe(before + 1);
      const row = await db()
        .selectFrom('recipes')
        .selectAll()
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      expect(row.image).toMatch(/^\/api\/images\/[0-9a-f]{32}\/1200\.webp$/);
      expect(row.tags.length).toBeGreaterThanOrEqual(3);
      const log = await lastLog();
      expect(log).toMatchObject({
        kind: 'recipe',
        status: 'success',
        model_id: 'gpt-4o-mini',
        result_title: 'Zorvani Lemon Orzo',
      });
      expect(log.prompt_tokens).toBeGreaterThan(100);
      expect(log.completion_tokens).toBeGreaterThan(100);
      expect(log.tokens).toBe(log.prompt_tokens + log.completion_tokens);
      expect(Number(log.cost)).toBeCloseTo((log.tokens / 1000) * 0.0006, 6);
      expect(await publishWrites()).toBe(writes + 1);
      // The request carried the JSON schema derived from the valibot recipe schema.
      const format = fake.calls[0]!.body.response_format!;
      expect(format.json_schema!.name).toBe('recipe');
      expect(format.json_schema!.schema!.properties!.category!.enum).toContain('desserts');
    });

    it('asks the image model for the cover when OPENAI_IMAGE_MODEL is set, and stores the bytes', async () => {
      process.env.OPENAI_IMAGE_MODEL = 'gpt-image-1';
      try {
        const res = await api('POST', '/api/generator/recipe', { body: { prompt: 'pelvorin plum crumble' } });
        expect(res.status).toBe(201);
        expect(fake.calls.map((c) => c.path)).toEqual(['/v1/chat/completions', '/v1/images/generations']);
        const row = await db()
          .selectFrom('recipes')
          .select('image')
          .where('id', '=', res.body.id)
          .executeTakeFirstOrThrow();
        expect(row.image).toMatch(/^\/api\/images\/[0-9a-f]{32}\/1200\.webp$/);
        const image = await db()
          .selectFrom('images')
          .select(['source', 'width'])
          .where('key', '=', row.image!.split('/')[3]!)
          .executeTakeFirstOrThrow();
        expect(image).toMatchObject({ source: 'generator', width: 1536 });
      } finally {
        delete process.env.OPENAI_IMAGE_MODEL;
      }
    });

    it('lets the model pick a dish the site lacks when the prompt is empty', async () => {
      const res = await api('POST', '/api/generator/recipe', { body: {} });
      expect(res.status).toBe(201);
      const user = fake.calls[0]!.body.messages!.find((m) => m.role === 'user')!.content;
      expect(user).toMatch(/does not have yet/);
      expect(user).toMatch(/already has/);
    });

    it('refuses a near-duplicate title, retries once naming the clash, and inserts the new dish', async () => {
      const existing = await db()
        .selectFrom('recipes')
        .select('title')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      fake.script({ kind: 'valid', title: existing.title });
      const res = await api('POST', '/api/generator/recipe', { body: { prompt: 'something new' } });
      expect(res.status).toBe(201);
      expect(res.body.title).not.toBe(existing.title);
      expect(fake.calls).toHaveLength(2);
      expect(fake.calls[1]!.body.messages!.at(-1)!.content).toContain(`already has "${existing.title}"`);
    });

    it.each([
      ['malformed JSON', { kind: 'invalid-json' } as const, 502, 'valid JSON'],
      ['JSON that breaks the schema', { kind: 'bad-schema' } as const, 502, 'broke the rules'],
      ['calories far from the macros', { kind: 'bad-calories' } as const, 502, 'within 15 %'],
      ['a 500 from the provider', { kind: 'status', status: 500 } as const, 502, 'failed (500)'],
      ['a 429 from the provider', { kind: 'status', status: 429 } as const, 503, 'limiting requests (429)'],
      [
        'an answer slower than the timeout',
        { kind: 'slow', ms: 6000 } as const,
        504,
        'did not answer within 2 seconds',
      ],
    ])(
      '%s: a clear sentence, nothing inserted, the failure logged',
      async (_name, behaviour, status, message) => {
        const before = await recipeCount();
        const config = await api('GET', '/api/generator/config');
        fake.script(behaviour);
        const res = await api('POST', '/api/generator/recipe', { body: { prompt: 'quick pea soup' } });
        expect(res.status).toBe(status);
        expect(res.body.error).toContain(message);
        expect(await recipeCount()).toBe(before);
        expect((await api('GET', '/api/generator/config')).body.currentCount).toBe(config.body.currentCount);
        expect(await lastLog()).toMatchObject({ status: 'error', kind: 'recipe' });
      },
    );

    it.each([
      ['one recipe', () => api('POST', '/api/generator/recipe', { body: { prompt: 'slow lentil soup' } })],
      [
        'one blog post',
        () =>
          api('POST', '/api/generator/ai-blog', {
            body: { prompt: 'slow braising', tone: 'friendly', length: 'short' },
          }),
      ],
    ])(
      "%s ends at the waiting routes' deadline (production's 90 s timeout and 2 retries notwithstanding): 504, count given back",
      async (_name, generate) => {
        process.env.OPENAI_TIMEOUT_SECONDS = '90';
        process.env.OPENAI_MAX_RETRIES = '2';
        process.env.GENERATOR_SYNC_DEADLINE_SECONDS = '1';
        try {
          await db().updateTable('generator_config').set({ current_count: 5 }).execute();
          const before = (await api('GET', '/api/generator/config')).body.currentCount;
          expect(before).toBe(5);
          const recipes = await recipeCount();
          fake.script({ kind: 'slow', ms: 5000 }, { kind: 'slow', ms: 5000 }, { kind: 'slow', ms: 5000 });
          const started = Date.now();
          const res = await generate();
          const took = Date.now() - started;
          expect(res.status).toBe(504);
          expect(res.body.error).toMatch(
            /did not finish within the 1 seconds a generation may take while you wait/,
          );
          expect(took).toBeLessThan(2500);
          expect((await api('GET', '/api/generator/config')).body.currentCount).toBe(before);
          expect(await recipeCount()).toBe(recipes);
        } finally {
          process.env.OPENAI_TIMEOUT_SECONDS = '2';
          process.env.OPENAI_MAX_RETRIES = '0';
          delete process.env.GENERATOR_SYNC_DEADLINE_SECONDS;
        }
      },
    );

    // The site's first recipe's title comes back: a vague prompt is retried once with the clash
    // named, a named dish is refused at once (not swapped for another dish); nothing is inserted.
    it.each<[string, (title: string) => string, (title: string) => string[], (title: string) => unknown]>([
      [
        'a title that still clashes after the retry is refused (409), nothing inserted',
        () => 'anything',
        (title) => [title, `${title}!`],
        () => expect.stringContaining('too close to the existing recipe'),
      ],
      [
        'a named dish the site already has is refused at once, not swapped for another dish',
        (title) => `"${title}"`,
        (title) => [title],
        (title) => `"${title}" is too close to the existing recipe "${title}".`,
      ],
    ])('%s', async (_name, prompt, answers, error) => {
      const existing = await db()
        .selectFrom('recipes')
        .select('title')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const before = await recipeCount();
      fake.script(...answers(existing.title).map((title) => ({ kind: 'valid' as const, title })));
      const res = await api('POST', '/api/generator/recipe', { body: { prompt: prompt(existing.title) } });
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual(error(existing.title));
      expect(fake.calls).toHaveLength(answers(existing.title).length);
      expect(await recipeCount()).toBe(before);
    });

    it.each([
      ['names a dish', 'kelvari apricot tagine', 'Brovenka Beef Stew', 502],
      [
        'names a dish, and a close title comes back',
        'kelvari apricot tagine',
        'Kelvari Apricot Chicken Tagine',
        201,
      ],
      ['asks for something vaguer', 'something warming for a cold night', 'Brovenka Beef Stew', 201],
    ])('a prompt that %s: the title must match only then', async (_name, prompt, title, status) => {
      const before = await recipeCount();
      fake.script({ kind: 'valid', title });
      const res = await api('POST', '/api/generator/recipe', { body: { prompt } });
      expect(res.status).toBe(status);
      if (status === 502) {
        expect(res.body.error).toBe(`The model wrote "${title}", not the requested "${prompt}".`);
        expect(await recipeCount()).toBe(before);
      } else {
        expect(res.body.title).toBe(title);
      }
    });

    it('refuses an unknown model and bad input with 400', async () => {
      expect((await api('POST', '/api/generator/recipe', { body: { modelId: 'gpt-99' } })).status).toBe(400);
      expect(
        (await api('POST', '/api/generator/recipe', { body: { prompt: 'x'.repeat(1001) } })).status,
      ).toBe(400);
      expect((await api('POST', '/api/generator/recipe', { body: unchecked('lasagna') })).status).toBe(400);
      expect(fake.calls).toHaveLength(0);
    });

    it('says so when the generator is off or not configured', async () => {
      await api('PUT', '/api/generator/config', { body: { isEnabled: false } });
      const off = await api('POST', '/api/generator/recipe', { body: {} });
      expect(off.status).toBe(409);
      expect(off.body.error).toMatch(/switched off/);
      await api('PUT', '/api/generator/config', { body: { isEnabled: true } });
      delete process.env.OPENAI_API_KEY;
      try {
        const res = await api('POST', '/api/generator/recipe', { body: {} });
        expect(res.status).toBe(503);
        expect(res.body.error).toBe('AI generation is not configured');
        expect((await api('GET', '/api/generator/config')).body.configured).toBe(false);
      } finally {
        process.env.OPENAI_API_KEY = 'test-key';
      }
      expect(fake.calls).toHaveLength(0);
    });
  });

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

  describe('blog', () => {
    it('writes a Markdown draft in the asked length and tone', async () => {
      const res = await api('POST', '/api/generator/ai-blog', {
        body: {
          prompt: 'knife skills',
          tone: 'educational',
          length: 'short',
        },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ title: 'Knife Skills', isPublished: false });
      const post = await db()
        .selectFrom('blog_posts')
        .selectAll()
        .where('id', '=', res.body.id)
        .executeTakeFirstOrThrow();
      expect(post.is_published).toBe(false);
      expect(post.content).toContain('## ');
      expect(post.excerpt.length).toBeGreaterThan(5);
      const system = fake.calls[0]!.body.messages![0]!.content;
      expect(system).toContain('between 500 and 800 words');
      expect(system).toContain('educational');
    });

    it('refuses a post outside the length range after one retry', async () => {
      const before = await db()
        .selectFrom('blog_posts')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      fake.script({ kind: 'words', words: 200 }, { kind: 'words', words: 3000 });
      const res = await api('POST', '/api/generator/ai-blog', { body: { prompt: 'stock', length: 'long' } });
      expect(res.status).toBe(502);
      expect(res.body.error).toMatch(/needs 1200–2000/);
      const after = await db()
        .selectFrom('blog_posts')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    });

    it.each([
      [{ prompt: '' }, 'Enter a topic for the blog post'],
      [{ prompt: 'x', tone: 'angry' }, 'Tone must be one of'],
      [{ prompt: 'x', length: 'epic' }, 'Length must be short, medium or long'],
    ])('refuses %j', async (body, message) => {
      const res = await api('POST', '/api/generator/ai-blog', { body: unchecked(body) });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
    });

    it('bulk blog: drafts through a job, count 1–20', async () => {
      expect((await api('POST', '/api/generator/bulk-blog', { body: { count: 21 } })).status).toBe(400);
      const res = await api('POST', '/api/generator/bulk-blog', {
        body: {
          count: 2,
          tone: 'casual',
          length: 'short',
        },
      });
      expect(res.status).toBe(202);
      expect(res.body.success).toBe(true);
      const job = await waitForJob(res.body.jobId!);
      expect(job).toMatchObject({ kind: 'bulk-blog', status: 'done', done: 2 });
    });
  });

  describe('CSV upload', () => {
    const upload = (form: FormData) =>
      callRoute(generator, 'POST', '/api/generator/csv-upload', {
        headers: { cookie: admin.cookie },
        body: form,
      });
    // Switched off by default: these tests use it switched on, unless they say otherwise.
    beforeEach(() => db().updateTable('generator_config').set({ csv_upload_enabled: true }).execute());

    it('offers a template with 10 sample titles', async () => {
      const res = await api('GET', '/api/generator/csv-template');
      expect(res.status).toBe(200);
      const lines = String(res.body).trim().split('\n');
      expect(lines[0]).toBe('title');
      expect(lines).toHaveLength(11);
    });

    it('is refused while CSV upload is switched off', async () => {
      await api('PUT', '/api/generator/config', { body: { csvUploadEnabled: false } });
      const res = await upload(csvForm('t.csv', 'title\nKelmora Bean Bake\n'));
      expect(res.status).toBe(409);
      await api('PUT', '/api/generator/config', { body: { csvUploadEnabled: true } });
    });

    it.each([
      ['no file', new FormData(), 400, 'No CSV file selected'],
      ['not a .csv', csvForm('titles.txt', 'title\nA\n'), 400, 'must be a .csv file'],
      ['an empty file', csvForm('t.csv', ''), 400, 'The CSV file is empty'],
      ['only a header', csvForm('t.csv', 'title\n'), 400, 'The CSV file is empty'],
      ['no title column', csvForm('t.csv', 'name\nPancakes\n'), 400, 'no "title" column'],
      [
        '501 rows',
        csvForm('t.csv', `title\n${Array.from({ length: 501 }, (_, i) => `Dish ${i}`).join('\n')}\n`),
        413,
        'at most 500',
      ],
      [
        'more than 1 MB',
        csvForm('t.csv', `title\n${'x'.repeat(1024 * 1024 + 10)}\n`),
        413,
        'larger than 1 MB',
      ],
    ])('%s: %i with a clear sentence', async (_name, form, status, message) => {
      const res = await upload(form);
      expect(res.status).toBe(status);
      expect(res.body.error).toContain(message);
      expect(fake.calls).toHaveLength(0);
    });

    it('skips titles already on the site and repeated in the file, generates the rest', async () => {
      const existing = await db()
        .selectFrom('recipes')
        .select('title')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const text = `Title,notes\nQuorvash Pepper Stew,x\n${existing.title},y\nquorvash pepper stew,z\n"Belnari, Fig Tart",w\n`;
      const res = await upload(csvForm('mine.csv', text));
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ total: 4, generated: 0, skipped: 2, failed: 0 });
      expect(res.body.skippedTitles.map((t: { reason: string }) => t.reason).sort()).toEqual([
        `Already on the site as "${existing.title}"`,
        'Repeated in the file',
      ]);
      const job = await waitForJob(res.body.jobId!);
      expect(job).toMatchObject({
        kind: 'csv',
        status: 'done',
        total: 4,
        generated: 2,
        skipped: 2,
        failed: 0,
      });
      expect(job.results.map((r: { title: string }) => r.title).sort()).toEqual([
        'Belnari, Fig Tart',
        'Quorvash Pepper Stew',
      ]);
    });
    it('a row whose recipe comes back as another dish fails with the reason; nothing is saved', async () => {
      const before = await recipeCount();
      fake.script({ kind: 'valid', title: 'Brovenka Beef Stew' });
      const res = await upload(csvForm('one.csv', 'title\nSalvetti Lemon Roast Chicken\n'));
      expect(res.status).toBe(202);
      const job = await waitForJob(res.body.jobId!);
      expect(job).toMatchObject({ kind: 'csv', status: 'failed', total: 1, generated: 0, failed: 1 });
      expect(job.failures).toEqual([
        {
          item: 'Salvetti Lemon Roast Chicken',
          reason: 'The model wrote "Brovenka Beef Stew", not the requested "Salvetti Lemon Roast Chicken".',
        },
      ]);
      expect(await recipeCount()).toBe(before);
    });

    it('answers at once, with no job, when every title is skipped', async () => {
      const existing = await db()
        .selectFrom('recipes')
        .select('title')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const res = await upload(csvForm('known.csv', `title\n${existing.title}\n${existing.title}\n`));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ jobId: null, total: 2, generated: 0, skipped: 2, status: 'done' });
      expect(fake.calls).toHaveLength(0);
    });
  });

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
