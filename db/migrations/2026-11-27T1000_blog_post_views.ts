import { sql, type Kysely } from 'kysely';

// Who has been counted as reading a blog post today: one row per post, visitor and day, where the
// visitor is a keyed hash of the address, browser and day (nothing that names a person is kept,
// and yesterday's hashes cannot be linked to today's). The primary key makes the second view of
// the day a no-op; old days are pruned as views come in.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE blog_post_views (
      post_id integer NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
      visitor text NOT NULL,
      day date NOT NULL,
      PRIMARY KEY (post_id, visitor, day)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE blog_post_views`.execute(db);
}
