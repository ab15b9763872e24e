import type { Context } from '@netlify/functions';
import { getDb, type Db } from '../../../db/client.ts';
import { badRequest } from '../http.ts';
import { publish, type PublishScope } from '../publish.ts';
import { ImageRejectedError } from './process.ts';
import { fetchRemoteBytes, RemoteFetchError, type RemoteFetchOptions } from './remote-fetch.ts';
import { isRemoteImage, siteOrigin, storeImage, type ImageUse, type StoredImage } from './service.ts';
import type { ImageStore } from './store.ts';

// An image address pasted into an admin form is imported the same way, one at a time.
//
// "Convert temporary images": recipes and blog posts whose image is someone else's URL
// (AI image URLs expire within hours) get a copy in our image store, and the row points at it.
// A failure leaves its row as it was and says why. The work per call is bounded (a user action
// must never start unbounded work): at most MAX_IMAGES_PER_RUN addresses, three at a time, no new
// fetch after the time budget; `remaining` tells the admin to run it again.

export const MAX_IMAGES_PER_RUN = 20;
const CONCURRENCY = 3;
/** No fetch starts after this; with the 10 s cap per fetch the call ends well within 60 s. */
const START_BUDGET_MS = 35_000;

export interface ConversionFailure {
  id: number;
  kind: 'recipe' | 'blog';
  url: string;
  reason: string;
}

export interface ConversionResult {
  convertedCount: number;
  errorCount: number;
  failures: ConversionFailure[];
  /** Remote addresses left for another run (over the per-run limit or time budget). */
  remaining: number;
}

interface Row {
  id: number;
  kind: 'recipe' | 'blog';
  image: string;
  slug: string;
  category: string;
}

export interface ConversionOptions {
  db?: Db;
  store?: ImageStore;
  /** Passed to the guarded fetch (tests: their local server's exemption and short timeouts). */
  fetch?: RemoteFetchOptions;
  maxImages?: number;
  context?: Partial<Context>;
}

async function remoteRows(db: Db): Promise<Row[]> {
  const recipes = await db
    .selectFrom('recipes')
    .select(['id', 'image', 'slug', 'category'])
    .where('image', '~*', '^https?://')
    .orderBy('id')
    .execute();
  const posts = await db
    .selectFrom('blog_posts')
    .select(['id', 'image', 'slug'])
    .where('image', '~*', '^https?://')
    .orderBy('id')
    .execute();
  const origin = siteOrigin();
  return [
    ...recipes.map((r) => ({ ...r, image: r.image!, kind: 'recipe' as const })),
    ...posts.map((p) => ({ ...p, image: p.image!, category: '', kind: 'blog' as const })),
  ].filter((row) => isRemoteImage(row.image, origin));
}

function reasonOf(err: unknown): string {
  if (err instanceof RemoteFetchError || err instanceof ImageRejectedError) return err.message;
  console.error('[images] converting a remote image failed:', err);
  return 'The image could not be stored because of an unexpected error.';
}

export async function convertRemoteImages(options: ConversionOptions = {}): Promise<ConversionResult> {
  const db = options.db ?? getDb();
  const rows = await remoteRows(db);
  const urls = [...new Set(rows.map((r) => r.image))];
  const queue = urls.slice(0, options.maxImages ?? MAX_IMAGES_PER_RUN);
  const outcomes = new Map<string, { url: string } | { reason: string }>();
  const started = performance.now();

  async function worker(): Promise<void> {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      if (performance.now() - started > START_BUDGET_MS) return;
      const use = rows.find((r) => r.image === url)!.kind;
      try {
        const bytes = await fetchRemoteBytes(url, options.fetch);
        const stored = await storeImage(bytes, {
          source: 'remote',
          use,
          sourceUrl: url,
          db,
          ...(options.store ? { store: options.store } : {}),
        });
        outcomes.set(url, { url: stored.url });
      } catch (err) {
        outcomes.set(url, { reason: reasonOf(err) });
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));

  const failures: ConversionFailure[] = [];
  const recipes: NonNullable<PublishScope['recipes']> = [];
  const scope: PublishScope = { reason: 'Remote images converted', recipes };
  let convertedCount = 0;
  for (const row of rows) {
    const outcome = outcomes.get(row.image);
    if (!outcome) continue;
    if ('reason' in outcome) {
      failures.push({ id: row.id, kind: row.kind, url: row.image, reason: outcome.reason });
      continue;
    }
    // Only if the row still shows the address we fetched (an edit meanwhile wins).
    const table = row.kind === 'recipe' ? 'recipes' : 'blog_posts';
    const updated = await db
      .updateTable(table)
      .set({ image: outcome.url, updated_at: new Date() })
      .where('id', '=', row.id)
      .where('image', '=', row.image)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) continue;
    convertedCount += 1;
    if (row.kind === 'recipe') recipes.push({ id: row.id, slug: row.slug, category: row.category });
    else scope.blog = true;
  }
  if (convertedCount > 0) await publish(scope, options.context ?? {});
  return {
    convertedCount,
    errorCount: failures.length,
    failures,
    remaining: urls.length - outcomes.size,
  };
}

/**
 * Stores a copy of one remote image (an address the admin pasted into a form) and returns ours.
 * What the guarded fetch or the image check refuses is a 400 with its sentence.
 */
export async function importRemoteImage(
  url: string,
  use: ImageUse,
  options: Pick<ConversionOptions, 'fetch' | 'db' | 'store'> = {},
): Promise<StoredImage> {
  try {
    const bytes = await fetchRemoteBytes(url, options.fetch);
    return await storeImage(bytes, {
      source: 'remote',
      use,
      sourceUrl: url,
      ...(options.db ? { db: options.db } : {}),
      ...(options.store ? { store: options.store } : {}),
    });
  } catch (err) {
    if (err instanceof RemoteFetchError || err instanceof ImageRejectedError) throw badRequest(err.message);
    throw err;
  }
}
