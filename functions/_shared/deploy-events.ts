import type { Context } from '@netlify/functions';
import * as v from 'valibot';
import { getDb, type Db } from '../../db/client.ts';
import { requestPendingBuild } from './publish.ts';
import { finishDeploy } from './services/publish-deploys.ts';
import { hookCallFailed } from './services/publish-hook-calls.ts';
import { pendingRequest } from './services/publishing.ts';

// Netlify's side of the publish loop's end. A Netlify build claims the pending publish request
// when it reads the database (scripts/prepare-database.ts, as `netlify:{DEPLOY_ID}`); no process
// lives on after it, so Netlify's deploy events close the loop: `deploy-succeeded` and
// `deploy-failed` (functions named after the events) finish the request that deploy carried and
// call the build hook once more when writes arrived while it ran. The local server does the same
// steps in its own loop (scripts/lib/publish-runner.ts); both share the state in the database.

/** The part of Netlify's event body we read: the deploy's id and, when it failed, why. */
const DeployEventSchema = v.object({
  payload: v.object({
    id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
    error_message: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(4000)))),
  }),
});

export type DeployOutcome = 'succeeded' | 'failed';

export interface DeployEventResult {
  /** The publish request the deploy carried, if it claimed one. */
  finished: number | null;
  /** Whether the build hook was called for writes that arrived during the deploy. */
  hookCalled: boolean;
}

/** Reads an event body; undefined when it is not a deploy event. */
export function parseDeployEvent(body: unknown): { deployId: string; error: string | null } | undefined {
  const parsed = v.safeParse(DeployEventSchema, body);
  if (!parsed.success) return undefined;
  return { deployId: parsed.output.payload.id, error: parsed.output.payload.error_message ?? null };
}

/** Records a deploy's end and starts the next build when one is wanted. */
export async function onDeployEnded(
  outcome: DeployOutcome,
  event: { deployId: string; error: string | null },
  context: Partial<Context> = {},
  db: Db = getDb(),
): Promise<DeployEventResult> {
  const error =
    outcome === 'failed'
      ? `The deploy failed: ${event.error?.trim() || 'Netlify gave no reason.'}`
      : undefined;
  const finished = await finishDeploy(db, event.deployId, error);
  if (!finished && error) {
    // The build failed before it claimed anything (the database step, a dependency): the hook
    // call that started it is marked failed, so the dashboard says so. No new build now (it
    // would fail the same way, again and again): the next write, the admin's Publish button or
    // the hourly check tries again.
    const pending = await pendingRequest(db);
    if (pending?.hookCalledAt) await hookCallFailed(db, pending.id, error);
    return { finished: null, hookCalled: false };
  }
  const hookCalled = await requestPendingBuild(context, db);
  return { finished: finished?.id ?? null, hookCalled };
}

/** The handler of the `deploy-succeeded` / `deploy-failed` event functions. */
export function deployEventHandler(outcome: DeployOutcome) {
  return async (req: Request, context: Partial<Context> = {}): Promise<Response> => {
    const headers = { 'content-type': 'application/json', 'cache-control': 'no-store' };
    if (req.method !== 'POST')
      return new Response(JSON.stringify({ error: 'Deploy events are POSTed by Netlify.' }), {
        status: 405,
        headers: { ...headers, allow: 'POST' },
      });
    let body: unknown;
    try {
      body = await req.json();
    } catch {
      body = undefined;
    }
    const event = parseDeployEvent(body);
    if (!event)
      return new Response(JSON.stringify({ error: 'The body is not a Netlify deploy event.' }), {
        status: 400,
        headers,
      });
    try {
      const result = await onDeployEnded(outcome, event, context);
      console.log(
        `[publish] deploy ${event.deployId} ${outcome}: ${
          result.finished ? `request ${result.finished} finished` : 'it carried no publish request'
        }${result.hookCalled ? '; writes made meanwhile: build hook called' : ''}`,
      );
      return new Response(JSON.stringify(result), { status: 200, headers });
    } catch (err) {
      console.error(
        `[publish] could not record deploy ${event.deployId} ${outcome}:`,
        (err as Error).message,
      );
      return new Response(
        JSON.stringify({ error: 'The deploy could not be recorded; it is retried by the hourly check.' }),
        {
          status: 503,
          headers,
        },
      );
    }
  };
}
