import * as v from 'valibot';
import { namedEntries } from './fields.ts';
import { objectMessage } from './messages.ts';

// Recipe categories. The public shape lives here; the admin's write input
// (CategoryInputSchema) belongs beside it.

/** A category as the API returns it and pages render it. */
export const CategorySchema = v.object({
  ...namedEntries,
  description: v.string(),
  image: v.nullable(v.string()),
  /** How many recipes it holds (lists and pages have it; a bare row does not). */
  recipeCount: v.optional(v.number()),
});
export type Category = v.InferOutput<typeof CategorySchema>;

/** POST/PUT /api/categories and the category form (name required, description optional). */
export const CategoryInputSchema = v.object(
  {
    name: v.pipe(
      v.string('Category name is required'),
      v.trim(),
      v.nonEmpty('Category name is required'),
      v.maxLength(80, 'Category name is limited to 80 characters'),
    ),
    description: v.optional(
      v.pipe(
        v.nullable(v.string('Description must be text')),
        v.transform((s) => (s ?? '').trim()),
        v.maxLength(1000, 'Description is limited to 1000 characters'),
      ),
      '',
    ),
    /** Derived from the name when absent; on update the slug stays unless this asks for another. */
    slug: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be a slug like "main-course"'),
        v.maxLength(80),
      ),
    ),
    image: v.optional(
      v.nullable(
        v.pipe(
          v.string(),
          v.trim(),
          v.check(
            (s) => s === '' || /^\/(?!\/)\S*$/.test(s) || /^https?:\/\/\S+$/.test(s),
            'Must be a valid URL',
          ),
        ),
      ),
    ),
  },
  objectMessage({ name: 'Category name is required' }),
);
export type CategoryInput = v.InferInput<typeof CategoryInputSchema>;
export type CategoryInputValues = v.InferOutput<typeof CategoryInputSchema>;
