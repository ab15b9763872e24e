import type { Config } from '@netlify/functions';
import { getDb } from '../db/client.ts';
import { publishWaitingRatings, requestPendingBuild } from './_shared/publish.ts';
import { scheduledHandler } from './_shared/scheduled.ts';
import { expireStaleBuilds } from './_shared/services/publishing.ts';

// The publish loop's hourly check on Netlify, where no process lives between requests (the local
// server runs it on the same schedule too, beside its own loop): rating changes that waited an
// hour for a publish go out; a build that never reported back (a lost deploy event) is taken as
// failed and what it carried is queued again; a publish left waiting (its hook call failed) is
// asked for once more.

export const config: Config = {
  schedule: '@hourly',
};

export default scheduledHandler(async (context) => {
  const db = getDb();
  const expired = await expireStaleBuilds(db);
  const ratings = await publishWaitingRatings(context, db);
  const retried = !ratings && (await requestPendingBuild(context, db));
  const done = ratings
    ? 'waiting ratings published'
    : retried
      ? 'waiting publish asked for again'
      : 'nothing waiting';
  return {
    outcome: { expired, ratings, retried },
    log: `[publish] hourly check: ${expired} stale build(s) queued again; ${done}`,
  };
});
