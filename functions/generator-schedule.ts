import type { Config, Context } from '@netlify/functions';
import { getDb } from '../db/client.ts';
import { runScheduledGeneration } from './_shared/generator/schedule.ts';
import { errorResponse, json } from './_shared/http.ts';

// Scheduled generation: Netlify runs this every hour (scheduled functions have 30
// seconds, so it only queues the batch; the background worker generates it and publishes once).
// Under `npm start` the local server runs it on the same schedule (scripts/lib/scheduled-functions.ts).

export const config: Config = {
  schedule: '@hourly',
};

export default async function scheduledGeneration(
  req: Request,
  context: Partial<Context> = {},
): Promise<Response> {
  // Netlify invokes a scheduled function with a POST carrying {next_run}; nothing else runs it.
  if (req.method !== 'POST')
    return json(
      { error: `Method ${req.method} is not allowed here.` },
      { status: 405, headers: { Allow: 'POST' } },
    );
  try {
    const outcome = await runScheduledGeneration(getDb(), { context });
    console.log(
      outcome.ran
        ? `[generator] scheduled batch ${outcome.jobId}: ${outcome.count} recipes queued`
        : `[generator] scheduled run skipped: ${outcome.reason}`,
    );
    return json(outcome);
  } catch (err) {
    return errorResponse(err);
  }
}
