import type { SitePage } from '../../src/lib/site-records.ts';
import type { Db } from '../client.ts';

/** The published static pages (the footer record included: callers filter it). */
export async function publishedPages(db: Db): Promise<SitePage[]> {
  const rows = await db
    .selectFrom('pages')
    .select(['id', 'slug', 'title', 'description', 'content', 'updated_at'])
    .where('is_published', '=', true)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    title: r.title,
    description: r.description,
    content: r.content,
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

/** The footer page's raw JSON text (parsed with fallbacks by parseFooter). */
export async function footerContent(db: Db): Promise<string | null> {
  const row = await db.selectFrom('pages').select('content').where('slug', '=', 'footer').executeTakeFirst();
  return row?.content ?? null;
}
