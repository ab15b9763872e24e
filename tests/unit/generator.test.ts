import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { type ApiError } from '../../functions/_shared/http.ts';
import { csvTemplate, parseTitlesCsv } from '../../functions/_shared/generator/csv.ts';
import { structuredOutputSchema } from '../../functions/_shared/generator/json-schema.ts';
import { hourOf } from '../../functions/_shared/generator/schedule.ts';
import { coverSvg } from '../../functions/_shared/generator/cover.ts';
import {
  jobEndToast,
  jobPercent,
  jobProgressText,
  money,
  toggleHour,
} from '../../src/islands/admin/generator/generator-view.ts';
import {
  GeneratedRecipeObjectSchema,
  GeneratedRecipeSchema,
} from '../../src/lib/schemas/generated-content.ts';
import {
  costOf,
  estimatedDailyOutput,
  GeneratorConfigUpdateSchema,
} from '../../src/lib/schemas/generator-config.ts';
import { countWords } from '../../src/lib/schemas/generator-request.ts';
import { fakeRecipe } from '../helpers/fake-openai.ts';
import type { GeneratorJob } from '../../src/lib/schemas/generation-log.ts';

// The generator's pure parts: the content rules, the structured-output schema, the
// CSV rules, word counts, budget arithmetic, the schedule's hour and the tab's helpers.

describe('generated recipe rules', () => {
  const good = fakeRecipe({ title: 'Quick Pea Soup', category: 'soups' });
  it('accepts a recipe that keeps the rules', () => {
    expect(v.safeParse(GeneratedRecipeSchema, good).success).toBe(true);
  });
  it.each([
    [
      'calories far from 4P+4C+9F',
      { calories: 900, nutrition: { ...good.nutrition, calories: 900 } },
      'within 15 %',
    ],
    ['calories unlike nutrition.calories', { calories: 470 }, 'must equal nutrition.calories'],
    ['total shorter than prep + cook', { totalTime: 30 }, 'totalTime must be at least'],
    ['two tags', { tags: ['a', 'b'] }, ''],
    ['nine tags', { tags: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] }, ''],
    ['repeated tags', { tags: ['soup', 'Soup', 'quick'] }, 'tags must not repeat'],
    ['zero servings', { servings: 0 }, ''],
    ['no cooking minutes', { cookTime: 0 }, ''],
    ['a category that is not a slug', { category: 'Main Course' }, 'category slug'],
  ])('refuses %s', (_name, change, message) => {
    const result = v.safeParse(GeneratedRecipeSchema, { ...good, ...change });
    expect(result.success).toBe(false);
    if (message) expect(result.issues!.map((i) => i.message).join(' ')).toContain(message);
  });
});

describe('structured-output schema', () => {
  const schema = structuredOutputSchema(GeneratedRecipeObjectSchema, {
    category: { type: 'string', enum: ['soups'] },
  });
  const objects: Record<string, unknown>[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      if (o.type === 'object') objects.push(o);
      Object.values(o).forEach(walk);
    }
  };
  walk(schema);
  it('closes every object and requires every property (OpenAI strict mode)', () => {
    expect(objects.length).toBeGreaterThanOrEqual(3);
    for (const o of objects) {
      expect(o.additionalProperties).toBe(false);
      expect(o.required).toEqual(Object.keys(o.properties as object));
    }
  });
  it('keeps the valibot rules strict mode understands and drops the others', () => {
    const json = JSON.stringify(schema);
    expect(json).not.toContain('"minLength"');
    expect(json).not.toContain('$schema');
    expect(json).toContain('"minItems":3');
    expect((schema.properties as Record<string, { enum?: string[] }>).category!.enum).toEqual(['soups']);
  });
});

describe('CSV', () => {
  it('reads the title column whatever its case, skips blanks and repeats', () => {
    const parsed = parseTitlesCsv('\uFEFFName, Title \nA,Pea Soup\nB,\nC,pea soup\nD,"Fig, Honey Tart"\n');
    expect(parsed).toEqual({
      total: 3,
      titles: ['Pea Soup', 'Fig, Honey Tart'],
      skipped: [{ title: 'pea soup', reason: 'Repeated in the file' }],
    });
  });
  it.each([
    ['', 'The CSV file is empty'],
    ['title\n', 'The CSV file is empty'],
    ['title\n,\n', 'The CSV file is empty'],
    ['name\nSoup\n', 'no "title" column'],
  ])('refuses %j', (text, message) => {
    expect(() => parseTitlesCsv(text)).toThrow(message);
  });
  it('refuses more than 500 rows with 413', () => {
    const text = `title\n${Array.from({ length: 501 }, (_, i) => `Dish ${i}`).join('\n')}`;
    try {
      parseTitlesCsv(text);
      expect.unreachable();
    } catch (err) {
      expect((err as ApiError).status).toBe(413);
    }
    expect(parseTitlesCsv(text.split('\n').slice(0, 501).join('\n')).titles).toHaveLength(500);
  });
  it('the template has a title column and 10 sample titles that parse back', () => {
    const parsed = parseTitlesCsv(csvTemplate());
    expect(parsed.titles).toHaveLength(10);
  });
});

describe('numbers', () => {
  it.each([
    ['Hello world', 2],
    ['## Heading\n\nTwo words. [a link](https://x.example/y) - and *more*', 7],
    ['', 0],
  ])('countWords(%j) = %i', (text, words) => expect(countWords(text)).toBe(words));

  it('estimated daily output is hours × batch size, capped by maxPerDay', () => {
    expect(
      estimatedDailyOutput({ scheduleHours: [0, 3, 6, 9, 12, 15, 18, 21], batchSize: 10, maxPerDay: 1000 }),
    ).toBe(80);
    expect(estimatedDailyOutput({ scheduleHours: [0, 1, 2], batchSize: 100, maxPerDay: 250 })).toBe(250);
    expect(estimatedDailyOutput({ scheduleHours: [], batchSize: 10, maxPerDay: 1000 })).toBe(0);
  });

  it('cost is tokens / 1000 × price, to the millionth', () => {
    expect(costOf(1500, 0.005)).toBe(0.0075);
    expect(costOf(737, 0.0006)).toBe(0.000442);
  });

  it('the schedule hour is the UTC hour', () => {
    expect(hourOf(new Date('2030-01-01T06:59:59.999Z')).toISOString()).toBe('2030-01-01T06:00:00.000Z');
  });

  it('config updates sort hours and refuse repeats', () => {
    expect(v.parse(GeneratorConfigUpdateSchema, { scheduleHours: [21, 0, 3] }).scheduleHours).toEqual([
      0, 3, 21,
    ]);
    expect(v.safeParse(GeneratorConfigUpdateSchema, { scheduleHours: [1, 1] }).success).toBe(false);
  });
});

describe('covers', () => {
  it('differ by title and follow the category and ingredients', () => {
    const base = { category: 'soups', ingredients: ['2 tomatoes', '1 cup basil'] };
    const a = coverSvg({ ...base, title: 'Tomato Soup' });
    const b = coverSvg({ ...base, title: 'Roast Tomato Soup' });
    expect(a).not.toBe(b);
    expect(a).toContain('#E2412F'); // tomato red
    expect(a).toContain('#4FA64A'); // basil green
    expect(a).toContain('#FFE6B8'); // the soups palette
  });
});

describe('tab helpers', () => {
  const job = (over: Partial<GeneratorJob>): GeneratorJob => ({
    id: 1,
    kind: 'bulk',
    status: 'done',
    modelId: 'gpt-4o',
    total: 10,
    generated: 9,
    skipped: 0,
    failed: 1,
    pending: 0,
    done: 9,
    skippedTitles: [],
    failures: [{ item: 'recipe 3', reason: 'The model did not answer with valid JSON.' }],
    results: [],
    error: null,
    createdAt: '',
    startedAt: null,
    finishedAt: null,
    ...over,
  });
  it('progress and end toasts use the catalogued titles', () => {
    expect(jobPercent(job({ status: 'running', generated: 3, failed: 1 }))).toBe(40);
    expect(jobPercent(job({ status: 'running', generated: 3, skipped: 2, failed: 1 }))).toBe(60);
    expect(jobProgressText(job({ status: 'running', generated: 3, failed: 1 }))).toBe(
      'Total 10: 3 generated, 1 failed',
    );
    expect(
      jobProgressText(job({ kind: 'csv', status: 'running', generated: 0, skipped: 1, failed: 0 })),
    ).toBe('Total 10: 0 generated, 1 skipped, 0 failed');
    expect(jobProgressText(job({ status: 'queued', skipped: 1 }))).toBe(
      'Waiting to start: total 10, 1 skipped',
    );
    expect(
      jobProgressText(job({ status: 'queued', error: 'The background worker could not be started' })),
    ).toBe('Not started: total 10');
    expect(jobEndToast(job({})).title).toBe('Bulk Generation Complete!');
    expect(jobEndToast(job({ kind: 'csv', generated: 2, skipped: 1, failed: 0 })).description).toBe(
      '2 recipes generated, 1 skipped.',
    );
    expect(jobEndToast(job({ kind: 'bulk-blog' })).title).toBe('Blog Generation Complete!');
    expect(jobEndToast(job({ kind: 'csv' })).title).toBe('CSV Processing Complete!');
    expect(jobEndToast(job({ status: 'failed', generated: 0, done: 0, failed: 10 }))).toMatchObject({
      title: 'Bulk Generation Failed',
      variant: 'destructive',
      description: 'The model did not answer with valid JSON.',
    });
  });
  it('hour toggling keeps the list sorted; money shows fractions of a cent', () => {
    expect(toggleHour([0, 6], 3)).toEqual([0, 3, 6]);
    expect(toggleHour([0, 3, 6], 3)).toEqual([0, 6]);
    expect(money(0.0036)).toBe('$0.0036');
    expect(money(1.5)).toBe('$1.50');
  });
});
