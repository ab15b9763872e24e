import type { Db } from '../../db/client.ts';
import { claimForDeploy } from '../../functions/_shared/services/publish-deploys.ts';

// A Netlify build's claim on the publish request it carries (the local server's builds claim in
// scripts/lib/publish-runner.ts). Netlify runs one build of a site at a time, but the previous
// deploy's `deploy-succeeded` event may still be on its way when the next build starts: while
// another deploy's build is recorded as running, the claim is retried for a little while.

/** How long a build waits for the previous deploy's event before it goes on without a claim. */
export const PREVIOUS_DEPLOY_WAIT_MS = 30_000;

/** Claims what waits for this deploy; resolves with the line for the build log. */
export async function claimDeployBuild(
  db: Db,
  env: NodeJS.ProcessEnv,
  options: { waitMs?: number; pollMs?: number } = {},
): Promise<string> {
  const deployId = env.DEPLOY_ID || env.BUILD_ID;
  if (!deployId)
    return 'Publishing: no DEPLOY_ID in this build, so it carries no publish request (the next deploy event cannot name it).';
  const deadline = Date.now() + (options.waitMs ?? PREVIOUS_DEPLOY_WAIT_MS);
  for (;;) {
    const claim = await claimForDeploy(db, deployId);
    if (claim.kind === 'claimed') {
      const { scope } = claim.request;
      return `Publishing: this deploy carries publish request ${claim.request.id} (${scope.writes} write(s): ${scope.reasons.slice(0, 3).join('; ') || 'rating changes'}).`;
    }
    if (claim.kind === 'idle') return 'Publishing: no publish request was waiting.';
    if (Date.now() >= deadline)
      return `Publishing: another build (${claim.running?.builder ?? 'unknown'}) has not reported back; this deploy goes on without claiming, and the waiting writes get a build of their own.`;
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 1000));
  }
}
