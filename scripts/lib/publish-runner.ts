import type { Db } from '../../db/client.ts';
import { publishWaitingRatings } from '../../functions/_shared/publish.ts';
import {
  claimPendingRequest,
  claimWhenDue,
  finishRequest,
  PUBLISH_TIMING,
  requeueUnfinished,
  type PublishRequest,
  type PublishTiming,
} from '../../functions/_shared/services/publishing.ts';
import { buildScopeOf } from '../../src/lib/publish-scope.ts';
import type { PublishScope } from '../../src/lib/schemas/publish.ts';

// The local server's side of publishing (docs/DECISIONS.md "Publishing"): what a Netlify build does after a build
// hook call, done by the server that owns the embedded database. Requests live in the database,
// so a restart picks up what was waiting (and what a stopped build never finished). When a
// build starts is decided by claimWhenDue (PublishTiming): a burst of writes is at most two builds.

/** How often waiting rating changes are checked for their hourly publish. */
export const RATINGS_CHECK_MS = 5 * 60_000;
/** The builder name the local server records on the requests it builds. */
export const LOCAL_BUILDER = 'local';

export interface PublishRunnerOptions {
  db: Db;
  /** Builds the site for a scope; rejects when the build fails (the previous site keeps serving). */
  build: (scope: PublishScope) => Promise<unknown>;
  log?: (line: string) => void;
  timing?: PublishTiming;
  ratingsCheckMs?: number;
}

export class PublishRunner {
  readonly #db: Db;
  readonly #build: (scope: PublishScope) => Promise<unknown>;
  readonly #log: (line: string) => void;
  readonly #timing: PublishTiming;
  readonly #ratingsCheckMs: number;
  #loop: Promise<void> | undefined;
  #wokenDuringLoop = false;
  #stopped = false;
  #ratingsTimer: NodeJS.Timeout | undefined;
  #sleeping: { timer: NodeJS.Timeout; resolve: () => void } | undefined;

  constructor(options: PublishRunnerOptions) {
    this.#db = options.db;
    this.#build = options.build;
    this.#log = options.log ?? ((line) => console.log(line));
    this.#timing = options.timing ?? PUBLISH_TIMING;
    this.#ratingsCheckMs = options.ratingsCheckMs ?? RATINGS_CHECK_MS;
  }

  /**
   * Before the server's first build: builds a stopped server left unfinished go back into the
   * pending request, and the pending request is claimed, so the start-up build carries it.
   */
  async beginStartup(): Promise<PublishRequest | undefined> {
    const requeued = await requeueUnfinished(
      this.#db,
      'The server stopped before this build finished; it was built again at the next start.',
      { builder: LOCAL_BUILDER },
    );
    if (requeued)
      this.#log(`Publishing: ${requeued} unfinished build(s) from before the restart queued again.`);
    const claim = await claimPendingRequest(this.#db, LOCAL_BUILDER);
    return claim.kind === 'claimed' ? claim.request : undefined;
  }

  /** Records the start-up build's outcome on the request it carried. */
  async endStartup(request: PublishRequest | undefined, error?: string): Promise<void> {
    if (request) await finishRequest(this.#db, request.id, error);
  }

  /** Starts watching: builds what waits now, and checks waiting rating changes periodically. */
  start(): void {
    this.#stopped = false;
    this.#ratingsTimer = setInterval(() => void this.#publishWaitingRatings(), this.#ratingsCheckMs);
    this.#ratingsTimer.unref();
    this.wake();
  }

  /** Something may wait to be built (the build hook was called). */
  wake(): void {
    if (this.#stopped) return;
    if (this.#loop) {
      this.#wokenDuringLoop = true;
      return;
    }
    this.#loop = this.#run()
      .catch((err: unknown) => this.#log(`[publish] the publish loop failed: ${(err as Error).message}`))
      .finally(() => {
        this.#loop = undefined;
      });
  }

  /** Resolves when nothing waits to be built any more (tests). */
  async idle(): Promise<void> {
    while (this.#loop) await this.#loop;
  }

  /** Stops the loop; a build in progress is left unrecorded, so the next start builds it again. */
  stop(): void {
    this.#stopped = true;
    clearInterval(this.#ratingsTimer);
    if (this.#sleeping) {
      clearTimeout(this.#sleeping.timer);
      this.#sleeping.resolve();
    }
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      this.#wokenDuringLoop = false;
      const request = await claimWhenDue(this.#db, LOCAL_BUILDER, {
        timing: this.#timing,
        sleep: (ms) => this.#sleep(ms),
        stopped: () => this.#stopped,
      });
      if (request) await this.#buildRequest(request);
      else if (!this.#wokenDuringLoop) return;
    }
  }

  async #buildRequest(request: PublishRequest): Promise<void> {
    const scope = buildScopeOf(request.scope);
    let error: string | undefined;
    try {
      await this.#build(scope);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    // A build cut short by a stopping server stays unfinished: the next start builds it again.
    if (this.#stopped) return;
    await finishRequest(this.#db, request.id, error);
    const seconds = ((Date.now() - request.requestedAt.getTime()) / 1000).toFixed(1);
    if (error)
      this.#log(`[publish] build failed (${scope.reason}): ${error} The previous site keeps serving.`);
    else this.#log(`Published: ${scope.reason} (live ${seconds} s after the first request).`);
  }

  async #publishWaitingRatings(): Promise<void> {
    try {
      if (await publishWaitingRatings({}, this.#db)) this.wake();
    } catch (err) {
      this.#log(`[publish] could not publish waiting ratings: ${(err as Error).message}`);
    }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#sleeping = undefined;
        resolve();
      }, ms);
      this.#sleeping = { timer, resolve };
    });
  }
}
