import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';
import type { GenerationKind } from '../../../db/schema.ts';
import { costOf } from '../../../src/lib/schemas/generator-config.ts';
import type { GenerationLogEntry, GenerationToday } from '../../../src/lib/schemas/generation-log.ts';
import { utcDay } from './generator-config.ts';

// One row per generation attempt: model, prompt, tokens in/out, cost from the
// model's costPer1kTokens, duration, and the outcome or the error.

export interface GenerationRecord {
  kind: GenerationKind;
  modelId: string | null;
  costPer1kTokens: number;
  prompt: string | null;
  outcome:
    | { status: 'success'; title: string; id: number | null; slug: string | null }
    | { status: 'error'; error: string };
  promptTokens: number;
  completionTokens: number;
  durationMs: number;
  jobId?: number | null;
}

export async function recordGeneration(db: Db, record: GenerationRecord): Promise<void> {
  const tokens = record.promptTokens + record.completionTokens;
  await db
    .insertInto('generation_log')
    .values({
      kind: record.kind,
      model_id: record.modelId,
      prompt: record.prompt?.slice(0, 2000) || null,
      status: record.outcome.status,
      result_title: record.outcome.status === 'success' ? record.outcome.title : null,
      result_id: record.outcome.status === 'success' ? record.outcome.id : null,
      result_slug: record.outcome.status === 'success' ? record.outcome.slug : null,
      error: record.outcome.status === 'error' ? record.outcome.error.slice(0, 2000) : null,
      tokens,
      prompt_tokens: record.promptTokens,
      completion_tokens: record.completionTokens,
      cost: costOf(tokens, record.costPer1kTokens),
      duration_ms: Math.round(record.durationMs),
      job_id: record.jobId ?? null,
    })
    .execute();
}

export async function recentGenerations(db: Db, limit = 50): Promise<GenerationLogEntry[]> {
  const rows = await db
    .selectFrom('generation_log')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    modelId: r.model_id,
    prompt: r.prompt,
    status: r.status,
    resultTitle: r.result_title,
    resultSlug: r.result_slug,
    promptTokens: r.prompt_tokens,
    completionTokens: r.completion_tokens,
    tokens: r.tokens,
    cost: Number(r.cost),
    durationMs: r.duration_ms,
    error: r.error,
    jobId: r.job_id,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** Today's (UTC) generated recipes and posts, failures, tokens and cost. */
export async function generationsToday(db: Db, now = new Date()): Promise<GenerationToday> {
  const row = await db
    .selectFrom('generation_log')
    .select([
      sql<number>`count(*) FILTER (WHERE status = 'success' AND kind NOT IN ('blog', 'bulk-blog'))::int`.as(
        'recipes',
      ),
      sql<number>`count(*) FILTER (WHERE status = 'success' AND kind IN ('blog', 'bulk-blog'))::int`.as(
        'posts',
      ),
      sql<number>`count(*) FILTER (WHERE status = 'error')::int`.as('failures'),
      sql<number>`coalesce(sum(tokens), 0)::int`.as('tokens'),
      sql<string>`coalesce(sum(cost), 0)`.as('cost'),
    ])
    .where('created_at', '>=', new Date(`${utcDay(now)}T00:00:00Z`))
    .executeTakeFirstOrThrow();
  return {
    recipes: Number(row.recipes),
    posts: Number(row.posts),
    failures: Number(row.failures),
    tokens: Number(row.tokens),
    cost: Number(row.cost),
  };
}
