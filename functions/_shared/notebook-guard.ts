import { getDb } from '../../db/client.ts';
import { throttle, type WindowLimit } from './rate-limit.ts';
import type { UserRecord } from './services/users.ts';
import { requireUser } from './session.ts';

// The signed-in guard of the cook's notebook (collections, notes, cooking log, meal plan):
// every route needs a session, and writes are counted per account so one script cannot flood
// the database — generous for a person (a busy evening of planning is a few hundred writes).

/** Notebook writes per account. */
export const NOTEBOOK_WRITE_LIMIT: WindowLimit = { max: 600, windowSeconds: 60 * 60 };

export const LOGIN_FOR_NOTEBOOK = 'Please log in to use your cook’s notebook';

/** The signed-in cook of a read. */
export function notebookReader(req: Request): Promise<UserRecord> {
  return requireUser(req, LOGIN_FOR_NOTEBOOK);
}

/** The signed-in cook of a write, refused with 429 past the hourly limit. */
export async function notebookWriter(req: Request): Promise<UserRecord> {
  const user = await requireUser(req, LOGIN_FOR_NOTEBOOK);
  await throttle(getDb(), `notebook:${user.id}`, NOTEBOOK_WRITE_LIMIT, 'You have made a lot of changes.');
  return user;
}
