import * as v from 'valibot';
import type { Db } from '../../../db/client.ts';
import type { GenerationKind } from '../../../db/schema.ts';
import { GeneratedBlogPostSchema } from '../../../src/lib/schemas/generated-content.ts';
import type { AiModel } from '../../../src/lib/schemas/generator-config.ts';
import {
  BLOG_LENGTHS,
  countWords,
  type BlogLength,
  type BlogTone,
} from '../../../src/lib/schemas/generator-request.ts';
import { slugify, uniqueSlug } from '../../../src/lib/slug.ts';
import { toIssues } from '../http.ts';
import { createPost } from '../services/blog.ts';
import { GenerationError, type Deadline } from './ai-client.ts';
import { GenerationRun } from './generation-run.ts';
import { structuredOutputSchema } from './json-schema.ts';

// One generated blog post: Markdown in the chosen tone, its length checked against
// the chosen length's word range (asked again once when it misses, then refused), an excerpt and one of the
// blog categories; saved as a draft (a new post is a draft) for the admin to publish.

export interface BlogGenerationRequest {
  /** The topic; empty lets the model pick one the blog lacks. */
  prompt: string;
  model: AiModel;
  tone: BlogTone;
  length: BlogLength;
  kind: GenerationKind;
  jobId?: number | null;
  avoid?: string[];
  /** When the whole generation must be over (the one-post route; batches have none). */
  deadline?: Deadline;
}

export interface GeneratedPostRef {
  id: number;
  slug: string;
  title: string;
}

const TONE_GUIDE: Record<BlogTone, string> = {
  professional: 'professional and precise, like a culinary magazine',
  casual: 'casual and relaxed, like chatting with a neighbour',
  friendly: 'warm and friendly, encouraging home cooks',
  educational: 'educational, explaining the why behind each technique',
};

async function uniquePostSlug(db: Db, title: string): Promise<string> {
  const base = slugify(title).slice(0, 80).replace(/-$/, '') || 'post';
  const taken = await db
    .selectFrom('blog_posts')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  return uniqueSlug(base, new Set(taken.map((r) => r.slug)));
}

export async function generateBlogPost(db: Db, request: BlogGenerationRequest): Promise<GeneratedPostRef> {
  const run = new GenerationRun(db, request);
  const range = BLOG_LENGTHS[request.length];
  try {
    const categories = await db
      .selectFrom('blog_categories')
      .select(['id', 'slug', 'name'])
      .orderBy('slug')
      .execute();
    const schema = structuredOutputSchema(GeneratedBlogPostSchema, {
      category: { type: 'string', enum: ['', ...categories.map((c) => c.slug)] },
    });
    const system = [
      'You write articles for the blog of Forkful, a recipe website for home cooks.',
      `Tone: ${TONE_GUIDE[request.tone]}.`,
      `Length: between ${range.min} and ${range.max} words of body text — aim for about ${Math.round((range.min + range.max) / 2)}.`,
      'content is Markdown: ## section headings, short paragraphs, lists where they help; no title heading (the title is separate).',
      'excerpt: one or two sentences for the blog index.',
      `category: the best fitting slug of ${categories.map((c) => c.slug).join(', ') || '(none)'}, or "" if none fits.`,
      'Answer with JSON only, following the schema.',
    ].join('\n');
    const recent = await db
      .selectFrom('blog_posts')
      .select('title')
      .orderBy('created_at', 'desc')
      .limit(40)
      .execute();
    const avoid = [...recent.map((r) => r.title), ...(request.avoid ?? [])];
    let user = request.prompt
      ? `Write a blog post about: ${request.prompt}`
      : `Choose a topic home cooks search for that this blog has not covered.${avoid.length ? ` Existing posts: ${avoid.join('; ')}.` : ''}`;
    for (let attempt = 0; ; attempt++) {
      const answer = await run.complete({ system, user, schemaName: 'blog_post', schema });
      const parsed = v.safeParse(GeneratedBlogPostSchema, answer.value);
      if (!parsed.success) {
        const [first] = toIssues(parsed.issues);
        throw new GenerationError(
          502,
          `The model's blog post broke the rules (${first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'schema'}).`,
        );
      }
      const post = parsed.output;
      const words = countWords(post.content);
      if (words < range.min || words > range.max) {
        if (attempt === 0) {
          user = `${user}\n\nYour previous draft had ${words} words; the post must have between ${range.min} and ${range.max} words.`;
          continue;
        }
        throw new GenerationError(
          502,
          `The model's post has ${words} words; a ${request.length} post needs ${range.min}–${range.max}.`,
        );
      }
      const category = categories.find((c) => c.slug === post.category);
      const slug = await uniquePostSlug(db, post.title);
      // The admin's blog service: same rules, a version kept; a draft.
      const created = await createPost(
        db,
        {
          title: post.title,
          slug,
          content: post.content,
          excerpt: post.excerpt,
          categoryId: category?.id ?? null,
          isPublished: false,
        },
        { author: 'generator', publish: false },
      );
      const row = { id: created.id, slug: created.slug, title: created.title };
      await run.record(request.prompt || null, {
        status: 'success',
        title: row.title,
        id: row.id,
        slug: row.slug,
      });
      return row;
    }
  } catch (err) {
    throw await run.failed(err, 'blog post', request.prompt || null);
  }
}
