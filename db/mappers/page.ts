import type { Insertable, Selectable } from 'kysely';
import type { PagesTable } from '../schema.ts';
import type { Page, PageInputValues } from '../../src/lib/schemas/page.ts';
import { isoTimestamp } from './timestamp.ts';

// pages rows ↔ the public Page (src/lib/schemas/page.ts).

export const PAGE_COLUMNS = [
  'id',
  'slug',
  'title',
  'description',
  'content',
  'is_published',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof PagesTable)[];

export function pageFromRow(row: Selectable<PagesTable>): Page {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    content: row.content,
    isPublished: row.is_published,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
  };
}

export function pageToRow(input: PageInputValues): Insertable<PagesTable> {
  return {
    title: input.title,
    slug: input.slug,
    description: input.description,
    content: input.content,
    is_published: input.isPublished,
  };
}

/** What a page's form and PUT carry: kept as a version. */
export function pageVersionData(page: Page): Record<string, unknown> {
  return {
    title: page.title,
    slug: page.slug,
    description: page.description,
    content: page.content,
    isPublished: page.isPublished,
  };
}
