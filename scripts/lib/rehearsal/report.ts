import type { DeployRecord } from './netlify-stand-in.ts';

// What a rehearsal reports (printed by scripts/rehearse.ts, written to bench/rehearsal.json,
// checked by tests/rehearsal/rehearse.test.ts), and how it is asked for.

export interface RehearsalReport {
  ok: boolean;
  error?: string;
  seconds: { total: number; setup: number; firstDeployAndServe: number; editToLive?: number };
  /** How long `netlify serve` took to start (its own build included). */
  serveSeconds?: number;
  deploys: DeployRecord[];
  coldStart?: { function: string; firstMs: number; warmMs: number };
  heaviestColdStart?: { function: string; firstMs: number; warmMs: number };
  /** Functions Netlify's build bundled. (Their sizes are measured by tests/bundles over a real
   * install: here node_modules are links to the repository's, which the zips keep as links.) */
  functionsBundled: number;
  hookCalls: number;
  checks: string[];
}

export interface RehearsalOptions {
  repoRoot: string;
  log?: (line: string) => void;
  /** Keep the work folder (logs of every build) instead of deleting it. */
  keep?: boolean;
}
