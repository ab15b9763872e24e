import { api, ApiRequestError } from '../../../lib/api/client.ts';
import type { UploadedImage } from '../../../lib/api/answers.ts';

// What several admin tabs share about calls: the image upload (multipart, checked here before it
// is sent) and import by address and the form errors a refused save carries.

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
export function uploadImage(file: File, use: 'recipe' | 'blog' | 'category'): Promise<UploadedImage> {
  const body = new FormData();
  body.set('image', file);
  body.set('use', use);
  return api.post('/api/admin/images/upload', { body });
}

/** POST /api/admin/images/import: the server stores a copy of a remote image and answers ours. */
export function importImage(url: string, use: 'recipe' | 'blog' | 'category'): Promise<UploadedImage> {
  return api.post('/api/admin/images/import', { body: { url, use } });
}

/** Whether an address is an image on someone else's server (http or https, another origin). */
export function isRemoteImageAddress(text: string, ownOrigin: string): boolean {
  const url = text.trim();
  if (!/^https?:\/\/\S+$/i.test(url)) return false;
  try {
    return new URL(url).origin !== ownOrigin;
  } catch {
    return false;
  }
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
