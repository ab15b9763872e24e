import { sql, type Kysely } from 'kysely';

// What the owner needs to keep a newsletter list lawfully: when each address gave its consent, on
// which page the form was, and whether the address confirmed it (double opt-in, when the site can
// send mail). Addresses already on the list joined by single opt-in, so they count as confirmed
// from the time they signed up.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE newsletter_subscribers
      ADD COLUMN consented_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN source_page text CHECK (char_length(source_page) <= 500),
      ADD COLUMN status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('pending', 'confirmed')),
      ADD COLUMN confirmed_at timestamptz`.execute(db);
  await sql`UPDATE newsletter_subscribers SET consented_at = created_at, confirmed_at = created_at`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE newsletter_subscribers
      DROP COLUMN consented_at, DROP COLUMN source_page, DROP COLUMN status, DROP COLUMN confirmed_at`.execute(
    db,
  );
}
