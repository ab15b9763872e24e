// Deploy step (netlify.toml build command): migrate the production database and seed it when
// empty, then, on a Netlify build, claim the publish request this build will carry, all before
// `astro build` reads the database. Requires DATABASE_URL or NETLIFY_DATABASE_URL.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUrl } from '../db/client.ts';
import { SeedRefusedError } from '../db/seed.ts';
import { claimDeployBuild } from './lib/deploy-claim.ts';
import { prepareDatabase } from './lib/prepare.ts';

const onNetlify = process.env.NETLIFY === 'true';
if (!databaseUrl() && onNetlify) {
  console.error(
    'DATABASE_URL (or NETLIFY_DATABASE_URL) is not set: connect a Neon database to this site first.',
  );
  process.exit(1);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const prepared = await prepareDatabase({ root, localProxy: false }).catch((err: unknown) => {
  // A refusal is a sentence saying what to set, not a stack trace.
  if (!(err instanceof SeedRefusedError)) throw err;
  console.error(err.message);
  process.exit(1);
});
for (const line of prepared.report) console.log(line);
if (onNetlify) console.log(await claimDeployBuild(prepared.db, process.env));
await prepared.close();
