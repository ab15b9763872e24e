import type { Db } from '../../../db/client.ts';
import type { GenerationKind } from '../../../db/schema.ts';
import type { AiModel } from '../../../src/lib/schemas/generator-config.ts';
import { ApiError } from '../http.ts';
import { recordGeneration, type GenerationRecord } from '../services/generation-log.ts';
import { completeJson, GenerationError, type Deadline, type JsonCompletion } from './ai-client.ts';

// The bookkeeping of one generation (a recipe or a blog post), from its first model call to its
// row in the generation log: the tokens of every call, retries and refused answers
// included (they cost money), the time taken, and what a failure is answered with.

/** What the log needs of a generation request. */
export interface LoggedRequest {
  kind: GenerationKind;
  model: AiModel;
  jobId?: number | null | undefined;
  /** When the whole generation must be over (the routes that generate while the admin waits). */
  deadline?: Deadline | undefined;
}

export class GenerationRun {
  private readonly started = performance.now();
  private promptTokens = 0;
  private completionTokens = 0;

  private readonly db: Db;
  private readonly request: LoggedRequest;

  constructor(db: Db, request: LoggedRequest) {
    this.db = db;
    this.request = request;
  }

  /** completeJson with the request's model, counting the call's tokens even when it fails. */
  async complete(
    options: Omit<Parameters<typeof completeJson>[0], 'model' | 'deadline'>,
  ): Promise<JsonCompletion> {
    const answer = await completeJson({
      ...options,
      model: this.request.model.id,
      deadline: this.request.deadline,
    }).catch((err: unknown) => {
      if (err instanceof GenerationError) this.count(err);
      throw err;
    });
    this.count(answer);
    return answer;
  }

  private count(tokens: { promptTokens: number; completionTokens: number }): void {
    this.promptTokens += tokens.promptTokens;
    this.completionTokens += tokens.completionTokens;
  }

  /** Writes the run's row in the generation log. */
  record(prompt: string | null, outcome: GenerationRecord['outcome']): Promise<void> {
    return recordGeneration(this.db, {
      kind: this.request.kind,
      modelId: this.request.model.id,
      costPer1kTokens: this.request.model.costPer1kTokens,
      prompt,
      outcome,
      promptTokens: this.promptTokens,
      completionTokens: this.completionTokens,
      durationMs: performance.now() - this.started,
      jobId: this.request.jobId ?? null,
    });
  }

  /**
   * Logs a failed run and returns the GenerationError to throw: a refusal by the content rules
   * is the model's fault (502), anything unexpected a 500 (also written to the console). A log
   * row that cannot be written is only reported, so the real error still reaches the caller.
   */
  async failed(err: unknown, what: 'recipe' | 'blog post', prompt: string | null): Promise<GenerationError> {
    const failure =
      err instanceof GenerationError
        ? err
        : err instanceof ApiError
          ? new GenerationError(502, `The model's ${what} was refused: ${err.message}`)
          : new GenerationError(
              500,
              `The ${what} could not be saved: ${(err as Error).message ?? String(err)}`,
            );
    if (!(err instanceof GenerationError) && !(err instanceof ApiError))
      console.error(`[generator] ${what} failed:`, err);
    await this.record(prompt, { status: 'error', error: failure.message }).catch((logErr: unknown) =>
      console.error('[generator] could not log a failure:', logErr),
    );
    return failure;
  }
}
