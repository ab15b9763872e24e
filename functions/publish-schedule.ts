import type { Config, Context } from '@netlify/functions';
import { getDb } from '../db/client.ts';
import { errorResponse, json } from './_shared/http.ts';
import { publishWaitingRatings, requestPendingBuild } from './_shared/publish.ts';
import { expireStaleBuilds } from './_shared/services/publishing.ts';

// The publish loop's hourly check on Netlify, where no process lives between requests (the local
// server runs it on the same schedule too, beside its own loop): rating changes that waited an
// hour for a publish go out; a build that never reported back (a lost deploy event) is taken as
// failed and what it carried is queued again; a publish left waiting (its hook call failed) is
// asked for once more.

export const config: Config = {
  schedule: '@hourly',
};

export default async function publishSchedule(
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
    const db = getDb();
    const expired = await expireStaleBuilds(db);
    const ratings = await publishWaitingRatings(context, db);
    const retried = !ratings && (await requestPendingBuild(context, db));
    console.log(
      `[publish] hourly check: ${expired} stale build(s) queued again; ${
        ratings
          ? 'waiting ratings published'
          : retried
            ? 'waiting publish asked for again'
            : 'nothing waiting'
      }`,
    );
    return json({ expired, ratings, retried });
  } catch (err) {
    return errorResponse(err);
  }
}
