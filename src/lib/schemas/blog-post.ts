import * as v from 'valibot';
import {
  DOCUMENT_MISSING,
  documentEntries,
  namedEntries,
  optionalText,
  optionalUrl,
  timestampEntries,
} from './fields.ts';
import { objectMessage } from './messages.ts';

// Blog posts: the public shape and the admin's input (POST/PUT /api/blog/posts:
// title, slug and content required; a new post is a draft by default; categoryId 0 or
// null means none).

export const BlogPostSchema = v.object({
  id: v.number(),
  title: v.string(),
  slug: v.string(),
  content: v.string(),
  excerpt: v.string(),
  image: v.nullable(v.string()),
  categoryId: v.nullable(v.number()),
  category: v.nullable(v.object(namedEntries)),
  isPublished: v.boolean(),
  views: v.number(),
  ...timestampEntries,
});
export type BlogPost = v.InferOutput<typeof BlogPostSchema>;

export const BlogPostInputSchema = v.object(
  {
    ...documentEntries,
    excerpt: optionalText(1000),
    image: optionalUrl,
    /** 0 or null: no category. */
    categoryId: v.optional(
      v.pipe(
        v.nullable(
          v.pipe(
            v.number('Choose a blog category (or none)'),
            v.integer('Choose a blog category (or none)'),
            v.minValue(0, 'Choose a blog category (or none)'),
          ),
        ),
        v.transform((id) => (id ? id : null)),
      ),
      null,
    ),
    isPublished: v.optional(v.boolean('Must be true or false'), false),
  },
  objectMessage(DOCUMENT_MISSING),
);
export type BlogPostInput = v.InferInput<typeof BlogPostInputSchema>;
export type BlogPostInputValues = v.InferOutput<typeof BlogPostInputSchema>;
