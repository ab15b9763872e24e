// The AI generator making one recipe: good, malformed and near-duplicate answers, timeouts, 429 and 500.
import { describe, expect, it } from 'vitest';
import { unchecked, databaseAvailable, engine } from '../helpers/test-db.ts';
import { useGeneratorSuite } from '../helpers/generator-suite.ts';

describe.skipIf(!databaseAvailable)(`AI generator on ${engine}`, () => {
  const { db, fake, api, recipeCount, publishWrites, lastLog } = useGeneratorSuite();

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
});
