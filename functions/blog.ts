import * as v from 'valibot';
import { getDb } from '../db/client.ts';
import { BLOG_TAG } from './_shared/cache/areas.ts';
import { areaPolicy } from './_shared/cache/policies.ts';
import { publicOrAdmin } from './_shared/admin-reads.ts';
import { createWith, trashWith, updateWith } from './_shared/admin-routes.ts';
import { json, notFound, parseOrThrow, queryOf } from './_shared/http.ts';
import { limitParam, OffsetParam, pathParam, SlugParam } from './_shared/params.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import { clientIp, throttle, type WindowLimit } from './_shared/rate-limit.ts';
import { sessionKey } from './_shared/session.ts';
import { countPostView, isRobotAgent, viewDay, visitorKey } from './_shared/services/blog-views.ts';
import {
  createBlogCategory,
  createPost,
  deleteBlogCategory,
  deletePost,
  listBlogCategories,
  listPosts,
  postBySlug,
  updateBlogCategory,
  updatePost,
} from './_shared/services/blog.ts';

// The blog: posts and blog categories. Reads are public (the
// admin also sees drafts, uncached); writes are the admin's, except a reader's view beacon.

export const config: Config = {
  path: [
    '/api/blog/posts',
    '/api/blog/posts/:slug',
    '/api/blog/posts/:id',
    '/api/blog/posts/:slug/view',
    '/api/blog/categories',
    '/api/blog/categories/:id',
  ],
  method: ['GET', 'POST', 'PUT', 'DELETE'],
};

const POST_BODY_BYTES = 512 * 1024;
/** View beacons one address may send an hour (a reader opens a few dozen posts at most). */
const VIEW_BEACON_LIMIT: WindowLimit = { max: 120, windowSeconds: 60 * 60 };
const PostQuery = v.object({
  limit: limitParam(50, 200),
  offset: OffsetParam,
  category: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(120))),
});

export default defineRoutes([
  {
    method: 'GET',
    path: '/api/blog/posts',
    handler: publicOrAdmin('pages', async (_req, { url }, viewer) => {
      const query = parseOrThrow(PostQuery, queryOf(url), 'query');
      const posts = await listPosts(getDb(), { ...query, drafts: viewer.admin });
      return json(posts, viewer.admin ? {} : { cache: areaPolicy('pages', BLOG_TAG) });
    }),
  },
  {
    method: 'GET',
    path: '/api/blog/posts/:slug',
    handler: publicOrAdmin('pages', async (_req, { params }, viewer) => {
      const slug = pathParam(SlugParam, params.slug, 'slug');
      const post = await postBySlug(getDb(), slug, { drafts: viewer.admin });
      if (!post) throw notFound('Blog post not found.');
      return json(post, viewer.admin ? {} : { cache: areaPolicy('pages', BLOG_TAG) });
    }),
  },
  { method: 'POST', path: '/api/blog/posts', handler: createWith(createPost, POST_BODY_BYTES) },
  {
    method: 'POST',
    path: '/api/blog/posts/:slug/view',
    handler: async (req, { params, netlify }) => {
      const db = getDb();
      const slug = pathParam(SlugParam, params.slug, 'slug');
      const userAgent = req.headers.get('user-agent');
      if (isRobotAgent(userAgent)) return json({ counted: false });
      const ip = clientIp(req, netlify);
      await throttle(db, `blog-view:ip:${ip}`, VIEW_BEACON_LIMIT, 'Too many page views from this address.');
      const day = viewDay();
      const result = await countPostView(db, slug, visitorKey(sessionKey(), ip, userAgent!, day), day);
      if (!result) throw notFound('Blog post not found.');
      return json(result);
    },
  },
  { method: 'PUT', path: '/api/blog/posts/:id', handler: updateWith(updatePost, POST_BODY_BYTES) },
  { method: 'DELETE', path: '/api/blog/posts/:id', handler: trashWith(deletePost) },
  {
    method: 'GET',
    path: '/api/blog/categories',
    handler: publicOrAdmin('pages', async (_req, _ctx, viewer) => {
      const categories = await listBlogCategories(getDb(), { drafts: viewer.admin });
      return json(categories, viewer.admin ? {} : { cache: areaPolicy('pages', BLOG_TAG) });
    }),
  },
  { method: 'POST', path: '/api/blog/categories', handler: createWith(createBlogCategory) },
  { method: 'PUT', path: '/api/blog/categories/:id', handler: updateWith(updateBlogCategory) },
  { method: 'DELETE', path: '/api/blog/categories/:id', handler: trashWith(deleteBlogCategory) },
]);
