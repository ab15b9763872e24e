import type { Config } from '@netlify/functions';
import { getDb } from '../db/client.ts';
import { runScheduledGeneration } from './_shared/generator/schedule.ts';
import { scheduledHandler } from './_shared/scheduled.ts';

// Scheduled generation: Netlify runs this every hour (scheduled functions have 30
// seconds, so it only queues the batch; the background worker generates it and publishes once).
// Under `npm start` the local server runs it on the same schedule (scripts/lib/scheduled-functions.ts).

export const config: Config = {
  schedule: '@hourly',
};

export default scheduledHandler(async (context) => {
  const outcome = await runScheduledGeneration(getDb(), { context });
  return {
    outcome,
    log: outcome.ran
      ? `[generator] scheduled batch ${outcome.jobId}: ${outcome.count} recipes queued`
      : `[generator] scheduled run skipped: ${outcome.reason}`,
  };
});
