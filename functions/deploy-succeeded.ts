import type { Config } from '@netlify/functions';
import { deployEventHandler } from './_shared/deploy-events.ts';

// Netlify runs a function named after a deploy event when that event happens: a deploy went
// live. It finishes the publish request that deploy's build carried ('Live since …' on the
// dashboard) and calls the build hook once more if writes arrived while it ran.
/** No path: Netlify calls it by its name on the event, never a client by URL. */
export const config: Config = {};

export default deployEventHandler('succeeded');
