import * as v from 'valibot';
import { objectMessage } from './messages.ts';

// Importing an image by its address: the admin pastes a remote image URL into a form and the
// server stores a copy of it (fetched through the guarded, public-addresses-only fetch).

export const IMAGE_USES = ['recipe', 'blog', 'category'] as const;

export const IMAGE_IMPORT_MESSAGES = {
  missing: 'Paste the address of an image',
  scheme: 'The image address must start with http:// or https://',
  tooLong: 'The image address is longer than 2048 characters',
  use: `"use" must be one of ${IMAGE_USES.join(', ')}.`,
} as const;

/** POST /api/admin/images/import */
export const ImageImportSchema = v.object(
  {
    url: v.pipe(
      v.string(IMAGE_IMPORT_MESSAGES.missing),
      v.trim(),
      v.nonEmpty(IMAGE_IMPORT_MESSAGES.missing),
      v.maxLength(2048, IMAGE_IMPORT_MESSAGES.tooLong),
      v.regex(/^https?:\/\/[^\s]+$/i, IMAGE_IMPORT_MESSAGES.scheme),
    ),
    use: v.optional(v.picklist(IMAGE_USES, IMAGE_IMPORT_MESSAGES.use), 'recipe'),
  },
  objectMessage({ url: IMAGE_IMPORT_MESSAGES.missing }),
);

export type ImageImportInput = v.InferInput<typeof ImageImportSchema>;
