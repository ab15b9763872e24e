import { getDb } from '../db/client.ts';
import {
  drainJobs,
  kickWorker,
  WORKER_HEADER,
  WORKER_PATH,
  workerToken,
} from './_shared/generator/worker.ts';
import { ApiError, json } from './_shared/http.ts';
import { defineRoutes, type Config } from './_shared/router.ts';

// The generator's worker on Netlify: a background function (15 minutes, and an immediate 202 to
// its caller) that drains the generator_jobs table. `config.background` is what declares it one
// for Netlify Functions v2; the file keeps its `-background` name, which older tooling reads. Routes
// and the schedule call it with a secret derived from JWT_SECRET; anyone else gets a 403. It
// stops taking items a little before its time runs out, puts the job back in the queue and
// calls itself again, so a batch of any size finishes.

export const config: Config = {
  path: ['/api/generator/worker'],
  method: ['POST'],
  background: true,
};

/** Netlify stops a background function at 15 minutes: stop starting items well before. */
const BUDGET_MS = 13 * 60 * 1000;

export default defineRoutes([
  {
    method: 'POST',
    path: WORKER_PATH,
    handler: async (req, { netlify }) => {
      if (req.headers.get(WORKER_HEADER) !== workerToken()) throw new ApiError(403, 'Not allowed.');
      const outcome = await drainJobs(getDb(), { deadline: Date.now() + BUDGET_MS, context: netlify });
      if (outcome.requeued) await kickWorker(netlify, req);
      return json(outcome, { status: 202 });
    },
  },
]);
