import * as v from 'valibot';
import { BlogCategoryInputSchema } from './blog-category.ts';
import { BlogPostInputSchema } from './blog-post.ts';
import { CategoryInputSchema } from './category.ts';
import { PageInputSchema } from './page.ts';
import { RecipeInputSchema } from './recipe.ts';
import { SettingsInputSchema } from './settings.ts';

// The admin's content export and import: every recipe, category, page, blog
// post, blog category and the settings, as one JSON document. Items are matched by slug on
// import (ids differ between sites); a post names its blog category by slug. Accounts, reviews,
// saves and other people's data are not content and are never part of it.

export const CONTENT_FORMAT = 'forkful-content';
export const CONTENT_VERSION = 1;

const timestamp = v.optional(v.pipe(v.string(), v.isoTimestamp('Must be an ISO timestamp')));

export const ContentExportSchema = v.object(
  {
    format: v.literal(CONTENT_FORMAT, `Not a Forkful content export (format must be "${CONTENT_FORMAT}")`),
    version: v.literal(CONTENT_VERSION, `Only version ${CONTENT_VERSION} exports can be imported`),
    exportedAt: v.optional(v.string()),
    categories: v.pipe(
      v.array(
        v.object({
          ...CategoryInputSchema.entries,
          slug: v.pipe(v.string(), v.nonEmpty('Slug is required')),
        }),
      ),
      v.maxLength(1000),
    ),
    recipes: v.pipe(
      v.array(
        v.pipe(
          v.object({
            ...RecipeInputSchema.pipe[0].entries,
            slug: v.pipe(
              v.string('Slug is required'),
              v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be a slug'),
            ),
            createdAt: timestamp,
          }),
          ...(RecipeInputSchema.pipe.slice(1) as []),
        ),
      ),
      v.maxLength(10_000),
    ),
    pages: v.pipe(v.array(PageInputSchema), v.maxLength(1000)),
    blogCategories: v.pipe(v.array(BlogCategoryInputSchema), v.maxLength(1000)),
    blogPosts: v.pipe(
      v.array(
        v.object({
          ...BlogPostInputSchema.entries,
          categoryId: v.optional(v.unknown()),
          /** The post's blog category by slug (null: none). */
          categorySlug: v.optional(v.nullable(v.string()), null),
          createdAt: timestamp,
        }),
      ),
      v.maxLength(10_000),
    ),
    settings: v.optional(SettingsInputSchema),
  },
  'Expected a Forkful content export (a JSON object)',
);
export type ContentExport = v.InferInput<typeof ContentExportSchema>;
export type ContentExportValues = v.InferOutput<typeof ContentExportSchema>;

/** What an import did (or, in a dry run, would do), per kind: slugs created and updated. */
export interface ImportKindReport {
  created: string[];
  updated: string[];
  unchanged: number;
}

export interface ImportReport {
  dryRun: boolean;
  recipes: ImportKindReport;
  categories: ImportKindReport;
  pages: ImportKindReport;
  blogCategories: ImportKindReport;
  blogPosts: ImportKindReport;
  settings: { changed: boolean };
}
