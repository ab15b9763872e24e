import { describe, expect, it } from 'vitest';
import blog from '../../functions/blog.ts';
import categories from '../../functions/categories.ts';
import generator from '../../functions/generator.ts';
import pages from '../../functions/pages.ts';
import recipes from '../../functions/recipes.ts';
import settings from '../../functions/settings.ts';
import { as } from '../helpers/accounts.ts';
import { useAdminSuite } from '../helpers/admin-session.ts';
import { call, databaseAvailable, engine, useTestDatabase } from '../helpers/test-db.ts';

// What the admin reads, the admin can write back: for every entity the dashboard edits, the body
// of its GET is accepted unchanged by its PUT, and the next GET reads the same (apart from the
// fields that say when it was last written).

type Handler = Parameters<typeof call>[0];

interface Entity {
  name: string;
  handler: Handler;
  /** The address the GET reads (found from the seeded data). */
  read: () => Promise<string>;
  /** The address the PUT writes, from what the GET answered. */
  write: (body: Record<string, unknown>) => string;
  /** A GET that answers a list: the item to round-trip is picked from it. */
  pick?: (list: Record<string, unknown>[]) => Record<string, unknown>;
  /** The body as compared (the footer's JSON text may be spaced differently once saved). */
  compare?: (body: Record<string, unknown>) => Record<string, unknown>;
}

/** Fields that change on every write by design. */
const STAMPS = ['updatedAt', 'lastScheduledHour'];
const withoutStamps = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([key]) => !STAMPS.includes(key)));

describe.skipIf(!databaseAvailable)(`GET → PUT round trip on ${engine}`, () => {
  const db = useTestDatabase();
  const { admin } = useAdminSuite();

  const first = async (table: 'recipes' | 'categories' | 'pages' | 'blog_posts', where?: string) => {
    let query = db().selectFrom(table).select(['id', 'slug']).orderBy('id');
    if (where) query = query.where('slug', '=', where);
    return query.executeTakeFirstOrThrow();
  };

  const entities: Entity[] = [
    {
      name: 'recipe',
      handler: recipes,
      read: async () => `/api/recipes/${(await first('recipes')).id}`,
      write: (body) => `/api/recipes/${String(body.id)}`,
    },
    {
      name: 'recipe with no summary and no video',
      handler: recipes,
      read: async () => {
        const { id } = await first('recipes');
        await db()
          .updateTable('recipes')
          .set({ summary: null, video_url: null, video_thumbnail: null, video_duration: null })
          .where('id', '=', id)
          .execute();
        return `/api/recipes/${id}`;
      },
      write: (body) => `/api/recipes/${String(body.id)}`,
    },
    {
      name: 'recipe with a video',
      handler: recipes,
      read: async () => {
        const { id } = await first('recipes');
        await db()
          .updateTable('recipes')
          .set({
            video_url: 'https://videos.example/lassi.mp4',
            video_thumbnail: '/images/recipes/lassi-video.webp',
            video_duration: 95,
          })
          .where('id', '=', id)
          .execute();
        return `/api/recipes/${id}`;
      },
      write: (body) => `/api/recipes/${String(body.id)}`,
    },
    {
      name: 'recipe with no cooking (cook time 0)',
      handler: recipes,
      read: async () => {
        const row = await db()
          .selectFrom('recipes')
          .select('id')
          .where('cook_time', '=', 0)
          .orderBy('id')
          .executeTakeFirstOrThrow();
        return `/api/recipes/${row.id}`;
      },
      write: (body) => `/api/recipes/${String(body.id)}`,
    },
    {
      name: 'category',
      handler: categories,
      read: async () => `/api/categories/${(await first('categories')).slug}`,
      write: (body) => `/api/categories/${String(body.id)}`,
    },
    {
      name: 'page',
      handler: pages,
      read: async () => `/api/pages/${(await first('pages', 'about-us')).slug}`,
      write: (body) => `/api/pages/${String(body.id)}`,
    },
    {
      name: 'footer (its content as the JSON string GET gives)',
      handler: pages,
      read: async () => '/api/pages/footer',
      write: () => '/api/pages/footer',
      compare: (body) => ({ ...body, content: JSON.parse(String(body.content)) as unknown }),
    },
    {
      name: 'blog post',
      handler: blog,
      read: async () => `/api/blog/posts/${(await first('blog_posts')).slug}`,
      write: (body) => `/api/blog/posts/${String(body.id)}`,
    },
    {
      name: 'blog category',
      handler: blog,
      read: async () => '/api/blog/categories',
      pick: (list) => list[0]!,
      write: (body) => `/api/blog/categories/${String(body.id)}`,
    },
    {
      name: 'settings',
      handler: settings,
      read: async () => '/api/settings',
      write: () => '/api/settings',
    },
    {
      name: 'generator config',
      handler: generator,
      read: async () => '/api/generator/config',
      write: () => '/api/generator/config',
    },
  ];

  it.each(entities)('$name: the GET body is accepted by PUT and read back unchanged', async (entity) => {
    const path = await entity.read();
    const readOne = async () => {
      const res = await call(entity.handler, path, as(admin));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = entity.pick ? entity.pick(res.body) : res.body;
      expect(body).toBeTruthy();
      return body as Record<string, unknown>;
    };
    const before = await readOne();
    const put = await call(entity.handler, entity.write(before), as(admin, { method: 'PUT', json: before }));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const after = entity.pick
      ? entity.pick((await call(entity.handler, path, as(admin))).body)
      : await readOne();
    const compared = entity.compare ?? ((body) => body);
    expect(withoutStamps(compared(after))).toEqual(withoutStamps(compared(before)));
  });
});
