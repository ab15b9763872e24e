import { describe, expect, it } from 'vitest';
import blog from '../../functions/blog.ts';
import categories from '../../functions/categories.ts';
import generator from '../../functions/generator.ts';
import pages from '../../functions/pages.ts';
import recipes from '../../functions/recipes.ts';
import settings from '../../functions/settings.ts';
import { useAdminSuite } from '../helpers/admin-session.ts';
import { callRoute, databaseAvailable, engine, unchecked, useTestDatabase } from '../helpers/test-db.ts';

// What the admin reads, the admin can write back: for every entity the dashboard edits, the body
// of its GET is accepted unchanged by its PUT, and the next GET reads the same (apart from the
// fields that say when it was last written).

type Answer = { status: number; body: unknown };

interface Entity {
  name: string;
  /** Finds (and prepares, where the case needs it) the seeded row; answers its GET. */
  find: () => Promise<() => Promise<Answer>>;
  /** The PUT of what the GET answered, to the address its id names. */
  write: (body: Record<string, unknown>) => Promise<Answer>;
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

  const headers = () => ({ cookie: admin.cookie });
  // The body a PUT sends back is the GET's answer as it is, read-only fields and all.
  const sent = <T>(body: Record<string, unknown>) => ({ body: unchecked<T>(body), headers: headers() });
  const idOf = (body: Record<string, unknown>) => ({ id: String(body.id) });

  const recipe = (id: number) => () =>
    callRoute(recipes, 'GET', '/api/recipes/:id', { params: { id }, headers: headers() });
  const putRecipe = (body: Record<string, unknown>) =>
    callRoute(recipes, 'PUT', '/api/recipes/:id', { params: idOf(body), ...sent(body) });
  /** The first recipe, with `changes` made to its row first. */
  const firstRecipe = async (changes: Partial<Record<string, unknown>> = {}) => {
    const { id } = await first('recipes');
    if (Object.keys(changes).length > 0)
      await db().updateTable('recipes').set(changes).where('id', '=', id).execute();
    return recipe(id);
  };

  const entities: Entity[] = [
    { name: 'recipe', find: () => firstRecipe(), write: putRecipe },
    {
      name: 'recipe with no summary and no video',
      find: () =>
        firstRecipe({ summary: null, video_url: null, video_thumbnail: null, video_duration: null }),
      write: putRecipe,
    },
    {
      name: 'recipe with a video',
      find: () =>
        firstRecipe({
          video_url: 'https://videos.example/lassi.mp4',
          video_thumbnail: '/images/recipes/lassi-video.webp',
          video_duration: 95,
        }),
      write: putRecipe,
    },
    {
      name: 'recipe with no cooking (cook time 0)',
      find: async () => {
        const row = await db()
          .selectFrom('recipes')
          .select('id')
          .where('cook_time', '=', 0)
          .orderBy('id')
          .executeTakeFirstOrThrow();
        return recipe(row.id);
      },
      write: putRecipe,
    },
    {
      name: 'category',
      find: async () => {
        const { slug } = await first('categories');
        return () =>
          callRoute(categories, 'GET', '/api/categories/:slug', { params: { slug }, headers: headers() });
      },
      write: (body) =>
        callRoute(categories, 'PUT', '/api/categories/:id', { params: idOf(body), ...sent(body) }),
    },
    {
      name: 'page',
      find: async () => {
        const { slug } = await first('pages', 'about-us');
        return () => callRoute(pages, 'GET', '/api/pages/:slug', { params: { slug }, headers: headers() });
      },
      write: (body) => callRoute(pages, 'PUT', '/api/pages/:id', { params: idOf(body), ...sent(body) }),
    },
    {
      name: 'footer (its content as the JSON string GET gives)',
      find: async () => () => callRoute(pages, 'GET', '/api/pages/footer', { headers: headers() }),
      write: (body) => callRoute(pages, 'PUT', '/api/pages/footer', sent(body)),
      compare: (body) => ({ ...body, content: JSON.parse(String(body.content)) as unknown }),
    },
    {
      name: 'blog post',
      find: async () => {
        const { slug } = await first('blog_posts');
        return () =>
          callRoute(blog, 'GET', '/api/blog/posts/:slug', { params: { slug }, headers: headers() });
      },
      write: (body) => callRoute(blog, 'PUT', '/api/blog/posts/:id', { params: idOf(body), ...sent(body) }),
    },
    {
      name: 'blog category',
      find: async () => () => callRoute(blog, 'GET', '/api/blog/categories', { headers: headers() }),
      pick: (list) => list[0]!,
      write: (body) =>
        callRoute(blog, 'PUT', '/api/blog/categories/:id', { params: idOf(body), ...sent(body) }),
    },
    {
      name: 'settings',
      find: async () => () => callRoute(settings, 'GET', '/api/settings', { headers: headers() }),
      write: (body) => callRoute(settings, 'PUT', '/api/settings', sent(body)),
    },
    {
      name: 'generator config',
      find: async () => () => callRoute(generator, 'GET', '/api/generator/config', { headers: headers() }),
      write: (body) => callRoute(generator, 'PUT', '/api/generator/config', sent(body)),
    },
  ];

  it.each(entities)('$name: the GET body is accepted by PUT and read back unchanged', async (entity) => {
    const get = await entity.find();
    const readOne = async () => {
      const res = await get();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = entity.pick ? entity.pick(res.body as Record<string, unknown>[]) : res.body;
      expect(body).toBeTruthy();
      return body as Record<string, unknown>;
    };
    const before = await readOne();
    const put = await entity.write(before);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const after = await readOne();
    const compared = entity.compare ?? ((body) => body);
    expect(withoutStamps(compared(after))).toEqual(withoutStamps(compared(before)));
  });
});
