import { sql, type Selectable } from 'kysely';
import * as v from 'valibot';
import type { Db } from '../../../db/client.ts';
import type { PublishRequestsTable } from '../../../db/schema.ts';
import { emptyPendingScope, mergeScope } from '../../../src/lib/publish-scope.ts';
import {
  PendingScopeSchema,
  type PendingScope,
  type PublishScope,
  type PublishStatus,
} from '../../../src/lib/schemas/publish.ts';

// The publish requests in the database (docs/DECISIONS.md "Publishing"). Writes fold into the one pending request
// (a partial unique index keeps it one); a build claims it, then finishes or fails it (another
// partial unique index keeps builds to one at a time). Every step is one statement or one short
// transaction, so function instances, the local server and the Netlify build agree without
// sharing memory. Asking for a build (the hook call) is in ./publish-hook-calls.ts, Netlify's
// deploys claiming and finishing a request in ./publish-deploys.ts.

type Row = Selectable<PublishRequestsTable>;

export interface PublishRequest {
  id: number;
  scope: PendingScope;
  requestedAt: Date;
  lastRequestedAt: Date;
  /** False while only rating changes wait in it. */
  content: boolean;
  hookCalledAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
  error: string | null;
  builder: string | null;
}

/** A build that has not reported back after this long is taken for dead (Netlify stops builds at 15 min by default). */
export const BUILD_STALE_MINUTES = 30;
/**
 * When a builder (the local server, or the build a Netlify build hook started) starts building
 * the pending request: once it has been quiet for `quietMs` (or has waited `maxWaitMs` under a
 * steady stream of writes), and never sooner than `minIntervalMs` after the previous build
 * started. Any burst of writes within `minIntervalMs` is therefore at most two builds — and, as
 * publish() calls the hook once per request, at most two hook calls.
 */
export interface PublishTiming {
  quietMs: number;
  maxWaitMs: number;
  minIntervalMs: number;
}
export const PUBLISH_TIMING: PublishTiming = { quietMs: 1000, maxWaitMs: 10_000, minIntervalMs: 10_000 };

/** Finished requests kept for the dashboard's history. */
const KEEP_FINISHED = 100;

/** A request as its row says, its scope checked (a row from elsewhere becomes a full rebuild). */
export function toRequest(row: Row): PublishRequest {
  const parsed = v.safeParse(PendingScopeSchema, row.scope);
  return {
    id: row.id,
    // A row written by an older version, or edited by hand, becomes a full rebuild.
    scope: parsed.success ? parsed.output : { ...emptyPendingScope(), siteWide: true, reasons: ['Publish'] },
    requestedAt: row.requested_at,
    lastRequestedAt: row.last_requested_at,
    content: row.content,
    hookCalledAt: row.hook_called_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    error: row.error,
    builder: row.builder,
  };
}

/**
 * Folds a write into the pending request (creating it when none waits) and returns it.
 * `content: false` marks a rating change, which waits for the next publish.
 */
export async function recordPublishRequest(
  db: Db,
  scope: PublishScope,
  options: { content: boolean },
): Promise<PublishRequest> {
  return db.transaction().execute(async (trx) => {
    // The upsert locks the pending row until commit, so concurrent writers merge one after another.
    const { rows } = await sql<Row>`
      INSERT INTO publish_requests (scope, content)
      VALUES (${JSON.stringify(emptyPendingScope())}::jsonb, ${options.content})
      ON CONFLICT ((true)) WHERE started_at IS NULL
      DO UPDATE SET last_requested_at = now()
      RETURNING *`.execute(trx);
    const pending = toRequest(rows[0]!);
    const updated = await trx
      .updateTable('publish_requests')
      .set({
        scope: JSON.stringify(mergeScope(pending.scope, scope)),
        content: pending.content || options.content,
        last_requested_at: sql`now()`,
      })
      .where('id', '=', pending.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRequest(updated);
  });
}

/** The waiting request, if any. */
export async function pendingRequest(db: Db): Promise<PublishRequest | undefined> {
  const row = await db
    .selectFrom('publish_requests')
    .selectAll()
    .where('started_at', 'is', null)
    .executeTakeFirst();
  return row ? toRequest(row) : undefined;
}

/** The build in progress, if any. */
export async function runningRequest(db: Db): Promise<PublishRequest | undefined> {
  const row = await db
    .selectFrom('publish_requests')
    .selectAll()
    .where('started_at', 'is not', null)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  return row ? toRequest(row) : undefined;
}

export type ClaimResult =
  | { kind: 'claimed'; request: PublishRequest }
  /** Another build is running; try again when it ends. */
  | { kind: 'busy'; running: PublishRequest | undefined }
  /** Nothing waits to be built. */
  | { kind: 'idle' };

/**
 * Starts the build of the pending request: only one build runs at a time (the database refuses
 * a second). `requestedOnly` leaves rating changes that wait for the next publish alone.
 */
export async function claimPendingRequest(
  db: Db,
  builder: string,
  options: { requestedOnly: boolean } = { requestedOnly: true },
): Promise<ClaimResult> {
  await expireStaleBuilds(db);
  try {
    const row = await db
      .updateTable('publish_requests')
      .set({ started_at: sql`now()`, builder, error: null })
      .where('started_at', 'is', null)
      .$if(options.requestedOnly, (qb) =>
        qb.where((eb) => eb.or([eb('content', '=', true), eb('hook_called_at', 'is not', null)])),
      )
      .returningAll()
      .executeTakeFirst();
    return row ? { kind: 'claimed', request: toRequest(row) } : { kind: 'idle' };
  } catch (err) {
    if ((err as { code?: string }).code === '23505')
      return { kind: 'busy', running: await runningRequest(db) };
    throw err;
  }
}

/**
 * Milliseconds until the pending request is due for its build (0: now), or undefined when no
 * request waits for one. Computed by the database, so every builder reads the same clock.
 */
export async function msUntilBuild(
  db: Db,
  timing: PublishTiming = PUBLISH_TIMING,
): Promise<number | undefined> {
  const ms = (n: number) => sql`make_interval(secs => ${n / 1000})`;
  const row = await db
    .selectFrom('publish_requests as p')
    .select(
      sql<number>`greatest(0, ceil(1000 * extract(epoch FROM greatest(
        least(p.last_requested_at + ${ms(timing.quietMs)}, p.requested_at + ${ms(timing.maxWaitMs)}),
        coalesce((SELECT max(started_at) FROM publish_requests), '-infinity'::timestamptz) + ${ms(timing.minIntervalMs)}
      ) - now())))::float8`.as('wait'),
    )
    .where('p.started_at', 'is', null)
    .where((eb) => eb.or([eb('p.content', '=', true), eb('p.hook_called_at', 'is not', null)]))
    .executeTakeFirst();
  return row ? Number(row.wait) : undefined;
}

/**
 * Waits until the pending request is due (see PublishTiming) and claims it for `builder`;
 * undefined when nothing waits (or `stopped()` says to give up). A running build elsewhere is
 * waited out: builds never overlap.
 */
export async function claimWhenDue(
  db: Db,
  builder: string,
  options: { sleep: (ms: number) => Promise<void>; stopped?: () => boolean; timing?: PublishTiming },
): Promise<PublishRequest | undefined> {
  while (!options.stopped?.()) {
    const wait = await msUntilBuild(db, options.timing);
    if (wait === undefined) return undefined;
    if (wait > 0) {
      await options.sleep(wait);
      continue;
    }
    const claim = await claimPendingRequest(db, builder);
    if (claim.kind === 'claimed') return claim.request;
    if (claim.kind === 'busy') await options.sleep(1000);
  }
  return undefined;
}

/** Records the end of a build: live, or failed with its error (the previous site keeps serving). */
export async function finishRequest(db: Db, requestId: number, error?: string): Promise<void> {
  await db
    .updateTable('publish_requests')
    .set({ finished_at: sql`now()`, error: error ? error.slice(0, 2000) : null })
    .where('id', '=', requestId)
    .where('finished_at', 'is', null)
    .execute();
  await pruneFinished(db);
}

/**
 * Ends builds that never reported back (a crashed server, a killed deploy) as failed and puts
 * what they carried back into the pending request, so no write is lost. `builder` limits it to
 * one builder's builds (the local server at start-up: any build it ran is over).
 */
export async function requeueUnfinished(
  db: Db,
  message: string,
  options: { builder?: string; olderThanMinutes?: number } = {},
): Promise<number> {
  const stale = await db
    .selectFrom('publish_requests')
    .selectAll()
    .where('started_at', 'is not', null)
    .where('finished_at', 'is', null)
    .$if(options.builder !== undefined, (qb) => qb.where('builder', '=', options.builder!))
    .$if(options.olderThanMinutes !== undefined, (qb) =>
      qb.where('started_at', '<', sql<Date>`now() - make_interval(mins => ${options.olderThanMinutes})`),
    )
    .execute();
  for (const row of stale) {
    const request = toRequest(row);
    await finishRequest(db, request.id, message);
    await recordPublishRequest(
      db,
      {
        reason: `Retry: ${request.scope.reasons[0] ?? 'publish'}`,
        recipes: request.scope.recipes,
        categories: request.scope.categories,
        pages: request.scope.pages,
        blog: request.scope.blog,
        siteWide: request.scope.siteWide,
      },
      { content: true },
    );
  }
  return stale.length;
}

/** Builds that did not report back within BUILD_STALE_MINUTES: failed, and what they carried queued again. */
export function expireStaleBuilds(db: Db): Promise<number> {
  return requeueUnfinished(
    db,
    `The build did not report back within ${BUILD_STALE_MINUTES} minutes and is taken as failed.`,
    { olderThanMinutes: BUILD_STALE_MINUTES },
  );
}

async function pruneFinished(db: Db): Promise<void> {
  await db
    .deleteFrom('publish_requests')
    .where('finished_at', 'is not', null)
    .where(
      'id',
      'not in',
      db
        .selectFrom('publish_requests')
        .select('id')
        .where('finished_at', 'is not', null)
        .orderBy('id', 'desc')
        .limit(KEEP_FINISHED),
    )
    .execute();
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The dashboard's view: publishing (waiting or building), live, or failed, with times. */
export async function publishStatus(db: Db): Promise<PublishStatus> {
  const [pending, running, latest, lastLive] = await Promise.all([
    pendingRequest(db),
    runningRequest(db),
    db
      .selectFrom('publish_requests')
      .selectAll()
      .where('finished_at', 'is not', null)
      .orderBy('finished_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('publish_requests')
      .select('finished_at')
      .where('finished_at', 'is not', null)
      .where('error', 'is', null)
      .orderBy('finished_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const waiting = pending && (pending.content || pending.hookCalledAt) ? pending : undefined;
  const hookError = waiting && !waiting.hookCalledAt && waiting.error ? waiting.error : null;
  const current = running ?? waiting;
  const state = hookError || (!current && latest?.error) ? 'failed' : current ? 'publishing' : 'live';
  return {
    state,
    requestedAt: iso(current?.requestedAt),
    startedAt: iso(running?.startedAt),
    // The end of the build this status reports on: none while one waits or runs (the previous
    // build's end would read as finishing before this one started).
    finishedAt: current ? null : iso(latest?.finished_at),
    liveAt: iso(lastLive?.finished_at),
    error: hookError ?? (state === 'failed' ? (latest?.error ?? null) : null),
    reasons: [...(running?.scope.reasons ?? []), ...(waiting?.scope.reasons ?? [])],
    waitingRatings: pending && !waiting ? pending.scope.recipes.length : 0,
  };
}
