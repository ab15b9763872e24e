import type { Insertable, Selectable } from 'kysely';
import type { BlogPostsTable } from '../schema.ts';
import type { BlogPost, BlogPostInputValues } from '../../src/lib/schemas/blog-post.ts';
import { isoTimestamp } from './timestamp.ts';

// blog_posts rows (joined with their category) ↔ the public BlogPost (src/lib/schemas/blog-post.ts).

export const BLOG_POST_COLUMNS = [
  'p.id',
  'p.slug',
  'p.title',
  'p.content',
  'p.excerpt',
  'p.image',
  'p.category_id',
  'p.is_published',
  'p.views',
  'p.created_at',
  'p.updated_at',
] as const;

export type BlogPostRow = Selectable<BlogPostsTable> & {
  category_name: string | null;
  category_slug: string | null;
};

export function blogPostFromRow(row: BlogPostRow): BlogPost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    content: row.content,
    excerpt: row.excerpt,
    image: row.image,
    categoryId: row.category_id,
    category:
      row.category_id !== null && row.category_name !== null && row.category_slug !== null
        ? { id: row.category_id, name: row.category_name, slug: row.category_slug }
        : null,
    isPublished: row.is_published,
    views: row.views,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
  };
}

export function blogPostToRow(input: BlogPostInputValues): Insertable<BlogPostsTable> {
  return {
    title: input.title,
    slug: input.slug,
    content: input.content,
    excerpt: input.excerpt,
    image: input.image || null,
    category_id: input.categoryId,
    is_published: input.isPublished,
  };
}

/** What a post's form and PUT carry: kept as a version. */
export function blogPostVersionData(post: BlogPost): Record<string, unknown> {
  return {
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt,
    image: post.image ?? '',
    categoryId: post.categoryId,
    isPublished: post.isPublished,
  };
}
