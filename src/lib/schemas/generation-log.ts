import * as v from 'valibot';

// The generator's record: one entry per generation attempt, and the jobs that run
// many of them (bulk, bulk blog, CSV, scheduled batches) with their progress.

export const GENERATION_KINDS = ['recipe', 'blog', 'bulk', 'bulk-blog', 'csv', 'scheduled'] as const;

export const GenerationLogEntrySchema = v.object({
  id: v.number(),
  kind: v.picklist(GENERATION_KINDS),
  modelId: v.nullable(v.string()),
  prompt: v.nullable(v.string()),
  status: v.picklist(['success', 'error']),
  resultTitle: v.nullable(v.string()),
  resultSlug: v.nullable(v.string()),
  promptTokens: v.number(),
  completionTokens: v.number(),
  tokens: v.number(),
  cost: v.number(),
  durationMs: v.number(),
  error: v.nullable(v.string()),
  jobId: v.nullable(v.number()),
  createdAt: v.string(),
});
export type GenerationLogEntry = v.InferOutput<typeof GenerationLogEntrySchema>;

/** Today's totals (UTC day) beside the log. */
export const GenerationTodaySchema = v.object({
  recipes: v.number(),
  posts: v.number(),
  failures: v.number(),
  tokens: v.number(),
  cost: v.number(),
});
export type GenerationToday = v.InferOutput<typeof GenerationTodaySchema>;

export const JOB_KINDS = ['bulk', 'bulk-blog', 'csv', 'scheduled'] as const;
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * A job and its progress. The routes' answer fields are `total` (every item the admin asked for,
 * CSV rows included when skipped), `generated` and `skipped`; `failed` and `pending` complete the
 * sum: total = generated + skipped + failed + pending. `done` is `generated` under its older name.
 */
export const GeneratorJobSchema = v.object({
  id: v.number(),
  kind: v.picklist(JOB_KINDS),
  status: v.picklist(JOB_STATUSES),
  modelId: v.nullable(v.string()),
  total: v.number(),
  generated: v.number(),
  skipped: v.number(),
  failed: v.number(),
  pending: v.number(),
  done: v.number(),
  skippedTitles: v.array(v.object({ title: v.string(), reason: v.string() })),
  failures: v.array(v.object({ item: v.string(), reason: v.string() })),
  results: v.array(v.object({ id: v.number(), slug: v.string(), title: v.string() })),
  error: v.nullable(v.string()),
  createdAt: v.string(),
  startedAt: v.nullable(v.string()),
  finishedAt: v.nullable(v.string()),
});
export type GeneratorJob = v.InferOutput<typeof GeneratorJobSchema>;

/** What the bulk, bulk-blog and CSV routes answer (202 while a job runs): total, generated, skipped plus the job. */
export interface GeneratorJobAccepted {
  jobId: number | null;
  total: number;
  generated: number;
  skipped: number;
  failed: number;
  status: GeneratorJob['status'];
  skippedTitles: { title: string; reason: string }[];
  job: GeneratorJob | null;
}
