import type { UserRow } from '../schema.ts';
import type { SessionUser } from '../../src/lib/schemas/user.ts';

// users rows ↔ the account a request acts as, and the public user (src/lib/schemas/user.ts).

/** What the server knows of a signed-in user: the public user plus session version and goal. */
export type UserRecord = SessionUser & { sessionVersion: number; calorieGoal: number };

/** The columns userRecordFromRow reads: never the password hash. */
export const USER_RECORD_COLUMNS = [
  'id',
  'username',
  'email',
  'session_version',
  'calorie_goal',
] as const satisfies readonly (keyof UserRow)[];

export function userRecordFromRow(row: Pick<UserRow, (typeof USER_RECORD_COLUMNS)[number]>): UserRecord {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    sessionVersion: row.session_version,
    calorieGoal: row.calorie_goal,
  };
}

/** What the API tells the browser about a user: never the hash or the session version. */
export const publicUser = (user: SessionUser): SessionUser => ({
  id: user.id,
  username: user.username,
  email: user.email,
});
