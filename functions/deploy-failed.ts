import type { Config } from '@netlify/functions';
import { deployEventHandler } from './_shared/deploy-events.ts';

// Netlify runs a function named after a deploy event when that event happens: a deploy did not
// complete. The publish request it carried is marked failed with Netlify's error message
// ('Publish failed' on the dashboard; the previous deploy keeps serving), and writes that
// arrived meanwhile get their build.
/** No path: Netlify calls it by its name on the event, never a client by URL. */
export const config: Config = {};

export default deployEventHandler('failed');
