import OpenAI from 'openai';
import { ApiError } from '../http.ts';

// The one door to the AI provider (docs/DECISIONS.md "Admin, images and the generator"): the `openai` SDK against any OpenAI-compatible
// endpoint — OpenAI itself, or a local Ollama (http://localhost:11434/v1) or llama.cpp server —
// named by OPENAI_BASE_URL, with OPENAI_API_KEY. The key lives in the environment, never in the
// database. Every failure becomes a GenerationError with a sentence the admin understands.

export const NOT_CONFIGURED_MESSAGE =
  'AI generation is not configured: set OPENAI_API_KEY (and OPENAI_BASE_URL for another endpoint) in the environment.';

/** A generation that failed for a reason worth showing (and logging) as it is. */
export class GenerationError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** Tokens the failed attempt(s) still used (they cost money). */
  promptTokens = 0;
  completionTokens = 0;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'GenerationError';
    this.status = status;
    this.headers = headers;
  }
  toApiError(): ApiError {
    return new ApiError(this.status, this.message, { headers: this.headers });
  }
}

export function isConfigured(): boolean {
  return Boolean(process.env.OPENAI_API_KEY);
}

/** The endpoint's origin for the tab ("api.openai.com" or "127.0.0.1:11434"). */
export function endpointName(): string {
  const base = process.env.OPENAI_BASE_URL;
  if (!base) return 'api.openai.com';
  try {
    return new URL(base).host;
  } catch {
    return base;
  }
}

export function imageModel(): string | null {
  return process.env.OPENAI_IMAGE_MODEL || null;
}

/** Seconds one call may take before it is abandoned (the SDK then retries it). */
function timeoutMs(): number {
  const seconds = Number(process.env.OPENAI_TIMEOUT_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 90) * 1000;
}
function maxRetries(): number {
  const n = Number(process.env.OPENAI_MAX_RETRIES);
  return Number.isInteger(n) && n >= 0 ? n : 2;
}

/**
 * A time by which a whole generation must be over, its calls and their retries included. The
 * routes that generate while the admin waits (one recipe, one blog post) run inside a synchronous
 * function, which Netlify stops at 60 seconds (netlify-cli at 30): stopped there, the request
 * would end in the platform's 500 and the reserved budget would never be given back. So they end
 * well before, with their own answer. Queued jobs (a background function) have no deadline.
 */
export interface Deadline {
  /** Epoch milliseconds. */
  at: number;
  /** How long it was (for the sentence). */
  ms: number;
}

/** The synchronous routes' deadline: GENERATOR_SYNC_DEADLINE_SECONDS, 20 seconds by default. */
export function syncDeadline(now = Date.now()): Deadline {
  const seconds = Number(process.env.GENERATOR_SYNC_DEADLINE_SECONDS);
  const ms = (Number.isFinite(seconds) && seconds > 0 && seconds <= 25 ? seconds : 20) * 1000;
  return { at: now + ms, ms };
}

function deadlineError(deadline: Deadline): GenerationError {
  const seconds = Math.round(deadline.ms / 100) / 10;
  return new GenerationError(
    504,
    `The AI provider did not finish within the ${seconds} seconds a generation may take while you wait. Nothing was saved and today's count is unchanged; try again, or use bulk generation, which runs in the background.`,
  );
}

/**
 * Per-call options under a deadline: each attempt's timeout is cut to the time left, and a
 * signal ends the call (retries included) when the deadline comes. Throws once it has passed.
 */
function callOptions(deadline: Deadline | undefined): { timeout: number; signal: AbortSignal } | undefined {
  if (!deadline) return undefined;
  const left = deadline.at - Date.now();
  if (left <= 0) throw deadlineError(deadline);
  return { timeout: Math.min(timeoutMs(), left), signal: AbortSignal.timeout(left) };
}

let cached: { key: string; client: OpenAI } | undefined;

/** The SDK client for the current environment (re-made when the environment changes). */
export function aiClient(): OpenAI {
  const apiKey = process.env.OPENAI_API_KEY;
  if (!apiKey) throw new GenerationError(503, NOT_CONFIGURED_MESSAGE);
  const baseURL = process.env.OPENAI_BASE_URL || undefined;
  const key = JSON.stringify([apiKey, baseURL, timeoutMs(), maxRetries()]);
  if (cached?.key !== key)
    cached = { key, client: new OpenAI({ apiKey, baseURL, timeout: timeoutMs(), maxRetries: maxRetries() }) };
  return cached.client;
}

export interface JsonCompletion {
  /** The parsed JSON the model answered with. */
  value: unknown;
  promptTokens: number;
  completionTokens: number;
}

/**
 * One chat completion whose answer must be a JSON object following `schema` (structured
 * output). Throws GenerationError for provider failures and for an answer that is not JSON.
 */
export async function completeJson(options: {
  model: string;
  system: string;
  user: string;
  schemaName: string;
  schema: Record<string, unknown>;
  temperature?: number;
  deadline?: Deadline | undefined;
}): Promise<JsonCompletion> {
  const client = aiClient();
  let completion: OpenAI.Chat.Completions.ChatCompletion;
  try {
    const limits = callOptions(options.deadline);
    completion = await client.chat.completions.create(
      {
        model: options.model,
        temperature: options.temperature ?? 0.8,
        messages: [
          { role: 'system', content: options.system },
          { role: 'user', content: options.user },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: options.schemaName, strict: true, schema: options.schema },
        },
      },
      limits,
    );
  } catch (err) {
    throw providerError(err, options.model, options.deadline);
  }
  const promptTokens = completion.usage?.prompt_tokens ?? 0;
  const completionTokens = completion.usage?.completion_tokens ?? 0;
  const withUsage = (error: GenerationError) =>
    Object.assign(error, { promptTokens, completionTokens }) as GenerationError;
  const choice = completion.choices?.[0];
  const content = choice?.message?.content;
  if (choice?.message && 'refusal' in choice.message && choice.message.refusal)
    throw withUsage(new GenerationError(502, `The model declined: ${choice.message.refusal}`));
  if (typeof content !== 'string' || content.trim() === '')
    throw withUsage(new GenerationError(502, 'The model returned an empty answer.'));
  if (choice?.finish_reason === 'length')
    throw withUsage(new GenerationError(502, 'The model ran out of tokens before finishing its answer.'));
  let value: unknown;
  try {
    value = JSON.parse(stripCodeFence(content));
  } catch {
    throw withUsage(new GenerationError(502, 'The model did not answer with valid JSON.'));
  }
  return { value, promptTokens, completionTokens };
}

/** Local models sometimes wrap JSON in a Markdown code fence despite the schema. */
function stripCodeFence(text: string): string {
  const match = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(text);
  return match ? match[1]! : text;
}

/** An image from the endpoint's image model (OPENAI_IMAGE_MODEL), as bytes. */
export async function generateImage(prompt: string, deadline?: Deadline): Promise<Uint8Array> {
  const model = imageModel();
  if (!model) throw new GenerationError(503, 'No image model is configured (OPENAI_IMAGE_MODEL).');
  const client = aiClient();
  let response: OpenAI.Images.ImagesResponse;
  try {
    const limits = callOptions(deadline);
    // DALL·E answers with a temporary URL unless asked for the bytes; gpt-image models always send bytes.
    response = /^dall-e/.test(model)
      ? await client.images.generate(
          {
            model,
            prompt,
            n: 1,
            response_format: 'b64_json',
            size: model === 'dall-e-2' ? '1024x1024' : '1792x1024',
          },
          limits,
        )
      : await client.images.generate({ model, prompt, n: 1, size: '1536x1024' }, limits);
  } catch (err) {
    throw providerError(err, model, deadline);
  }
  const first = response.data?.[0];
  if (first?.b64_json) return Buffer.from(first.b64_json, 'base64');
  throw new GenerationError(502, 'The image model returned no image data.');
}

/** The admin's sentence for what went wrong talking to the provider (after the SDK's retries). */
export function providerError(err: unknown, model: string, deadline?: Deadline): GenerationError {
  if (err instanceof GenerationError) return err;
  // Ended by the deadline: its signal aborted the call, or the last attempt's cut timeout ran out.
  if (
    deadline &&
    (err instanceof OpenAI.APIUserAbortError ||
      (err instanceof OpenAI.APIConnectionTimeoutError && Date.now() >= deadline.at - 50))
  )
    return deadlineError(deadline);
  const retries = maxRetries();
  const after = retries ? ` (after ${retries} ${retries === 1 ? 'retry' : 'retries'})` : '';
  if (err instanceof OpenAI.APIConnectionTimeoutError)
    return new GenerationError(
      504,
      `The AI provider did not answer within ${timeoutMs() / 1000} seconds${after}. Try again later.`,
    );
  if (err instanceof OpenAI.APIConnectionError)
    return new GenerationError(502, `The AI provider at ${endpointName()} could not be reached${after}.`);
  if (err instanceof OpenAI.RateLimitError)
    return new GenerationError(
      503,
      `The AI provider is limiting requests (429)${after}. Wait a minute and try again.`,
      { 'Retry-After': '60' },
    );
  if (err instanceof OpenAI.AuthenticationError || err instanceof OpenAI.PermissionDeniedError)
    return new GenerationError(502, 'The AI provider refused the API key (check OPENAI_API_KEY).');
  if (err instanceof OpenAI.NotFoundError)
    return new GenerationError(502, `The AI provider does not offer the model "${model}".`);
  if (err instanceof OpenAI.APIError && typeof err.status === 'number' && err.status >= 500)
    return new GenerationError(502, `The AI provider failed (${err.status})${after}. Try again later.`);
  if (err instanceof OpenAI.APIError)
    return new GenerationError(
      502,
      `The AI provider refused the request (${err.status ?? 'no status'}): ${truncate(err.message)}`,
    );
  console.error('[generator] unexpected provider error:', err);
  return new GenerationError(502, 'The AI provider call failed unexpectedly.');
}

const truncate = (s: string) => (s.length > 200 ? `${s.slice(0, 200)}…` : s);
