import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';
import {
  estimatedDailyOutput,
  type AiModel,
  type GeneratorConfig,
  type GeneratorConfigUpdate,
} from '../../../src/lib/schemas/generator-config.ts';
import { endpointName, imageModel, isConfigured } from '../generator/ai-client.ts';
import { ApiError } from '../http.ts';

// The generator's one config row, its daily budget and the AI models. The budget
// is a counter on the config row for one UTC day: taking from it is one conditional UPDATE, so
// two bulk runs at once can never pass maxPerDay between them (the row lock orders them and the
// second re-checks the condition against the first's result).

/** The UTC calendar day of a moment, as Postgres writes a date. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** The config as GET /api/generator/config returns it; currentCount is 0 on a new UTC day. */
export async function readGeneratorConfig(db: Db, now = new Date()): Promise<GeneratorConfig> {
  const row = await db
    .selectFrom('generator_config')
    .select([
      'is_enabled',
      'max_per_day',
      'scheduling_enabled',
      'schedule_hours',
      'batch_size',
      'csv_upload_enabled',
      'last_scheduled_hour',
      sql<number>`CASE WHEN count_date = ${utcDay(now)}::date THEN current_count ELSE 0 END`.as(
        'today_count',
      ),
    ])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row) throw new ApiError(503, 'The generator settings are missing from the database.');
  const config = {
    isEnabled: row.is_enabled,
    currentCount: Number(row.today_count),
    maxPerDay: row.max_per_day,
    schedulingEnabled: row.scheduling_enabled,
    scheduleHours: [...row.schedule_hours].map(Number).sort((a, b) => a - b),
    batchSize: row.batch_size,
    csvUploadEnabled: row.csv_upload_enabled,
  };
  return {
    ...config,
    estimatedDailyOutput: estimatedDailyOutput(config),
    configured: isConfigured(),
    endpoint: endpointName(),
    imageModel: imageModel(),
    lastScheduledHour: row.last_scheduled_hour ? new Date(row.last_scheduled_hour).toISOString() : null,
  };
}

/** Writes the given settings (the others stay as they are). */
export async function updateGeneratorConfig(db: Db, update: GeneratorConfigUpdate): Promise<void> {
  const set: Record<string, unknown> = {};
  if (update.isEnabled !== undefined) set.is_enabled = update.isEnabled;
  if (update.maxPerDay !== undefined) set.max_per_day = update.maxPerDay;
  if (update.schedulingEnabled !== undefined) set.scheduling_enabled = update.schedulingEnabled;
  if (update.scheduleHours !== undefined)
    set.schedule_hours = sql`${`{${update.scheduleHours.join(',')}}`}::integer[]`;
  if (update.batchSize !== undefined) set.batch_size = update.batchSize;
  if (update.csvUploadEnabled !== undefined) set.csv_upload_enabled = update.csvUploadEnabled;
  await db
    .updateTable('generator_config')
    .set({ ...set, updated_at: sql`now()` })
    .where('id', '=', 1)
    .execute();
}

/** How many recipes may still be generated today. */
export async function remainingBudget(db: Db, now = new Date()): Promise<number> {
  const config = await readGeneratorConfig(db, now);
  return Math.max(0, config.maxPerDay - config.currentCount);
}

/**
 * Takes `count` recipes from today's budget, all or nothing, in one UPDATE. Returns the UTC day
 * charged, or throws 429 with what is left.
 */
export async function claimBudget(db: Db, count: number, now = new Date()): Promise<string> {
  const day = utcDay(now);
  const today = sql<number>`(CASE WHEN count_date = ${day}::date THEN current_count ELSE 0 END)`;
  const row = await db
    .updateTable('generator_config')
    .set({ current_count: sql`${today} + ${count}`, count_date: day, updated_at: sql`now()` })
    .where('id', '=', 1)
    .where(sql<boolean>`${today} + ${count} <= max_per_day`)
    .returning('current_count')
    .executeTakeFirst();
  if (row) return day;
  const config = await readGeneratorConfig(db, now);
  const left = Math.max(0, config.maxPerDay - config.currentCount);
  throw new ApiError(
    429,
    left === 0
      ? `The daily limit of ${config.maxPerDay} generated recipes is reached. Generation resumes after midnight UTC.`
      : `Only ${left} more ${left === 1 ? 'recipe' : 'recipes'} can be generated today (daily limit ${config.maxPerDay}); ask for ${left} or fewer.`,
    { headers: { 'Retry-After': String(secondsToUtcMidnight(now)) } },
  );
}

/** Takes up to `count` from today's budget (a scheduled batch takes what is left); returns how many. */
export async function claimUpTo(
  db: Db,
  count: number,
  now = new Date(),
): Promise<{ day: string; claimed: number }> {
  const day = utcDay(now);
  return db.transaction().execute(async (trx) => {
    // The row lock orders concurrent claims; each sees the count the previous one left.
    const row = await trx
      .selectFrom('generator_config')
      .select([
        'max_per_day',
        sql<number>`CASE WHEN count_date = ${day}::date THEN current_count ELSE 0 END`.as('today_count'),
      ])
      .where('id', '=', 1)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const used = Number(row.today_count);
    const claimed = Math.max(0, Math.min(count, row.max_per_day - used));
    await trx
      .updateTable('generator_config')
      .set({ current_count: used + claimed, count_date: day, updated_at: sql`now()` })
      .where('id', '=', 1)
      .execute();
    return { day, claimed };
  });
}

/** Gives unused budget back (a failed generation) to the day it was taken from. */
export async function releaseBudget(db: Db, count: number, day: string): Promise<void> {
  if (count <= 0) return;
  await db
    .updateTable('generator_config')
    .set({ current_count: sql`GREATEST(0, current_count - ${count})` })
    .where('id', '=', 1)
    .where(sql<boolean>`count_date = ${day}::date`)
    .execute();
}

function secondsToUtcMidnight(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/**
 * Models a local endpoint serves (Ollama, llama.cpp) named in the environment: OPENAI_MODELS
 * ("llama3.1:8b,qwen2.5:7b") adds them to the list at no cost; OPENAI_DEFAULT_MODEL makes one the
 * default (the schedule and the CLI use it).
 */
function environmentModels(): { extra: string[]; defaultId: string | undefined } {
  const extra = (process.env.OPENAI_MODELS ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m && m.length <= 100);
  const defaultId = process.env.OPENAI_DEFAULT_MODEL?.trim() || undefined;
  if (defaultId && !extra.includes(defaultId)) extra.push(defaultId);
  return { extra, defaultId };
}

export async function listModels(db: Db): Promise<AiModel[]> {
  const rows = await db
    .selectFrom('ai_models')
    .select(['id', 'name', 'cost_per_1k_tokens', 'is_default'])
    .orderBy('is_default', 'desc')
    .orderBy('name')
    .execute();
  const models = rows.map((r) => ({
    id: r.id,
    name: r.name,
    costPer1kTokens: Number(r.cost_per_1k_tokens),
    isDefault: r.is_default,
  }));
  const { extra, defaultId } = environmentModels();
  for (const id of extra)
    if (!models.some((m) => m.id === id)) models.push({ id, name: id, costPer1kTokens: 0, isDefault: false });
  if (defaultId) for (const m of models) m.isDefault = m.id === defaultId;
  return models.sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
}

/** The chosen model, or the default one (gpt-4o) when none is named; 400 for an unknown id. */
export async function resolveModel(db: Db, modelId: string | undefined): Promise<AiModel> {
  const models = await listModels(db);
  const model = modelId
    ? models.find((m) => m.id === modelId)
    : (models.find((m) => m.isDefault) ?? models[0]);
  if (!model)
    throw new ApiError(
      400,
      modelId
        ? `Unknown model "${modelId}". Choose one of: ${models.map((m) => m.id).join(', ')}.`
        : 'No AI model is set up in the database.',
    );
  // A model named only in the environment is recorded on first use (the log refers to it).
  if (environmentModels().extra.includes(model.id))
    await db
      .insertInto('ai_models')
      .values({ id: model.id, name: model.name, cost_per_1k_tokens: model.costPer1kTokens })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  return model;
}

/** 409 with `message` unless the admin switched `setting` on in the AI Generator tab. */
async function assertSwitchedOn(
  db: Db,
  setting: 'is_enabled' | 'csv_upload_enabled',
  message: string,
): Promise<void> {
  const row = await db.selectFrom('generator_config').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row?.[setting]) throw new ApiError(409, message);
}

/** 503 when the generator cannot run (no key), 409 when the admin switched it off. */
export async function assertGeneratorAvailable(db: Db): Promise<void> {
  if (!isConfigured()) throw new ApiError(503, 'AI generation is not configured');
  await assertSwitchedOn(
    db,
    'is_enabled',
    'The AI generator is switched off. Turn it on in the AI Generator tab first.',
  );
}

/** The model a generator request asks for, once the generator is known to be available. */
export async function availableModel(db: Db, modelId: string | undefined): Promise<AiModel> {
  await assertGeneratorAvailable(db);
  return resolveModel(db, modelId);
}

/** 409 unless CSV upload is switched on. */
export function assertCsvUploadOn(db: Db): Promise<void> {
  return assertSwitchedOn(
    db,
    'csv_upload_enabled',
    'CSV upload is switched off. Turn it on in the AI Generator tab first.',
  );
}
