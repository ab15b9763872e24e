import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../helpers/local-server.ts';
import { TEST_DATA } from '../helpers/paths.ts';

// A site built by two workers side by side (a catalogue of 2,000 recipes or more is
// split by default, FORKFUL_BUILD_WORKERS=2 splits the seed's): every page is in the merged
// folder, each worker rendered its own share, and a publish goes through both.

const dataDir = path.join(TEST_DATA, 'sharded-build');
const buildsDir = path.join(dataDir, 'builds');
const ADMIN = { username: 'admin', password: 'admin-test-password' };
let server: LocalServer;

beforeAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  server = await startLocalServer(dataDir, {
    adminPassword: ADMIN.password,
    env: { FORKFUL_BUILD_WORKERS: '2' },
  });
});
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const currentBuild = () =>
  (JSON.parse(fs.readFileSync(path.join(buildsDir, 'current.json'), 'utf8')) as { dir: string }).dir;

/** Every page path the sitemap lists (its index, then each file). */
async function sitemapPaths(): Promise<string[]> {
  const index = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const paths: string[] = [];
  for (const file of files) {
    const xml = await (await fetch(`${server.baseUrl}${file}`)).text();
    paths.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname));
  }
  return paths;
}

/** The recipe slugs one worker rendered (its incremental cache keeps a copy of each page). */
const renderedBy = (shard: number) =>
  fs.readdirSync(path.join(buildsDir, `astro-cache-${shard}-of-2`, 'dist', 'recipe')).sort();

describe('a site built by two workers', () => {
  it('has every page the sitemap lists, and each recipe’s cooking page', async () => {
    expect(server.output().match(/Build time by part/g)).toHaveLength(2);
    const dir = currentBuild();
    const paths = await sitemapPaths();
    const recipes = paths.filter((p) => /^\/recipe\/[^/]+$/.test(p));
    expect(recipes.length).toBeGreaterThan(20);
    const missing = [...paths, ...recipes.map((p) => `${p}/cook`)].filter(
      (p) => !fs.existsSync(path.join(dir, p, 'index.html')),
    );
    expect(missing).toEqual([]);
    // The shards' folders were merged and removed.
    expect(fs.readdirSync(buildsDir).filter((name) => name.includes('.shard-'))).toEqual([]);
  });

  it('split the recipes between the workers: each rendered its own, none both', async () => {
    const first = renderedBy(1);
    const second = renderedBy(2);
    expect(first.length).toBeGreaterThan(5);
    expect(second.length).toBeGreaterThan(5);
    expect(first.filter((slug) => second.includes(slug))).toEqual([]);
    const all = (await sitemapPaths()).filter((p) => /^\/recipe\/[^/]+$/.test(p)).map((p) => p.slice(8));
    expect([...first, ...second].sort()).toEqual(all.sort());
  });

  let cookie = '';
  /** The session cookie of a login or sign-up answer. */
  const sessionOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

  async function adminCookie(): Promise<string> {
    if (!cookie) {
      const login = await fetch(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.baseUrl },
        body: JSON.stringify(ADMIN),
      });
      expect(login.status).toBe(200);
      cookie = sessionOf(login);
    }
    return cookie;
  }

  /** Waits until a publish that went live after `started` is the site being served. */
  async function waitUntilLive(started: number): Promise<void> {
    const headers = { Cookie: await adminCookie() };
    await expect
      .poll(
        async () => {
          const status = (await (
            await fetch(`${server.baseUrl}/api/admin/publish/status`, { headers })
          ).json()) as { state: string; liveAt: string | null; error: string | null };
          if (status.state === 'failed') throw new Error(`The publish failed: ${status.error}`);
          return status.state === 'live' && status.liveAt !== null && Date.parse(status.liveAt) > started;
        },
        { timeout: 150_000, interval: 1000 },
      )
      .toBe(true);
  }

  /** Saves a new title for a recipe as the admin form does and waits until it is live. */
  async function publishTitle(recipe: Record<string, unknown>, title: string): Promise<void> {
    const started = Date.now();
    const save = await fetch(`${server.baseUrl}/api/recipes/${String(recipe.id)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Origin: server.baseUrl, Cookie: await adminCookie() },
      body: JSON.stringify({
        ...Object.fromEntries(Object.entries(recipe).filter(([, v]) => v !== null)),
        title,
      }),
    });
    expect(save.status, await save.clone().text()).toBe(200);
    await waitUntilLive(started);
    const live = await (await fetch(`${server.baseUrl}/recipe/${String(recipe.slug)}`)).text();
    expect(live).toContain(escaped(title));
  }
  const escaped = (text: string) => text.replace(/&/g, '&amp;');
  const page = (root: string, slug: string) => path.join(root, 'recipe', slug, 'index.html');
  const cached = (slug: string) => page(path.join(buildsDir, 'astro-cache-2-of-2', 'dist'), slug);

  /** Two of the second worker's recipes the form accepts as they are (a no-cook recipe of the seed has a cook time of 0, which the form refuses). */
  async function editableRecipes(): Promise<Record<string, unknown>[]> {
    const found: Record<string, unknown>[] = [];
    for (const slug of renderedBy(2)) {
      const recipe = (await (await fetch(`${server.baseUrl}/api/recipes/slug/${slug}`)).json()) as Record<
        string,
        unknown
      >;
      if (Number(recipe.cookTime) >= 1 && Number(recipe.prepTime) >= 1) found.push(recipe);
      if (found.length === 2) return found;
    }
    throw new Error('the second worker rendered fewer than two editable recipes');
  }

  it('publishes edits through both workers without touching the live build', async () => {
    const [first, second] = await editableRecipes();
    const firstTitle = `${String(first!.title)} (Sharded)`;
    await publishTitle(first!, firstTitle);
    // Both workers' pages are all there after the publish.
    const afterFirst = currentBuild();
    for (const slug of [...renderedBy(1), ...renderedBy(2)])
      expect(fs.existsSync(path.join(afterFirst, 'recipe', slug, 'cook', 'index.html')), slug).toBe(true);
    // The publish linked the pages it did not render to their cache copies (src/integrations/finish-pages.ts).
    const secondSlug = String(second!.slug);
    expect(fs.statSync(page(afterFirst, secondSlug)).ino).toBe(fs.statSync(cached(secondSlug)).ino);
    expect(fs.readFileSync(cached(String(first!.slug)), 'utf8')).toContain(escaped(firstTitle));

    // The next publish renders a page that the live build shares with the cache: it must replace
    // the cache's file, not write into the live one.
    const secondTitle = `${String(second!.title)} (Sharded)`;
    await publishTitle(second!, secondTitle);
    expect(currentBuild()).not.toBe(afterFirst);
    expect(fs.readFileSync(cached(secondSlug), 'utf8')).toContain(escaped(secondTitle));
    expect(fs.readFileSync(page(afterFirst, secondSlug), 'utf8')).not.toContain(escaped(secondTitle));
  });

  it('renders a recipe page again when only its reviews change, and leaves its cooking page', async () => {
    // A recipe page reads its reviews as it renders (src/live.config.ts); its cache key carries
    // a digest of them. A review whose rating stays the same changes nothing of the recipe's
    // own row, so its cooking page (keyed by the row alone) is not rendered again.
    const [recipe] = await editableRecipes();
    const slug = String(recipe!.slug);
    const signUp = await fetch(`${server.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.baseUrl },
      body: JSON.stringify({
        username: 'Shard_Cook',
        email: 'shard.cook@example.com',
        password: 'slow-simmer-42',
      }),
    });
    expect(signUp.status).toBe(201);
    const cook = sessionOf(signUp);
    /** Writes the cook's review (a second one replaces the first) and publishes the site. */
    const review = async (comment: string, status: number) => {
      const posted = await fetch(`${server.baseUrl}/api/recipes/${String(recipe!.id)}/reviews`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: server.baseUrl, Cookie: cook },
        body: JSON.stringify({ rating: 4, comment }),
      });
      expect(posted.status, await posted.clone().text()).toBe(status);
      const started = Date.now();
      const publish = await fetch(`${server.baseUrl}/api/admin/publish`, {
        method: 'POST',
        headers: { Origin: server.baseUrl, Cookie: await adminCookie() },
      });
      expect(publish.status).toBe(202);
      await waitUntilLive(started);
      expect(await (await fetch(`${server.baseUrl}/recipe/${slug}`)).text()).toContain(comment);
    };
    const cookPage = path.join(buildsDir, 'astro-cache-2-of-2', 'dist', 'recipe', slug, 'cook', 'index.html');

    await review('Lovely the first time round.', 201);
    const cookRendered = fs.statSync(cookPage).mtimeMs;
    const recipeRendered = fs.statSync(cached(slug)).mtimeMs;
    await review('Even better the second time, with more garlic.', 200);
    expect(fs.statSync(cached(slug)).mtimeMs).toBeGreaterThan(recipeRendered);
    expect(fs.statSync(cookPage).mtimeMs).toBe(cookRendered);
  });
});
