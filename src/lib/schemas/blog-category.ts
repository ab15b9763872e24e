import * as v from 'valibot';
import { namedEntries, optionalText, requiredSlug, requiredText } from './fields.ts';
import { objectMessage } from './messages.ts';

// Blog categories: name and slug required, description optional.

export const BlogCategorySchema = v.object({
  ...namedEntries,
  description: v.string(),
  /** Posts in it (all of them for the admin, published ones for everyone else). */
  postCount: v.optional(v.number()),
});
export type BlogCategory = v.InferOutput<typeof BlogCategorySchema>;

export const BlogCategoryInputSchema = v.object(
  {
    name: requiredText('Name is required', 80),
    slug: requiredSlug,
    description: optionalText(1000),
  },
  objectMessage({ name: 'Name is required', slug: 'Slug is required' }),
);
export type BlogCategoryInput = v.InferInput<typeof BlogCategoryInputSchema>;
export type BlogCategoryInputValues = v.InferOutput<typeof BlogCategoryInputSchema>;
