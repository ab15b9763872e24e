import { GeneratorConfigUpdateSchema } from '../src/lib/schemas/generator-config.ts';
import {
  BulkBlogsRequestSchema,
  BulkRecipesRequestSchema,
  GenerateBlogRequestSchema,
  GenerateRecipeRequestSchema,
} from '../src/lib/schemas/generator-request.ts';
import { GenerationError, syncDeadline } from './_shared/generator/ai-client.ts';
import { generateBlogPost } from './_shared/generator/blog.ts';
import { csvTemplate, parseTitlesCsv, readCsvUpload } from './_shared/generator/csv.ts';
import { generateRecipe, similarRecipe } from './_shared/generator/recipes.ts';
import { kickWorker } from './_shared/generator/worker.ts';
import { csvDownload, json, notFound, parseOrThrow, queryOf, readJson } from './_shared/http.ts';
import * as v from 'valibot';
import { IdParam, limitParam, pathParam } from './_shared/params.ts';
import { publish } from './_shared/publish.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import { generationsToday, recentGenerations } from './_shared/services/generation-log.ts';
import {
  assertCsvUploadOn,
  assertGeneratorAvailable,
  availableModel,
  claimBudget,
  listModels,
  readGeneratorConfig,
  releaseBudget,
  resolveModel,
  updateGeneratorConfig,
} from './_shared/services/generator-config.ts';
import {
  acceptedAnswer,
  createJob,
  jobById,
  recentJobs,
  type NewJob,
} from './_shared/services/generator-jobs.ts';
import type { GeneratorJob, GeneratorJobAccepted } from '../src/lib/schemas/generation-log.ts';
import type { Db } from '../db/client.ts';
import { adminOnly, adminRead } from './_shared/admin-routes.ts';

// The AI generator: models, config, one recipe, bulk, blog posts,
// CSV upload, and what the tab reads (jobs in progress, the log). Admin only, every route.
// Long work (bulk, bulk blog, CSV) is queued as a job and answered 202 at once; the tab follows
// the job (GET /api/generator/jobs/{id}) until it ends. The worker publishes each batch once.

export const config: Config = {
  path: [
    '/api/ai/models',
    '/api/generator/config',
    '/api/generator/recipe',
    '/api/generator/bulk',
    '/api/generator/ai-blog',
    '/api/generator/bulk-blog',
    '/api/generator/csv-upload',
    '/api/generator/csv-template',
    '/api/generator/jobs',
    '/api/generator/jobs/:id',
    '/api/generator/log',
  ],
  method: ['GET', 'PUT', 'POST'],
};

const LogQuery = v.object({ limit: limitParam(50, 200) });

/** Queues a job whose recipes take the day's budget now; the budget goes back when queuing fails. */
async function queueBudgeted(db: Db, job: Omit<NewJob, 'budgetDate'>): Promise<GeneratorJob> {
  const day = await claimBudget(db, job.total);
  return createJob(db, { ...job, budgetDate: day }).catch(async (err: unknown) => {
    await releaseBudget(db, job.total, day);
    throw err;
  });
}

const asApiError = (err: unknown) => (err instanceof GenerationError ? err.toApiError() : err);

export default defineRoutes([
  { method: 'GET', path: '/api/ai/models', handler: adminRead(listModels) },
  { method: 'GET', path: '/api/generator/config', handler: adminRead(readGeneratorConfig) },
  {
    method: 'PUT',
    path: '/api/generator/config',
    handler: adminOnly(async (req, _ctx, { db }) => {
      const update = await readJson(req, GeneratorConfigUpdateSchema);
      await updateGeneratorConfig(db, update);
      return json(await readGeneratorConfig(db));
    }),
  },
  {
    method: 'POST',
    path: '/api/generator/recipe',
    handler: adminOnly(async (req, { netlify }, { db }) => {
      const body = await readJson(req, GenerateRecipeRequestSchema);
      const model = await availableModel(db, body.modelId);
      // The whole generation ends well within the synchronous function's time (see syncDeadline);
      // every failure, the deadline's 504 included, gives the reserved recipe back.
      const deadline = syncDeadline();
      const day = await claimBudget(db, 1);
      try {
        const recipe = await generateRecipe(db, { prompt: body.prompt, model, kind: 'recipe', deadline });
        await publish({ reason: `Recipe "${recipe.title}" generated`, recipes: [recipe] }, netlify);
        return json(recipe, { status: 201 });
      } catch (err) {
        await releaseBudget(db, 1, day);
        throw asApiError(err);
      }
    }),
  },
  {
    method: 'POST',
    path: '/api/generator/bulk',
    handler: adminOnly(async (req, { netlify }, { db }) => {
      const body = await readJson(req, BulkRecipesRequestSchema);
      const model = await availableModel(db, body.modelId);
      const job = await queueBudgeted(db, { kind: 'bulk', modelId: model.id, total: body.count });
      await kickWorker(netlify, req);
      return json(acceptedAnswer(job), { status: 202 });
    }),
  },
  {
    method: 'POST',
    path: '/api/generator/ai-blog',
    handler: adminOnly(async (req, { netlify }, { db }) => {
      const body = await readJson(req, GenerateBlogRequestSchema);
      const model = await availableModel(db, body.modelId);
      const deadline = syncDeadline();
      try {
        const post = await generateBlogPost(db, { ...body, model, kind: 'blog', deadline });
        await publish({ reason: `Blog draft "${post.title}" generated`, blog: true }, netlify);
        return json({ ...post, isPublished: false }, { status: 201 });
      } catch (err) {
        throw asApiError(err);
      }
    }),
  },
  {
    method: 'POST',
    path: '/api/generator/bulk-blog',
    handler: adminOnly(async (req, { netlify }, { db }) => {
      const body = await readJson(req, BulkBlogsRequestSchema);
      const model = await availableModel(db, body.modelId);
      const job = await createJob(db, {
        kind: 'bulk-blog',
        modelId: model.id,
        total: body.count,
        params: { tone: body.tone, length: body.length },
      });
      await kickWorker(netlify, req);
      return json({ success: true, ...acceptedAnswer(job) }, { status: 202 });
    }),
  },
  {
    method: 'POST',
    path: '/api/generator/csv-upload',
    handler: adminOnly(async (req, { netlify }, { db }) => {
      const upload = await readCsvUpload(req);
      const parsed = parseTitlesCsv(upload.text);
      await assertGeneratorAvailable(db);
      await assertCsvUploadOn(db);
      const model = await resolveModel(db, upload.modelId);
      const titles: string[] = [];
      const skipped = [...parsed.skipped];
      for (const title of parsed.titles) {
        const clash = await similarRecipe(db, title);
        if (clash) skipped.push({ title, reason: `Already on the site as "${clash.title}"` });
        else titles.push(title);
      }
      if (titles.length === 0) {
        // Nothing new to make: answered at once, no job.
        const nothing: GeneratorJobAccepted = {
          jobId: null,
          total: parsed.total,
          generated: 0,
          skipped: skipped.length,
          failed: 0,
          status: 'done',
          skippedTitles: skipped,
          job: null,
        };
        return json(nothing);
      }
      const job = await queueBudgeted(db, {
        kind: 'csv',
        modelId: model.id,
        total: titles.length,
        params: { titles, file: upload.name.slice(0, 200) },
        skipped,
      });
      await kickWorker(netlify, req);
      return json(acceptedAnswer(job), { status: 202 });
    }),
  },
  {
    method: 'GET',
    path: '/api/generator/csv-template',
    handler: adminOnly(async () => csvDownload(csvTemplate(), 'recipe-titles-template.csv')),
  },
  { method: 'GET', path: '/api/generator/jobs', handler: adminRead((db) => recentJobs(db, 10)) },
  {
    method: 'GET',
    path: '/api/generator/jobs/:id',
    handler: adminOnly(async (_req, { params }, { db }) => {
      const id = pathParam(IdParam, params.id, 'job id');
      const job = await jobById(db, id);
      if (!job) throw notFound('No such generator job.');
      return json(job);
    }),
  },
  {
    method: 'GET',
    path: '/api/generator/log',
    handler: adminOnly(async (_req, { url }, { db }) => {
      const { limit } = parseOrThrow(LogQuery, queryOf(url), 'query');
      const [entries, today, config] = await Promise.all([
        recentGenerations(db, limit),
        generationsToday(db),
        readGeneratorConfig(db),
      ]);
      return json({
        entries,
        today: { ...today, currentCount: config.currentCount, maxPerDay: config.maxPerDay },
      });
    }),
  },
]);
