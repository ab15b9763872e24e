import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';

// Admin calls that are not plain JSON (the image upload), and the sentence a failed admin call
// shows: the server's own words when it gave some, else the SPEC §8 text.

/** What the upload route answers: the stored image's 1200-wide URL and its size. */
export interface UploadedImage {
  url: string;
  width: number;
  height: number;
  key: string;
}

/** The upload route's limit (functions/_shared/images/upload.ts), checked before sending. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Why a chosen file cannot be uploaded, or null when it may be sent (the server checks the bytes). */
export function imageFileProblem(file: { size: number; type: string; name: string }): string | null {
  if (file.size === 0) return 'The chosen file is empty.';
  if (file.size > MAX_IMAGE_BYTES) return 'The image is larger than 5 MB. Choose a smaller photo.';
  if (file.type && !/^image\/(jpeg|png|webp|avif)$/.test(file.type))
    return 'Choose a JPEG, PNG, WebP or AVIF photo.';
  return null;
}

/** POST /api/admin/images/upload (multipart: image, use). */
export async function uploadImage(file: File, use: 'recipe' | 'blog' | 'category'): Promise<UploadedImage> {
  const form = new FormData();
  form.set('image', file);
  form.set('use', use);
  const res = await fetch('/api/admin/images/upload', {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body: form,
  });
  const text = await res.text();
  if (!res.ok) throw new ApiRequestError(res.status, res.statusText, text, undefined);
  return JSON.parse(text) as UploadedImage;
}

/** Server validation issues as form errors keyed by field path ("title", "nutrition.protein"). */
export function issuesByPath(err: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (err instanceof ApiRequestError)
    for (const issue of err.issues) {
      const path = String(issue.path ?? '').replace(/^body\.?/, '');
      errors[path] ??= issue.message;
    }
  return errors;
}

export { apiRequest };

/** A kept earlier state of a recipe, page or post (issue 12 item 6). */
export interface VersionSummary {
  id: number;
  title: string;
  author: string;
  createdAt: string;
}

/** The collections that keep versions, by their API path ('recipes', 'pages', 'blog/posts'). */
export type VersionedCollection = 'recipes' | 'pages' | 'blog/posts';

export const versionsPath = (collection: VersionedCollection, id: number) =>
  `/api/${collection}/${id}/versions`;
export const restoreVersionPath = (collection: VersionedCollection, id: number, versionId: number) =>
  `/api/${collection}/${id}/versions/${versionId}/restore`;

/** The trash entry a DELETE answers with, whatever the field is called. */
export function trashIdOf(body: unknown): number | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const o = body as { trashId?: unknown; trash?: { id?: unknown }; undo?: { trashId?: unknown } };
  const id = o.trashId ?? o.trash?.id ?? o.undo?.trashId;
  return typeof id === 'number' ? id : undefined;
}

export const restoreTrashPath = (trashId: number) => `/api/admin/trash/${trashId}/restore`;

/** GET a list and the X-Total-Count header the admin listings send (null when absent). */
export async function getList<T>(
  path: string,
  signal?: AbortSignal,
): Promise<{ items: T[]; total: number | null }> {
  const res = await fetch(path, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new ApiRequestError(res.status, res.statusText, text, undefined);
  const header = res.headers.get('x-total-count');
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  return { items: JSON.parse(text) as T[], total };
}
