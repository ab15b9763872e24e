import type { Db } from '../../../db/client.ts';
import {
  claimPendingRequest,
  finishRequest,
  toRequest,
  type ClaimResult,
  type PublishRequest,
} from './publishing.ts';

// Netlify's side of a build: the deploy claims the pending request under its deploy id before
// `astro build` reads the database, and its deploy event (succeeded or failed) finishes it.

/** The name a Netlify deploy records on the request its build carries. */
export function deployBuilder(deployId: string): string {
  return `netlify:${deployId}`;
}

/**
 * A Netlify build is about to read the database: it carries everything waiting now, rating
 * changes included, as `netlify:{deployId}`. Its deploy event finishes the request.
 */
export function claimForDeploy(db: Db, deployId: string): Promise<ClaimResult> {
  return claimPendingRequest(db, deployBuilder(deployId), { requestedOnly: false });
}

/**
 * A deploy ended (Netlify's deploy-succeeded / deploy-failed events): finishes the request its
 * build claimed, live or failed with the deploy's error. Undefined when that deploy claimed none.
 */
export async function finishDeploy(
  db: Db,
  deployId: string,
  error?: string,
): Promise<PublishRequest | undefined> {
  const row = await db
    .selectFrom('publish_requests')
    .selectAll()
    .where('builder', '=', deployBuilder(deployId))
    .where('started_at', 'is not', null)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  await finishRequest(db, row.id, error);
  return toRequest(row);
}
