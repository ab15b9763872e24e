import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';
import { BUILD_STALE_MINUTES, toRequest, type PublishRequest } from './publishing.ts';

// The asking side of publishing: who calls the build hook for the pending request (one caller
// per request), what happens when the call fails or a build already runs, and the rate-limited
// slots (reviews' rating changes) that decide whether a write asks at all. The requests' own
// life (record, claim, finish) is in ./publishing.ts.

/** A build hook call that no build picked up after this long is made again by the next request. */
export const HOOK_STALE_MINUTES = 15;

/**
 * Marks the pending request's build as requested, for one caller only: the one that gets the
 * request back calls the build hook. A call no build picked up is renewed after HOOK_STALE_MINUTES.
 */
export async function claimHookCall(db: Db, requestId: number): Promise<PublishRequest | undefined> {
  const row = await db
    .updateTable('publish_requests')
    .set({ hook_called_at: sql`now()`, error: null, content: true })
    .where('id', '=', requestId)
    .where('started_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('hook_called_at', 'is', null),
        eb('hook_called_at', '<', sql<Date>`now() - make_interval(mins => ${HOOK_STALE_MINUTES})`),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
  return row ? toRequest(row) : undefined;
}

/** The build hook could not be reached: say so, and let the next write call it again. */
export async function hookCallFailed(db: Db, requestId: number, message: string): Promise<void> {
  await db
    .updateTable('publish_requests')
    .set({ hook_called_at: null, error: message })
    .where('id', '=', requestId)
    .where('started_at', 'is', null)
    .execute();
}

/**
 * Marks the pending request to be built by the next build, without calling the hook: a build is
 * running, and its end (the local builder's loop, Netlify's deploy events) starts the next one.
 */
export async function wantNextBuild(db: Db, requestId: number): Promise<void> {
  await db
    .updateTable('publish_requests')
    .set({ content: true })
    .where('id', '=', requestId)
    .where('started_at', 'is', null)
    .execute();
}

/** Whether a build is running and has not outlived BUILD_STALE_MINUTES. */
export async function buildInProgress(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('publish_requests')
    .select('id')
    .where('started_at', 'is not', null)
    .where('finished_at', 'is', null)
    .where('started_at', '>=', sql<Date>`now() - make_interval(mins => ${BUILD_STALE_MINUTES})`)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses a rate-limited way to publish: true (and the slot taken) when it was last used more
 * than `seconds` ago. One statement, so two instances never both get it.
 */
export async function takePublishSlot(db: Db, name: string, seconds: number): Promise<boolean> {
  const row = await db
    .insertInto('publish_slots')
    .values({ name, used_at: sql`now()` })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ used_at: sql`now()` })
        .where('publish_slots.used_at', '<=', sql<Date>`now() - make_interval(secs => ${seconds})`),
    )
    .returning('name')
    .executeTakeFirst();
  return row !== undefined;
}
