import * as v from 'valibot';
import { optionalText, optionalUrl, requiredSlug, requiredText } from './fields.ts';
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
  category: v.nullable(v.object({ id: v.number(), name: v.string(), slug: v.string() })),
  isPublished: v.boolean(),
  views: v.number(),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type BlogPost = v.InferOutput<typeof BlogPostSchema>;

const POST_MISSING = { title: 'Title is required', slug: 'Slug is required', content: 'Content is required' };

export const BlogPostInputSchema = v.object(
  {
    title: requiredText(POST_MISSING.title, 200),
    slug: requiredSlug,
    content: v.pipe(
      v.string(POST_MISSING.content),
      v.check((s) => s.trim().length > 0, POST_MISSING.content),
      v.maxLength(200_000, 'At most 200,000 characters'),
    ),
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
  objectMessage(POST_MISSING),
);
export type BlogPostInput = v.InferInput<typeof BlogPostInputSchema>;
export type BlogPostInputValues = v.InferOutput<typeof BlogPostInputSchema>;
