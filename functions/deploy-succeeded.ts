import { deployEventHandler } from './_shared/deploy-events.ts';

// Netlify runs a function named after a deploy event when that event happens: a deploy went
// live. It finishes the publish request that deploy's build carried ('Live since …' on the
// dashboard) and calls the build hook once more if writes arrived while it ran.
export default deployEventHandler('succeeded');
