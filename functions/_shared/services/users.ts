import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';
import { USER_RECORD_COLUMNS, userRecordFromRow, type UserRecord } from '../../../db/mappers/user.ts';

// Accounts in the users table. Usernames and emails are unique case-insensitively (indexes on
// lower(...)); every lookup by name goes through lower() to use them.

export type { UserRecord } from '../../../db/mappers/user.ts';

/** Only the login path ever sees the hash. */
export type UserWithHash = UserRecord & { passwordHash: string };

export async function findUserById(db: Db, id: number): Promise<UserRecord | undefined> {
  const row = await db
    .selectFrom('users')
    .select(USER_RECORD_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? userRecordFromRow(row) : undefined;
}

export async function findUserForLogin(db: Db, username: string): Promise<UserWithHash | undefined> {
  const row = await db
    .selectFrom('users')
    .select([...USER_RECORD_COLUMNS, 'password_hash'])
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row ? { ...userRecordFromRow(row), passwordHash: row.password_hash } : undefined;
}

export async function passwordHashOf(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst();
  return row?.password_hash;
}

/** True when another account already uses this username or email (any letter case). */
export async function usernameOrEmailTaken(db: Db, username: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(sql`lower(username)`, '=', username.toLowerCase()),
        eb(sql`lower(email)`, '=', email.toLowerCase()),
      ]),
    )
    .executeTakeFirst();
  return Boolean(row);
}

// A concurrent sign-up can take the name between check and insert: the same unique_violation.
export { isUniqueViolation } from './slugs.ts';

export async function createUser(
  db: Db,
  input: { username: string; email: string; passwordHash: string },
): Promise<UserRecord> {
  const row = await db
    .insertInto('users')
    .values({ username: input.username, email: input.email, password_hash: input.passwordHash })
    .returning(USER_RECORD_COLUMNS)
    .executeTakeFirstOrThrow();
  return userRecordFromRow(row);
}

/** Ends every session of the user (tokens carry the old version); returns the new version. */
export async function bumpSessionVersion(db: Db, id: number): Promise<number> {
  const row = await db
    .updateTable('users')
    .set({ session_version: sql`session_version + 1` })
    .where('id', '=', id)
    .returning('session_version')
    .executeTakeFirstOrThrow();
  return row.session_version;
}

/** Stores a new password hash and ends every existing session; returns the new session version. */
export async function setPasswordHash(db: Db, id: number, passwordHash: string): Promise<number> {
  const row = await db
    .updateTable('users')
    .set({ password_hash: passwordHash, session_version: sql`session_version + 1` })
    .where('id', '=', id)
    .returning('session_version')
    .executeTakeFirstOrThrow();
  return row.session_version;
}
