// The AI generator's admin guard on every route, its models and its config.
import { describe, expect, it } from 'vitest';
import generator from '../../functions/generator.ts';
import { expectAdminOnly, type AdminRequest } from '../helpers/admin-session.ts';
import { callRoute, unchecked, databaseAvailable, engine } from '../helpers/test-db.ts';
import { useGeneratorSuite } from '../helpers/generator-suite.ts';

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

describe.skipIf(!databaseAvailable)(`AI generator on ${engine}`, () => {
  const { cook, fake, api, recipeCount, lastLog } = useGeneratorSuite();

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
});
