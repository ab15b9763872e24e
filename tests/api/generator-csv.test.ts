// The AI generator's CSV upload of recipe ideas and its template.
import { beforeEach, describe, expect, it } from 'vitest';
import generator from '../../functions/generator.ts';
import { callRoute, databaseAvailable, engine } from '../helpers/test-db.ts';
import { useGeneratorSuite } from '../helpers/generator-suite.ts';

function csvForm(name: string, text: string, modelId?: string): FormData {
  const form = new FormData();
  form.set('csvFile', new File([text], name, { type: 'text/csv' }));
  if (modelId) form.set('modelId', modelId);
  return form;
}

describe.skipIf(!databaseAvailable)(`AI generator on ${engine}`, () => {
  const { db, admin, fake, api, recipeCount, waitForJob } = useGeneratorSuite();

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
});
