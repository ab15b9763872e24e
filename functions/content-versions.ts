import type { Db } from '../db/client.ts';
import { adminOnly, adminRead, idOf } from './_shared/admin-routes.ts';
import { blogPostFromRow, blogPostVersionData } from '../db/mappers/blog-post.ts';
import { pageFromRow, pageVersionData } from '../db/mappers/page.ts';
import type { VersionedEntity } from '../db/schema.ts';
import { json, notFound } from './_shared/http.ts';
import { IdParam, pathParam } from './_shared/params.ts';
import { publish, type PublishScope } from './_shared/publish.ts';
import { defineRoutes, type Config, type RouteContext } from './_shared/router.ts';
import { updatePost } from './_shared/services/blog.ts';
import { updatePage } from './_shared/services/pages.ts';
import { recipeById } from './_shared/services/recipe-reads.ts';
import { recipeVersionData, updateRecipe, type WriteOptions } from './_shared/services/recipe-writes.ts';
import { listTrash, restoreFromTrash, type TrashEntry } from './_shared/services/trash.ts';
import { findVersion, listVersions } from './_shared/services/versions.ts';

// "Nothing is lost by a slip", admin only:
// - versions: every update of a recipe, page or blog post keeps the state it replaced (the last
//   20). List them, read one, restore one (the restore is itself an update, so it can be undone).
// - trash: every delete of a recipe, category, page, post or blog category can be undone —
//   POST /api/admin/trash/{trashId}/restore with the `trash.id` the DELETE answered.

export const config: Config = {
  path: [
    '/api/recipes/:id/versions',
    '/api/recipes/:id/versions/:versionId',
    '/api/recipes/:id/versions/:versionId/restore',
    '/api/pages/:id/versions',
    '/api/pages/:id/versions/:versionId',
    '/api/pages/:id/versions/:versionId/restore',
    '/api/blog/posts/:id/versions',
    '/api/blog/posts/:id/versions/:versionId',
    '/api/blog/posts/:id/versions/:versionId/restore',
    '/api/admin/trash',
    '/api/admin/trash/:id/restore',
  ],
  method: ['GET', 'POST'],
};

/** An item's state now, in the shape its versions keep (undefined when it is gone). */
type CurrentData = (db: Db, id: number) => Promise<Record<string, unknown> | undefined>;

const currentRecipe: CurrentData = async (db, id) => {
  const recipe = await recipeById(db, id);
  return recipe && recipeVersionData(recipe);
};
const currentPage: CurrentData = async (db, id) => {
  const row = await db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
  return row && pageVersionData(pageFromRow(row));
};
const currentPost: CurrentData = async (db, id) => {
  const row = await db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
  // The version shape does not use the category's name or slug.
  return row && blogPostVersionData(blogPostFromRow({ ...row, category_name: null, category_slug: null }));
};

/** GET …/:id/versions: the kept states of one item, newest first, with what each differs in now. */
function listVersionsOf(entity: VersionedEntity, current: CurrentData) {
  return adminOnly(async (_req, ctx, { db }) => {
    const id = idOf(ctx);
    return json(await listVersions(db, entity, id, await current(db, id)));
  });
}

/** The version the path names (…/:id/versions/:versionId), 404 when that item has no such version. */
async function versionInPath(db: Db, entity: VersionedEntity, ctx: RouteContext) {
  const id = idOf(ctx);
  const versionId = pathParam(IdParam, ctx.params.versionId, 'versionId');
  const version = await findVersion(db, entity, id, versionId);
  if (!version) throw notFound('Version not found.');
  return { id, version };
}

/** GET …/:id/versions/:versionId: one kept state with its data. */
function versionOf(entity: VersionedEntity) {
  return adminOnly(async (_req, ctx, { db }) => json((await versionInPath(db, entity, ctx)).version));
}

/**
 * POST …/:id/versions/:versionId/restore: the kept state becomes the item again, through the
 * entity's ordinary update (so the restore is versioned and published, and can be undone).
 */
function restoreVersionOf<T>(
  entity: VersionedEntity,
  update: (db: Db, id: number, input: unknown, options: WriteOptions) => Promise<T>,
) {
  return adminOnly(async (_req, ctx, { db, by }) => {
    const { id, version } = await versionInPath(db, entity, ctx);
    return json(await update(db, id, version.data, by));
  });
}

/** What a restored item changed on the site. */
function scopeOfRestore(entry: TrashEntry, row: Record<string, unknown>): PublishScope {
  const reason = `${entry.title} restored from the trash`;
  switch (entry.entity) {
    case 'recipe':
      return {
        reason,
        recipes: [{ id: Number(row.id), slug: String(row.slug), category: String(row.category) }],
      };
    case 'category':
      return { reason, categories: [String(row.slug)] };
    case 'page':
      return row.slug === 'footer' ? { reason, siteWide: true } : { reason, pages: [String(row.slug)] };
    default:
      return { reason, blog: true };
  }
}

export default defineRoutes([
  { method: 'GET', path: '/api/recipes/:id/versions', handler: listVersionsOf('recipe', currentRecipe) },
  { method: 'GET', path: '/api/recipes/:id/versions/:versionId', handler: versionOf('recipe') },
  {
    method: 'POST',
    path: '/api/recipes/:id/versions/:versionId/restore',
    handler: restoreVersionOf('recipe', updateRecipe),
  },
  { method: 'GET', path: '/api/pages/:id/versions', handler: listVersionsOf('page', currentPage) },
  { method: 'GET', path: '/api/pages/:id/versions/:versionId', handler: versionOf('page') },
  {
    method: 'POST',
    path: '/api/pages/:id/versions/:versionId/restore',
    handler: restoreVersionOf('page', updatePage),
  },
  { method: 'GET', path: '/api/blog/posts/:id/versions', handler: listVersionsOf('post', currentPost) },
  { method: 'GET', path: '/api/blog/posts/:id/versions/:versionId', handler: versionOf('post') },
  {
    method: 'POST',
    path: '/api/blog/posts/:id/versions/:versionId/restore',
    handler: restoreVersionOf('post', updatePost),
  },
  { method: 'GET', path: '/api/admin/trash', handler: adminRead(listTrash) },
  {
    method: 'POST',
    path: '/api/admin/trash/:id/restore',
    handler: adminOnly(async (_req, ctx, { db }) => {
      const { entry, row } = await restoreFromTrash(db, idOf(ctx));
      await publish(scopeOfRestore(entry, row), ctx.netlify);
      return json({ restored: true, entity: entry.entity, id: entry.entityId, title: entry.title });
    }),
  },
]);
