import type { BlogCategory, BlogPost } from '../../src/lib/site-records.ts';
import type { Db } from '../client.ts';

/** The published blog posts with their category, newest first. */
export async function publishedPosts(db: Db): Promise<BlogPost[]> {
  const rows = await db
    .selectFrom('blog_posts as p')
    .leftJoin('blog_categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.slug',
      'p.title',
      'p.excerpt',
      'p.content',
      'p.image',
      'p.created_at',
      'p.updated_at',
      'c.name as categoryName',
      'c.slug as categorySlug',
    ])
    .where('p.is_published', '=', true)
    .orderBy('p.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    content: r.content,
    image: r.image,
    category: r.categoryName && r.categorySlug ? { name: r.categoryName, slug: r.categorySlug } : null,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

/** Every blog category, by name. */
export async function blogCategories(db: Db): Promise<BlogCategory[]> {
  return db
    .selectFrom('blog_categories')
    .select(['id', 'name', 'slug', 'description'])
    .orderBy('name')
    .execute();
}
