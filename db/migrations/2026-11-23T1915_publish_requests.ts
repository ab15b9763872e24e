import { sql, type Kysely } from 'kysely';

// The publishing pipeline's record (docs/DECISIONS.md "Publishing"). Content writes add to the one pending
// request; a build claims it (started_at), then finishes or fails it. The partial unique
// indexes make "one pending request" and "one build at a time" facts of the database, so
// several function instances and a restarted server neither lose nor double a request.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('publish_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // The merged scope of every write folded into this request (see src/lib/publish-scope.ts).
    .addColumn('scope', 'jsonb', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // False while only rating changes wait in it: those ride on the next publish.
    .addColumn('content', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hook_called_at', 'timestamptz')
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    // A failed build's message (or, on a pending request, why the build hook could not be called).
    .addColumn('error', 'text')
    // Who ran the build: the local server or a Netlify deploy id.
    .addColumn('builder', 'text')
    .addCheckConstraint(
      'publish_requests_started_before_finished',
      sql`finished_at IS NULL OR started_at IS NOT NULL`,
    )
    .execute();
  await sql`CREATE UNIQUE INDEX publish_requests_one_pending ON publish_requests ((true)) WHERE started_at IS NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX publish_requests_one_running ON publish_requests ((true))
    WHERE started_at IS NOT NULL AND finished_at IS NULL`.execute(db);
  await sql`CREATE INDEX publish_requests_finished_idx ON publish_requests (finished_at DESC)
    WHERE finished_at IS NOT NULL AND error IS NULL`.execute(db);

  // When something last used a rate-limited way to publish (reviews: at most once an hour).
  await db.schema
    .createTable('publish_slots')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('used_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('publish_slots').ifExists().execute();
  await db.schema.dropTable('publish_requests').ifExists().execute();
}
