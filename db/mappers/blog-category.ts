import type { Selectable } from 'kysely';
import type { BlogCategoriesTable } from '../schema.ts';
import type { BlogCategory } from '../../src/lib/schemas/blog-category.ts';

// blog_categories rows ↔ the public BlogCategory (src/lib/schemas/blog-category.ts).

export function blogCategoryFromRow(
  row: Selectable<BlogCategoriesTable> & { post_count?: number },
): BlogCategory {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    ...(row.post_count !== undefined ? { postCount: row.post_count } : {}),
  };
}
