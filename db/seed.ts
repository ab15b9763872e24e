import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import bcrypt from 'bcryptjs';
import { sql } from 'kysely';
import * as v from 'valibot';
import { parse as parseYaml } from 'yaml';
import type { Db } from './client.ts';
import { describeIssues } from '../src/lib/schemas/issues.ts';
import { RecipeContentSchema, type RecipeContent } from '../src/lib/schemas/recipe.ts';
import { recipeToRow } from './mappers/recipe.ts';
import { settingsToRow } from './mappers/settings.ts';
import { PASSWORD_COST } from './password-cost.ts';
import { DEFAULT_AI_MODELS, defaultSettings } from '../src/lib/site-defaults.ts';

/**
 * Sample reviewers cannot log in: this is not a bcrypt hash, so no password ever matches it.
 */
export const DISABLED_PASSWORD_HASH = '!sample-account-no-login';

export interface SeedResult {
  seeded: boolean;
  recipes: number;
  categories: number;
  reviews: number;
  posts: number;
  /** Set only when the admin password was generated here: print it once. */
  generatedAdminPassword?: string;
}

export class ContentError extends Error {
  constructor(file: string, problems: string[]) {
    super(`${file}: ${problems.join('; ')}`);
    this.name = 'ContentError';
  }
}

/** Reads and validates one recipe file; errors name the file and the field. */
export function readRecipeFile(file: string): RecipeContent {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ContentError(file, [`not valid JSON (${(err as Error).message})`]);
  }
  const result = v.safeParse(RecipeContentSchema, raw);
  if (!result.success) throw new ContentError(file, describeIssues(result.issues));
  return result.output;
}

/** The files in `dir` whose names end with `ext`, in name order, as paths ([] when there is no `dir`). */
function filesIn(dir: string, ext: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => path.join(dir, f));
}

export function recipeFiles(contentDir: string): string[] {
  return filesIn(path.join(contentDir, 'recipes'), '.json');
}

const slugOfFile = (file: string) => path.basename(file).replace(/\.(json|md)$/, '');

interface FrontMatterDoc {
  data: Record<string, unknown>;
  body: string;
}

/** Splits a Markdown file into its YAML front matter and body. */
export function readMarkdown(file: string): FrontMatterDoc {
  const text = fs.readFileSync(file, 'utf8');
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) return { data: {}, body: text };
  return {
    data: (parseYaml(match[1] ?? '') ?? {}) as Record<string, unknown>,
    body: (match[2] ?? '').trim(),
  };
}

function readJsonFile<T>(file: string, fallback: T): T {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : fallback;
}

interface CategoryFile {
  name: string;
  slug: string;
  description: string;
}
interface UserFile {
  username: string;
  email: string;
}
interface ReviewFile {
  recipe: string;
  username: string;
  rating: number;
  comment: string;
  createdAt: string;
}
interface BlogCategoryFile {
  name: string;
  slug: string;
  description?: string;
}

/** Seeding refused before anything was written; the message says what to set. */
export class SeedRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedRefusedError';
  }
}

export const ADMIN_PASSWORD_REQUIRED_MESSAGE =
  "ADMIN_PASSWORD is not set, so the admin's first password would be generated and printed in the deploy log. Set ADMIN_PASSWORD (6 to 72 bytes) in the site's environment variables and deploy again; nothing was seeded.";

/**
 * Loads content/ into an empty database in one transaction. A database that has been seeded
 * (its settings row exists) is left exactly as it is: after the first start the database, not
 * content/, is the source of truth.
 */
export async function seedDatabase(
  db: Db,
  options: {
    contentDir: string;
    siteUrl: string;
    adminPassword?: string | undefined;
    /** Refuse to generate the admin's password (a deploy, whose log others read): ADMIN_PASSWORD must be set. */
    adminPasswordRequired?: boolean;
  },
): Promise<SeedResult> {
  const already = await db.selectFrom('settings').select('id').executeTakeFirst();
  if (already) return { seeded: false, recipes: 0, categories: 0, reviews: 0, posts: 0 };
  if (options.adminPasswordRequired && !options.adminPassword)
    throw new SeedRefusedError(ADMIN_PASSWORD_REQUIRED_MESSAGE);

  const { contentDir } = options;
  const categories = readJsonFile<CategoryFile[]>(path.join(contentDir, 'categories.json'), []);
  const recipes = recipeFiles(contentDir).map((file) => ({
    slug: slugOfFile(file),
    recipe: readRecipeFile(file),
  }));
  const users = readJsonFile<UserFile[]>(path.join(contentDir, 'users.json'), []);
  const reviews = filesIn(path.join(contentDir, 'reviews'), '.json').flatMap((file) =>
    readJsonFile<ReviewFile[]>(file, []),
  );
  const markdownDocs = (dir: string) =>
    filesIn(dir, '.md').map((file) => ({ slug: slugOfFile(file), doc: readMarkdown(file) }));
  const pages = markdownDocs(path.join(contentDir, 'pages'));
  const footer = fs.existsSync(path.join(contentDir, 'footer.json'))
    ? fs.readFileSync(path.join(contentDir, 'footer.json'), 'utf8')
    : null;
  const blogDir = path.join(contentDir, 'blog');
  const blogCategories = readJsonFile<BlogCategoryFile[]>(path.join(blogDir, 'categories.json'), []);
  const posts = markdownDocs(blogDir);

  if (
    options.adminPassword !== undefined &&
    (options.adminPassword.length < 6 || bcrypt.truncates(options.adminPassword))
  ) {
    // Login accepts 6 to 72 bytes; an admin password outside that could never be used.
    throw new Error('ADMIN_PASSWORD must be at least 6 characters and at most 72 bytes.');
  }
  const generatedAdminPassword = options.adminPassword
    ? undefined
    : crypto.randomBytes(12).toString('base64url');
  const adminHash = await bcrypt.hash(options.adminPassword ?? generatedAdminPassword!, PASSWORD_COST);

  await db.transaction().execute(async (trx) => {
    const settings = defaultSettings(options.siteUrl);
    await trx
      .insertInto('settings')
      .values({ id: 1, ...settingsToRow(settings) })
      .execute();
    await trx
      .insertInto('generator_config')
      .values({ id: 1 })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('ai_models')
      .values(
        DEFAULT_AI_MODELS.map((m) => ({
          id: m.id,
          name: m.name,
          cost_per_1k_tokens: m.costPer1kTokens,
          is_default: m.isDefault,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();

    await trx
      .insertInto('users')
      .values({ username: 'admin', email: 'admin@forkful.example', password_hash: adminHash })
      .onConflict((oc) => oc.expression(sql`lower(username)`).doNothing())
      .execute();
    if (users.length) {
      await trx
        .insertInto('users')
        .values(
          users.map((u) => ({ username: u.username, email: u.email, password_hash: DISABLED_PASSWORD_HASH })),
        )
        .onConflict((oc) => oc.expression(sql`lower(username)`).doNothing())
        .execute();
    }

    if (categories.length) {
      await trx
        .insertInto('categories')
        .values(
          categories.map((c) => ({
            name: c.name,
            slug: c.slug,
            description: c.description,
            image: `/images/categories/${c.slug}.webp`,
          })),
        )
        .onConflict((oc) => oc.column('slug').doNothing())
        .execute();
    }

    if (recipes.length) {
      await trx
        .insertInto('recipes')
        .values(
          recipes.map(({ slug, recipe }) =>
            recipeToRow(
              { ...recipe, image: recipe.image ?? `/images/recipes/${slug}.webp` },
              { slug, createdAt: recipe.createdAt },
            ),
          ),
        )
        .onConflict((oc) => oc.column('slug').doNothing())
        .execute();
    }

    if (reviews.length) {
      const recipeIds = new Map(
        (await trx.selectFrom('recipes').select(['id', 'slug']).execute()).map((r) => [r.slug, r.id]),
      );
      const userIds = new Map(
        (await trx.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]),
      );
      const rows = reviews.flatMap((r) => {
        const recipeId = recipeIds.get(r.recipe);
        const userId = userIds.get(r.username);
        if (!recipeId || !userId)
          throw new ContentError('content/reviews', [
            `review of "${r.recipe}" by "${r.username}" names an unknown recipe or user`,
          ]);
        return [
          {
            recipe_id: recipeId,
            user_id: userId,
            rating: r.rating,
            comment: r.comment.trim(),
            created_at: r.createdAt,
            updated_at: r.createdAt,
          },
        ];
      });
      await trx
        .insertInto('reviews')
        .values(rows)
        .onConflict((oc) => oc.columns(['recipe_id', 'user_id']).doNothing())
        .execute();
      // Ratings are aggregates of real review rows, never typed in.
      await sql`
        UPDATE recipes r SET rating = agg.tenths, review_count = agg.n
        FROM (SELECT recipe_id, round(avg(rating) * 10)::int AS tenths, count(*)::int AS n FROM reviews GROUP BY recipe_id) agg
        WHERE agg.recipe_id = r.id`.execute(trx);
    }

    const pageRows = pages.map(({ slug, doc }) => ({
      slug,
      title: String(doc.data.title ?? slug),
      description: String(doc.data.description ?? ''),
      content: doc.body,
      is_published: doc.data.published !== false,
    }));
    if (footer !== null)
      pageRows.push({
        slug: 'footer',
        title: 'Footer',
        description: 'Site footer (JSON)',
        content: footer,
        is_published: true,
      });
    if (pageRows.length)
      await trx
        .insertInto('pages')
        .values(pageRows)
        .onConflict((oc) => oc.column('slug').doNothing())
        .execute();

    if (blogCategories.length) {
      await trx
        .insertInto('blog_categories')
        .values(blogCategories.map((c) => ({ name: c.name, slug: c.slug, description: c.description ?? '' })))
        .onConflict((oc) => oc.column('slug').doNothing())
        .execute();
    }
    if (posts.length) {
      const blogCategoryIds = new Map(
        (await trx.selectFrom('blog_categories').select(['id', 'slug']).execute()).map((c) => [c.slug, c.id]),
      );
      await trx
        .insertInto('blog_posts')
        .values(
          posts.map(({ slug, doc }) => ({
            slug,
            title: String(doc.data.title ?? slug),
            excerpt: String(doc.data.excerpt ?? ''),
            content: doc.body,
            image: `/images/blog/${slug}.webp`,
            category_id: blogCategoryIds.get(String(doc.data.category ?? '')) ?? null,
            is_published: doc.data.published === true,
            created_at: String(doc.data.createdAt ?? new Date().toISOString()),
            updated_at: String(doc.data.createdAt ?? new Date().toISOString()),
          })),
        )
        .onConflict((oc) => oc.column('slug').doNothing())
        .execute();
    }
  });
  // Fresh planner statistics: left to autovacuum (never, in the embedded database), the planner
  // would keep guessing from an empty table and pick scans over the search indexes.
  await sql`ANALYZE`.execute(db);

  const result: SeedResult = {
    seeded: true,
    recipes: recipes.length,
    categories: categories.length,
    reviews: reviews.length,
    posts: posts.length,
  };
  if (generatedAdminPassword) result.generatedAdminPassword = generatedAdminPassword;
  return result;
}
