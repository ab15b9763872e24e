import * as v from 'valibot';
import { getDb, type Db } from '../../db/client.ts';
import type { Trashed } from '../../src/lib/api/answers.ts';
import { json, type JsonResponse, readJson } from './http.ts';
import { IdParam, pathParam } from './params.ts';
import type { RouteContext } from './router.ts';
import { requireAdmin } from './session.ts';
import type { WriteOptions } from './services/recipe-writes.ts';
import type { TrashEntry } from './services/trash.ts';
import type { UserRecord } from './services/users.ts';

// The admin's routes share one opening: the guard runs first (before a body or a parameter is
// read, so a refused request changes nothing), and every write names the admin as its author.
// The content routes (recipes, categories, pages, blog posts and categories) also share their
// create, update and delete handlers: read the body, call the service, answer.

/** What an admin handler gets besides the request: the database, the admin, and the write options. */
export interface AdminCall {
  db: Db;
  admin: UserRecord;
  /** The service's write options: the admin as author, the request's context for publishing. */
  by: WriteOptions;
}

/** A handler only the admin may call: `requireAdmin` first, then `handle`. */
export function adminOnly<R>(
  handle: (req: Request, ctx: RouteContext, call: AdminCall) => Promise<R>,
): (req: Request, ctx: RouteContext) => Promise<R> {
  return async (req, ctx) => {
    const db = getDb();
    const admin = await requireAdmin(req, db);
    return handle(req, ctx, { db, admin, by: { author: admin.username, context: ctx.netlify } });
  };
}

/** An admin read that needs nothing but the database: its answer as JSON. */
export function adminRead<T>(read: (db: Db) => Promise<T>) {
  return adminOnly(async (_req, _ctx, { db }): Promise<JsonResponse<T>> => json(await read(db)));
}

/** The `:id` of an item's path. */
export const idOf = (ctx: RouteContext): number => pathParam(IdParam, ctx.params.id, 'id');

/** PUT (or POST with `status` 201, a new item): the body (at most `maxBytes`) saved by the service. */
export function saveWith<T>(
  save: (db: Db, input: unknown, options: WriteOptions) => Promise<T>,
  maxBytes?: number,
  status = 200,
) {
  return adminOnly(async (req, _ctx, { db, by }): Promise<JsonResponse<T>> => {
    const input = await readJson(req, v.unknown(), maxBytes);
    return json(await save(db, input, by), { status });
  });
}

/** POST: a new item from the body (at most `maxBytes`), answered 201. */
export const createWith = <T>(
  create: (db: Db, input: unknown, options: WriteOptions) => Promise<T>,
  maxBytes?: number,
) => saveWith(create, maxBytes, 201);

/** PUT …/:id: the item replaced by the body (at most `maxBytes`). */
export function updateWith<T>(
  update: (db: Db, id: number, input: unknown, options: WriteOptions) => Promise<T>,
  maxBytes?: number,
) {
  return adminOnly(async (req, ctx, { db, by }): Promise<JsonResponse<T>> => {
    const id = idOf(ctx);
    const input = await readJson(req, v.unknown(), maxBytes);
    return json(await update(db, id, input, by));
  });
}

/** DELETE …/:id: the item moved to the trash; the answer carries the entry that restores it. */
export function trashWith(remove: (db: Db, id: number, options: WriteOptions) => Promise<TrashEntry>) {
  return adminOnly(async (_req, ctx, { db, by }): Promise<JsonResponse<Trashed>> => {
    const id = idOf(ctx);
    const trash = await remove(db, id, by);
    return json({ deleted: true, id, trash });
  });
}
