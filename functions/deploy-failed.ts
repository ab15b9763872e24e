import { deployEventHandler } from './_shared/deploy-events.ts';

// Netlify runs a function named after a deploy event when that event happens: a deploy did not
// complete. The publish request it carried is marked failed with Netlify's error message
// ('Publish failed' on the dashboard; the previous deploy keeps serving), and writes that
// arrived meanwhile get their build.
export default deployEventHandler('failed');
