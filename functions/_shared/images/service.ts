import crypto from 'node:crypto';
import { sql } from 'kysely';
import { getDb, type Db } from '../../../db/client.ts';
import { storedImageUrl, variantSize, type StoredImageWidth } from '../../../src/lib/stored-images.ts';
import { makeVariants, prepareImage, type ImageVariant } from './process.ts';
import type { ImageFormat } from './sniff.ts';
import { imageStore, type ImageStore } from './store.ts';
import { configuredSiteOrigin } from '../../../src/lib/site-url.ts';

// The image store's service: keep an image (uploads, converted remote images, generated covers),
// serve its variants (re-made from the original when they were dropped), report and clear.

const EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };

export type ImageSource = 'upload' | 'remote' | 'generator';
/** What the image is for (the images table's kind). */
export type ImageUse = 'recipe' | 'blog' | 'category';

export interface StoredImage {
  /** The 1200-wide variant: what a recipe or post row points at. */
  url: string;
  width: number;
  height: number;
  key: string;
}

export interface StoreImageOptions {
  source: ImageSource;
  use?: ImageUse;
  /** Where a remote image came from. */
  sourceUrl?: string;
  db?: Db;
  store?: ImageStore;
}

const originalPath = (key: string, format: ImageFormat) => `originals/${key}.${EXTENSIONS[format]}`;
const variantPath = (key: string, width: StoredImageWidth) => `variants/${key}/${width}.webp`;

function stored(key: string, original: { width: number; height: number }): StoredImage {
  return { url: storedImageUrl(key, 1200), ...variantSize(original, 1200), key };
}

async function putVariants(store: ImageStore, key: string, variants: Map<StoredImageWidth, ImageVariant>) {
  let bytes = 0;
  for (const [width, variant] of variants) {
    await store.put(variantPath(key, width), variant.bytes);
    bytes += variant.bytes.length;
  }
  return bytes;
}

/**
 * Checks and re-encodes the bytes (throws ImageRejectedError for anything that is not an
 * acceptable photo), keeps the original and its WebP variants, and records it. The same picture
 * stored twice is kept once.
 */
export async function storeImage(bytes: Uint8Array, options: StoreImageOptions): Promise<StoredImage> {
  const db = options.db ?? getDb();
  const store = options.store ?? imageStore();
  const image = await prepareImage(bytes);
  const key = crypto.createHash('sha256').update(image.bytes).digest('hex').slice(0, 32);
  const existing = await db
    .selectFrom('images')
    .select(['width', 'height', 'path'])
    .where('key', '=', key)
    .executeTakeFirst();
  // Files first, row last: a failure in between leaves only unreferenced files, never a row
  // pointing at nothing.
  await store.put(originalPath(key, image.format), image.bytes);
  const variantBytes = await putVariants(store, key, await makeVariants(image.bytes));
  if (existing) {
    // Stored again (the same picture uploaded anew): its age restarts, so the unused-image cleanup
    // gives the form it was uploaded in the same grace period as a first upload.
    await db
      .updateTable('images')
      .set({ variant_bytes: variantBytes, created_at: sql`now()` })
      .where('key', '=', key)
      .execute();
    return stored(key, { width: existing.width ?? image.width, height: existing.height ?? image.height });
  }
  await db
    .insertInto('images')
    .values({
      key,
      path: originalPath(key, image.format),
      kind: options.use ?? 'recipe',
      format: image.format,
      source: options.source,
      source_url: options.sourceUrl ?? null,
      size_bytes: image.bytes.length,
      width: image.width,
      height: image.height,
      variant_bytes: variantBytes,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return stored(key, image);
}

/**
 * A variant's bytes, re-made from the original when it is missing (after the image cache was
 * cleared); undefined when the image is unknown or its original is gone.
 */
export async function readVariant(
  key: string,
  width: StoredImageWidth,
  options: { db?: Db; store?: ImageStore } = {},
): Promise<Buffer | undefined> {
  const store = options.store ?? imageStore();
  const kept = await store.get(variantPath(key, width));
  if (kept) return kept;
  const db = options.db ?? getDb();
  const row = await db.selectFrom('images').select(['path']).where('key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  const original = await store.get(row.path);
  if (!original) return undefined;
  const variants = await makeVariants(original);
  const variantBytes = await putVariants(store, key, variants);
  await db.updateTable('images').set({ variant_bytes: variantBytes }).where('key', '=', key).execute();
  return variants.get(width)!.bytes;
}

/** The image stats (totalUsed, localImages, totalSizeMB), plus the counts behind them. */
export interface ImageStats {
  /** Distinct images that recipes, blog posts and categories show. */
  totalUsed: number;
  /** Of those, the ones served from this site (the seed's files and the image store). */
  localImages: number;
  /** Of those, the ones still loaded from someone else's server (convert-temporary fetches them). */
  remoteImages: number;
  /** Images held in the image store. */
  storedImages: number;
  /** Megabytes the image store holds (originals and their current variants). */
  totalSizeMB: number;
  /** Stored images nothing refers to, older than the grace period: what the cleanup would remove. */
  unusedImages: number;
  /** Megabytes those take. */
  unusedSizeMB: number;
  /** How old an unreferenced image must be to count as unused (a day unless configured). */
  unusedGraceSeconds: number;
}

/** An absolute http(s) URL on another origin than this site's. */
export function isRemoteImage(url: string, siteOrigin: string | undefined): boolean {
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    return new URL(url).origin !== siteOrigin;
  } catch {
    return true;
  }
}

export function siteOrigin(): string | undefined {
  return configuredSiteOrigin(process.env);
}

export async function imageStats(db: Db = getDb()): Promise<ImageStats> {
  const used = await sql<{ image: string }>`
    SELECT DISTINCT image FROM (
      SELECT image FROM recipes UNION ALL SELECT image FROM blog_posts UNION ALL SELECT image FROM categories
    ) AS used WHERE coalesce(image, '') <> ''`.execute(db);
  const origin = siteOrigin();
  const remoteImages = used.rows.filter((r) => isRemoteImage(r.image, origin)).length;
  const totals = await db
    .selectFrom('images')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('count'),
      sql<string | number | null>`sum(size_bytes + variant_bytes)`.as('bytes'),
    ])
    .where('key', 'is not', null)
    .executeTakeFirstOrThrow();
  const graceSeconds = unusedImageGraceSeconds();
  const unused = await sql<{ count: string | number; bytes: string | number | null }>`
    SELECT count(*) AS count, sum(size_bytes + variant_bytes) AS bytes FROM images AS i
    WHERE ${unusedImageCondition(graceSeconds)}`.execute(db);
  return {
    totalUsed: used.rows.length,
    localImages: used.rows.length - remoteImages,
    remoteImages,
    storedImages: Number(totals.count),
    totalSizeMB: megabytes(totals.bytes),
    unusedImages: Number(unused.rows[0]?.count ?? 0),
    unusedSizeMB: megabytes(unused.rows[0]?.bytes ?? 0),
    unusedGraceSeconds: graceSeconds,
  };
}

const megabytes = (bytes: string | number | null) =>
  Math.round((Number(bytes ?? 0) / (1024 * 1024)) * 100) / 100;

/**
 * An upload sits unreferenced while its form is still open; only images older than this are
 * counted as unused and removed.
 */
export const UNUSED_IMAGE_GRACE_SECONDS = 24 * 60 * 60;

/**
 * The grace period in force: FORKFUL_UNUSED_IMAGE_GRACE_SECONDS when it is a whole number of
 * seconds (the browser tests' server uses a few seconds, so an upload can become unused while a
 * test runs), else UNUSED_IMAGE_GRACE_SECONDS.
 */
export function unusedImageGraceSeconds(): number {
  const raw = process.env.FORKFUL_UNUSED_IMAGE_GRACE_SECONDS?.trim();
  if (!raw || !/^\d+$/.test(raw)) return UNUSED_IMAGE_GRACE_SECONDS;
  return Number(raw);
}

/**
 * The images row `i` is a stored image that nothing refers to by its key: no recipe (image or
 * video thumbnail), blog post (image or Markdown body), category, page body, saved version or
 * trashed item (their JSON snapshots), and it was stored more than `graceSeconds` ago. Keys are 32
 * hex digits named in every stored URL, so a substring test is exact enough and catches URLs
 * inside Markdown and JSON as well as in image columns.
 */
function unusedImageCondition(graceSeconds: number) {
  return sql<boolean>`i.key IS NOT NULL
    AND i.created_at < now() - make_interval(secs => ${graceSeconds}::int)
    AND NOT EXISTS (SELECT 1 FROM recipes r
      WHERE position(i.key IN coalesce(r.image, '') || ' ' || coalesce(r.video_thumbnail, '')) > 0)
    AND NOT EXISTS (SELECT 1 FROM blog_posts b WHERE position(i.key IN coalesce(b.image, '') || ' ' || b.content) > 0)
    AND NOT EXISTS (SELECT 1 FROM categories c WHERE position(i.key IN coalesce(c.image, '')) > 0)
    AND NOT EXISTS (SELECT 1 FROM pages p WHERE position(i.key IN p.content) > 0)
    AND NOT EXISTS (SELECT 1 FROM content_versions v WHERE position(i.key IN v.data::text) > 0)
    AND NOT EXISTS (SELECT 1 FROM trash t WHERE position(i.key IN t.data::text) > 0)`;
}

export interface UnusedImagesRemoved {
  removedImages: number;
  removedFiles: number;
  freedMB: number;
  /** Keys of the removed images. */
  keys: string[];
}

/**
 * Removes stored images nothing refers to (see unusedImageCondition): the row first, in one
 * statement that re-checks the condition, then the files — a failure in between leaves only
 * unreferenced files, never a row pointing at nothing.
 */
export async function removeUnusedImages(
  options: { db?: Db; store?: ImageStore; graceSeconds?: number } = {},
): Promise<UnusedImagesRemoved> {
  const db = options.db ?? getDb();
  const store = options.store ?? imageStore();
  const removed = await sql<{ key: string; path: string; size_bytes: number; variant_bytes: number }>`
    DELETE FROM images WHERE id IN (
      SELECT i.id FROM images AS i WHERE ${unusedImageCondition(options.graceSeconds ?? unusedImageGraceSeconds())}
    ) RETURNING key, path, size_bytes, variant_bytes`.execute(db);
  let removedFiles = 0;
  let bytes = 0;
  for (const row of removed.rows) {
    await store.delete(row.path);
    removedFiles += 1 + (await store.deletePrefix(`variants/${row.key}`));
    bytes += Number(row.size_bytes) + Number(row.variant_bytes);
  }
  return {
    removedImages: removed.rows.length,
    removedFiles,
    freedMB: megabytes(bytes),
    keys: removed.rows.map((r) => r.key),
  };
}

/** Drops every derived variant (never an original); they are re-made on their next request. */
export async function clearDerivedImages(
  options: { db?: Db; store?: ImageStore } = {},
): Promise<{ removedFiles: number; freedMB: number }> {
  const db = options.db ?? getDb();
  const store = options.store ?? imageStore();
  const before = await db
    .selectFrom('images')
    .select(sql<string | number | null>`sum(variant_bytes)`.as('bytes'))
    .executeTakeFirstOrThrow();
  const removedFiles = await store.deletePrefix('variants/');
  await db.updateTable('images').set({ variant_bytes: 0 }).where('variant_bytes', '>', 0).execute();
  return { removedFiles, freedMB: Math.round((Number(before.bytes ?? 0) / (1024 * 1024)) * 100) / 100 };
}
