// Deploy step (netlify.toml build command): migrate the production database and seed it when
// empty, before `astro build` reads it. Requires DATABASE_URL or NETLIFY_DATABASE_URL.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUrl } from '../db/client.ts';
import { prepareDatabase } from './lib/prepare.ts';

if (!databaseUrl() && process.env.NETLIFY === 'true') {
  console.error(
    'DATABASE_URL (or NETLIFY_DATABASE_URL) is not set: connect a Neon database to this site first.',
  );
  process.exit(1);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const prepared = await prepareDatabase({ root });
for (const line of prepared.report) console.log(line);
await prepared.close();
