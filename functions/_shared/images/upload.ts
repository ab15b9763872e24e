import { readBodyCapped } from '../capped-body.ts';
import { ApiError, badRequest } from '../http.ts';
import type { ImageUse } from './service.ts';

// Reading an image upload (multipart/form-data, field "image", optional "use": recipe | blog |
// category) without ever holding more than the limit in memory.

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Room for the multipart boundaries and the small text fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const USES: readonly ImageUse[] = ['recipe', 'blog', 'category'];

const tooLarge = () =>
  new ApiError(413, `The image is larger than ${MAX_UPLOAD_BYTES / 1048576} MB. Choose a smaller photo.`);

export async function readImageUpload(req: Request): Promise<{ bytes: Uint8Array; use: ImageUse }> {
  const contentType = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data;\s*boundary=/i.test(contentType))
    throw badRequest('Send the image as multipart/form-data, in a field named "image".');
  const body = await readBodyCapped(req, {
    maxBytes: MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES,
    tooLarge,
    unreadable: () => badRequest('The upload could not be read completely.'),
  });
  let form: FormData;
  try {
    form = await new Request('http://upload.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    throw badRequest('The upload is not a readable multipart form.');
  }
  const file = form.get('image');
  if (!(file instanceof File)) throw badRequest('Choose an image file to upload (form field "image").');
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge();
  if (file.size === 0) throw badRequest('The chosen file is empty.');
  const use = form.get('use') ?? 'recipe';
  if (typeof use !== 'string' || !(USES as readonly string[]).includes(use))
    throw badRequest(`"use" must be one of ${USES.join(', ')}.`);
  return { bytes: new Uint8Array(await file.arrayBuffer()), use: use as ImageUse };
}
