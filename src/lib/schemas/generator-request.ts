import * as v from 'valibot';
import { wholeNumber } from './fields.ts';

// What the AI Generator tab sends. The tab's forms and the API
// parse with the same schemas.

export const BULK_RECIPES = { min: 1, max: 100, default: 10 } as const;
export const BULK_BLOGS = { min: 1, max: 20, default: 5 } as const;

export const BLOG_TONES = ['professional', 'casual', 'friendly', 'educational'] as const;
export type BlogTone = (typeof BLOG_TONES)[number];
export const DEFAULT_TONE: BlogTone = 'friendly';

/** Words per blog length. */
export const BLOG_LENGTHS = {
  short: { min: 500, max: 800 },
  medium: { min: 800, max: 1200 },
  long: { min: 1200, max: 2000 },
} as const;
export type BlogLength = keyof typeof BLOG_LENGTHS;
export const DEFAULT_LENGTH: BlogLength = 'medium';

/** The CSV upload's limits. */
export const CSV_LIMITS = { maxRows: 500, maxBytes: 1024 * 1024 } as const;

export const GENERATOR_REQUEST_MESSAGES = {
  model: 'Choose a model',
  prompt: 'The prompt is limited to 1000 characters',
  topic: 'Enter a topic for the blog post',
  bulkCount: `Count must be a whole number from ${BULK_RECIPES.min} to ${BULK_RECIPES.max}`,
  bulkBlogCount: `Count must be a whole number from ${BULK_BLOGS.min} to ${BULK_BLOGS.max}`,
  tone: `Tone must be one of ${BLOG_TONES.join(', ')}`,
  length: 'Length must be short, medium or long',
} as const;

const M = GENERATOR_REQUEST_MESSAGES;

const ModelId = v.optional(
  v.pipe(v.string(M.model), v.trim(), v.nonEmpty(M.model), v.maxLength(100, M.model)),
);
const Tone = v.optional(v.picklist(BLOG_TONES, M.tone), DEFAULT_TONE);
const Length = v.optional(v.picklist(Object.keys(BLOG_LENGTHS) as BlogLength[], M.length), DEFAULT_LENGTH);
const count = (range: { min: number; max: number; default: number }, message: string) =>
  v.optional(wholeNumber(message, range.min, range.max), range.default);

/** POST /api/generator/recipe: an empty prompt lets the model pick a dish the site lacks. */
export const GenerateRecipeRequestSchema = v.object(
  {
    prompt: v.optional(v.pipe(v.string(M.prompt), v.trim(), v.maxLength(1000, M.prompt)), ''),
    modelId: ModelId,
  },
  'Expected a JSON object',
);
export type GenerateRecipeRequest = v.InferOutput<typeof GenerateRecipeRequestSchema>;

/** POST /api/generator/bulk. */
export const BulkRecipesRequestSchema = v.object(
  { count: count(BULK_RECIPES, M.bulkCount), modelId: ModelId },
  'Expected a JSON object',
);

/** POST /api/generator/ai-blog (a non-empty topic). */
export const GenerateBlogRequestSchema = v.object(
  {
    prompt: v.pipe(v.string(M.topic), v.trim(), v.nonEmpty(M.topic), v.maxLength(1000, M.prompt)),
    modelId: ModelId,
    tone: Tone,
    length: Length,
  },
  'Expected a JSON object',
);
export type GenerateBlogRequest = v.InferOutput<typeof GenerateBlogRequestSchema>;

/** POST /api/generator/bulk-blog. */
export const BulkBlogsRequestSchema = v.object(
  { count: count(BULK_BLOGS, M.bulkBlogCount), modelId: ModelId, tone: Tone, length: Length },
  'Expected a JSON object',
);

/** Counts the words of Markdown text as a reader would (markup and link targets left out). */
export function countWords(markdown: string): number {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|-]+/g, ' ');
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
