import { sql, type Kysely } from 'kysely';

// The AI generator (docs/DECISIONS.md "Admin, images and the generator"). The initial schema has the config
// row, the models and the log; this adds what running it needs:
// - the current models (a database seeded before this migration has only two) and the
//   default schedule hours (0, 3, 6, … 21 UTC);
// - the scheduled run's lock and the hour it last ran, so overlapping or repeated invocations in
//   one hour do nothing;
// - tokens in/out and duration in the log (cost comes from the model's costPer1kTokens);
// - generator_jobs: long work (bulk, bulk blog, CSV, scheduled batches) as a row drained by a
//   worker, with its progress (done / failed / total and each failure's reason) in the row, so
//   it survives a reload and outlives a synchronous function's time limit.

const MODELS = [
  { id: 'gpt-4o', name: 'GPT-4o', cost: 0.005, isDefault: true },
  { id: 'gpt-4o-mini', name: 'GPT-4o mini', cost: 0.0006, isDefault: false },
  { id: 'gpt-4.1', name: 'GPT-4.1', cost: 0.004, isDefault: false },
  { id: 'gpt-4.1-mini', name: 'GPT-4.1 mini', cost: 0.0008, isDefault: false },
  { id: 'gpt-4.1-nano', name: 'GPT-4.1 nano', cost: 0.0002, isDefault: false },
  { id: 'o4-mini', name: 'o4-mini', cost: 0.0022, isDefault: false },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('ai_models')
    .values(
      MODELS.map((m) => ({ id: m.id, name: m.name, cost_per_1k_tokens: m.cost, is_default: m.isDefault })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  // At most one default model.
  await sql`CREATE UNIQUE INDEX ai_models_one_default ON ai_models ((true)) WHERE is_default`.execute(db);

  await db
    .insertInto('generator_config')
    .values({ id: 1 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await sql`ALTER TABLE generator_config ALTER COLUMN schedule_hours SET DEFAULT '{0,3,6,9,12,15,18,21}'`.execute(
    db,
  );
  await sql`UPDATE generator_config SET schedule_hours = '{0,3,6,9,12,15,18,21}' WHERE schedule_hours = '{}'`.execute(
    db,
  );
  await db.schema
    .alterTable('generator_config')
    // The UTC hour (truncated timestamp) of the last scheduled batch: one batch per hour.
    .addColumn('last_scheduled_hour', 'timestamptz')
    // A scheduled run holds this until it ends (or the lease expires, if it died).
    .addColumn('run_lock_until', 'timestamptz')
    .addColumn('run_lock_owner', 'text')
    .execute();
  await sql`ALTER TABLE generator_config ADD CONSTRAINT generator_config_hours_in_day
    CHECK (schedule_hours <@ '{0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23}'::integer[])`.execute(
    db,
  );

  await sql`ALTER TABLE generation_log DROP CONSTRAINT IF EXISTS generation_log_kind_check`.execute(db);
  await sql`ALTER TABLE generation_log ADD CONSTRAINT generation_log_kind_check
    CHECK (kind IN ('recipe', 'blog', 'bulk', 'bulk-blog', 'csv', 'scheduled'))`.execute(db);
  await db.schema
    .alterTable('generation_log')
    .addColumn('prompt_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completion_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('job_id', 'integer')
    .addColumn('result_id', 'integer')
    .addColumn('result_slug', 'text')
    .execute();
  await sql`CREATE INDEX generation_log_created_idx ON generation_log (created_at DESC)`.execute(db);

  await db.schema
    .createTable('generator_jobs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind IN ('bulk', 'bulk-blog', 'csv', 'scheduled')`),
    )
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`status IN ('queued', 'running', 'done', 'failed')`),
    )
    .addColumn('model_id', 'text')
    // What each item needs: CSV titles, blog tone and length.
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('total', 'integer', (c) => c.notNull().check(sql`total BETWEEN 0 AND 1000`))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    // [{item, reason}] for every failed item; [{id, slug, title}] for every created one.
    .addColumn('failures', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('results', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // The UTC day whose budget the job's recipes were counted against (failures give theirs back).
    .addColumn('budget_date', 'date')
    .addColumn('error', 'text')
    .addColumn('worker', 'text')
    .addColumn('heartbeat_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addCheckConstraint('generator_jobs_progress', sql`done >= 0 AND failed >= 0 AND done + failed <= total`)
    .execute();
  await sql`CREATE INDEX generator_jobs_open_idx ON generator_jobs (id) WHERE status IN ('queued', 'running')`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('generator_jobs').ifExists().execute();
  await sql`DROP INDEX IF EXISTS generation_log_created_idx`.execute(db);
  await db.schema
    .alterTable('generation_log')
    .dropColumn('prompt_tokens')
    .dropColumn('completion_tokens')
    .dropColumn('duration_ms')
    .dropColumn('job_id')
    .dropColumn('result_id')
    .dropColumn('result_slug')
    .execute();
  await sql`ALTER TABLE generator_config DROP CONSTRAINT IF EXISTS generator_config_hours_in_day`.execute(db);
  await db.schema
    .alterTable('generator_config')
    .dropColumn('last_scheduled_hour')
    .dropColumn('run_lock_until')
    .dropColumn('run_lock_owner')
    .execute();
  await sql`DROP INDEX IF EXISTS ai_models_one_default`.execute(db);
}
