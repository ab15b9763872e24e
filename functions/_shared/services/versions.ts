import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/client.ts';
import { isoTimestamp } from '../../../db/mappers/timestamp.ts';
import type { Database, VersionedEntity } from '../../../db/schema.ts';
import type { Version, VersionSummary } from '../../../src/lib/api/answers.ts';
import { compareVersion } from '../../../src/lib/version-changes.ts';

// Earlier states of recipes, pages and blog posts. An update records the
// state it replaces, in the same transaction; the newest 20 per item are kept.

/** How many earlier states each item keeps. */
export const VERSIONS_KEPT = 20;

export type { Version, VersionSummary };

/** Records the state an update is about to replace, and drops states beyond the newest 20. */
export async function keepVersion(
  trx: Transaction<Database>,
  entity: VersionedEntity,
  entityId: number,
  previous: { title: string; data: Record<string, unknown> },
  author: string,
): Promise<void> {
  await trx
    .insertInto('content_versions')
    .values({
      entity,
      entity_id: entityId,
      title: previous.title,
      data: JSON.stringify(previous.data),
      author,
    })
    .execute();
  await sql`
    DELETE FROM content_versions WHERE entity = ${entity} AND entity_id = ${entityId} AND id NOT IN (
      SELECT id FROM content_versions WHERE entity = ${entity} AND entity_id = ${entityId}
      ORDER BY id DESC LIMIT ${VERSIONS_KEPT})`.execute(trx);
}

/**
 * The kept states of one item, newest first, each with what it differs in from `current` (the
 * item's state now, in the same shape), without their data.
 */
export async function listVersions(
  db: Db,
  entity: VersionedEntity,
  entityId: number,
  current: Record<string, unknown> | undefined,
): Promise<VersionSummary[]> {
  const rows = await db
    .selectFrom('content_versions')
    .select(['id', 'title', 'author', 'created_at', 'data'])
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('id', 'desc')
    .limit(VERSIONS_KEPT)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    author: r.author,
    createdAt: isoTimestamp(r.created_at),
    changes: current ? compareVersion(versionData(r.data), current) : [],
  }));
}

function versionData(data: unknown): Record<string, unknown> {
  return typeof data === 'string' ? JSON.parse(data) : (data as Record<string, unknown>);
}

/** One kept state with its data, if it belongs to that item. */
export async function findVersion(
  db: Db,
  entity: VersionedEntity,
  entityId: number,
  versionId: number,
): Promise<Version | undefined> {
  const row = await db
    .selectFrom('content_versions')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .where('id', '=', versionId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    createdAt: isoTimestamp(row.created_at),
    data: versionData(row.data),
  };
}
