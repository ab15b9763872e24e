import fs from 'node:fs/promises';
import path from 'node:path';
import { getStore, type Store } from '@netlify/blobs';
import { dataDir } from '../../../db/client.ts';

// Where run-time images live: Netlify Blobs when deployed (functions share no disk) or when a CLI
// is given the site's id and a token (NETLIFY_SITE_ID, NETLIFY_AUTH_TOKEN), a folder under the
// data dir locally (.data/images). Paths are made by this module's callers only:
// `originals/{key}.{ext}` and `variants/{key}/{width}.webp`.

export interface ImageStore {
  readonly kind: 'blobs' | 'folder';
  put(file: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or undefined when there is no such file. */
  get(file: string): Promise<Buffer | undefined>;
  /** Deletes every file under the prefix; returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** Deletes one file (nothing happens when it is not there). */
  delete(file: string): Promise<void>;
}

/** A file or folder under one of the two top folders (a bare top folder is a prefix to clear). */
const SAFE_PATH = /^(?:originals|variants)(?:\/[0-9a-z./-]+)?$/;

function checkedPath(file: string): string {
  if (!SAFE_PATH.test(file) || file.split('/').some((part) => part === '..' || part === '.' || part === ''))
    throw new Error(`Refusing image store path ${JSON.stringify(file)}`);
  return file;
}

/** The local store: plain files, written through a temporary name so readers never see half a file. */
export class FolderImageStore implements ImageStore {
  readonly kind = 'folder';
  readonly root: string;
  constructor(root: string) {
    this.root = root;
  }
  async put(file: string, bytes: Uint8Array): Promise<void> {
    const target = path.join(this.root, checkedPath(file));
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, target);
  }
  async get(file: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(path.join(this.root, checkedPath(file)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }
  async deletePrefix(prefix: string): Promise<number> {
    const dir = path.join(this.root, checkedPath(prefix.replace(/\/$/, '')));
    const files = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    const count = files.filter((entry) => entry.isFile()).length;
    await fs.rm(dir, { recursive: true, force: true });
    return count;
  }
  async delete(file: string): Promise<void> {
    await fs.rm(path.join(this.root, checkedPath(file)), { force: true });
  }
}

/** The deployed store: a site-wide Netlify Blobs store (strong consistency: a put is read back at once). */
export class BlobsImageStore implements ImageStore {
  readonly kind = 'blobs';
  readonly store: Store;
  constructor(store: Store) {
    this.store = store;
  }
  async put(file: string, bytes: Uint8Array): Promise<void> {
    await this.store.set(checkedPath(file), new Blob([new Uint8Array(bytes)]));
  }
  async get(file: string): Promise<Buffer | undefined> {
    const data: ArrayBuffer | null = await this.store.get(checkedPath(file), { type: 'arrayBuffer' });
    return data ? Buffer.from(data) : undefined;
  }
  async deletePrefix(prefix: string): Promise<number> {
    const { blobs } = await this.store.list({ prefix: `${checkedPath(prefix.replace(/\/$/, ''))}/` });
    for (const blob of blobs) await this.store.delete(blob.key);
    return blobs.length;
  }
  async delete(file: string): Promise<void> {
    await this.store.delete(checkedPath(file));
  }
}

export const BLOBS_STORE_NAME = 'images';

/** Netlify injects the Blobs context into deployed functions (and `netlify dev`). */
function blobsAvailable(): boolean {
  return Boolean(
    (globalThis as { netlifyBlobsContext?: unknown }).netlifyBlobsContext ||
    process.env.NETLIFY_BLOBS_CONTEXT,
  );
}

/**
 * The deployed site's Blobs from outside Netlify (the scheduled-generation workflow runs on CI
 * against the production database): its images must land where the site serves them from.
 */
function blobsApiAccess(): { siteID: string; token: string } | undefined {
  const siteID = process.env.NETLIFY_SITE_ID;
  const token = process.env.NETLIFY_AUTH_TOKEN;
  return siteID && token ? { siteID, token } : undefined;
}

let chosen: ImageStore | undefined;

/** The image store of this environment. */
export function imageStore(): ImageStore {
  const api = blobsApiAccess();
  chosen ??= blobsAvailable()
    ? new BlobsImageStore(getStore({ name: BLOBS_STORE_NAME, consistency: 'strong' }))
    : api
      ? new BlobsImageStore(getStore({ name: BLOBS_STORE_NAME, consistency: 'strong', ...api }))
      : new FolderImageStore(path.join(dataDir(), 'images'));
  return chosen;
}

/** Replaces the store for this process (tests use a temporary folder or a local Blobs server). */
export function setImageStore(store: ImageStore | undefined): void {
  chosen = store;
}
