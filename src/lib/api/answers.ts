// Answers of admin routes that no valibot schema describes: records the server makes (versions,
// trash entries, image and cache figures). The route table (./routes.ts) names them, so the
// functions' handlers and the admin islands agree on one shape.

import type { VersionChange } from '../version-changes.ts';

/** A kept earlier state of a recipe, page or blog post. */
export interface VersionSummary {
  id: number;
  title: string;
  author: string;
  createdAt: string;
  /** What this state differs in from the item as it is now (empty when the same). */
  changes: VersionChange[];
}

/** One kept state with its data: the item as it was, in the shape its PUT route accepts. */
export interface Version<T = Record<string, unknown>> extends Omit<VersionSummary, 'changes'> {
  data: T;
}

/** What can be deleted into the trash. */
export type TrashedEntityName = 'recipe' | 'category' | 'page' | 'post' | 'blog-category';

/** One deleted item the trash keeps (30 days). */
export interface TrashEntry {
  id: number;
  entity: TrashedEntityName;
  entityId: number;
  title: string;
  deletedBy: string;
  deletedAt: string;
}

/** What an admin DELETE answers: the item went to the trash, and can come back with `trash.id`. */
export interface Trashed {
  deleted: true;
  id: number;
  trash: TrashEntry;
}

/** What POST /api/admin/trash/:id/restore answers. */
export interface TrashRestored {
  restored: true;
  entity: TrashedEntityName;
  /** The restored item's own id. */
  id: number;
  title: string;
}

/** A stored image: its 1200-wide variant's URL, its size, and its key in the image store. */
export interface UploadedImage {
  url: string;
  width: number;
  height: number;
  key: string;
}

/** The image figures of the Cache tab. */
export interface ImageStats {
  /** Distinct images that recipes, blog posts and categories show. */
  totalUsed: number;
  /** Of those, the ones served from this site. */
  localImages: number;
  /** Of those, the ones still loaded from someone else's server. */
  remoteImages: number;
  /** Images held in the image store. */
  storedImages: number;
  /** Megabytes the image store holds. */
  totalSizeMB: number;
  /** Stored images nothing refers to any more, older than unusedGraceSeconds (what remove-unused removes). */
  unusedImages: number;
  /** Megabytes those take. */
  unusedSizeMB: number;
  /** The age an unreferenced image must reach to count as unused: a day unless the server is set otherwise. */
  unusedGraceSeconds: number;
}

/** One table of the Cache tab's database panel. */
export interface TableSize {
  name: string;
  /** Exact row count. */
  rows: number;
  /** Size on disk with its indexes and TOAST, in megabytes. */
  sizeMB: number;
}

/** The database panel's figures: every table, largest first, and their sum. */
export interface DatabaseStats {
  tables: TableSize[];
  totalSizeMB: number;
}

/** What converting remote images into stored copies did. */
export interface ImageConversion {
  convertedCount: number;
  errorCount: number;
  failures: { id: number; kind: 'recipe' | 'blog'; url: string; reason: string }[];
  /** Remote addresses left for another run. */
  remaining: number;
}

/** One response-cache area's figures, summed over the instances that served cached reads lately. */
export interface CacheAreaStats {
  size: number;
  maxSize: number;
  hits: number;
  misses: number;
  /** hits / (hits + misses), 0 before any read. */
  hitRatio: number;
  /** Instances counted. */
  instances: number;
}

/**
 * What the generator's worker (POST /api/generator/worker) answers: how many queued jobs it
 * finished, and whether it stopped short of its time limit and queued itself again for the rest.
 */
export interface WorkerOutcome {
  finished: number;
  requeued: boolean;
}
