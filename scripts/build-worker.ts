// One site build in a child process of the local server (see scripts/lib/ipc-database.ts): the
// host forks this with the output folder, answers its database queries, and the child exits
// when the build is done, taking the memory Astro's build leaves behind with it.
import { setDb } from '../db/client.ts';
import { setReadyDb } from '../db/ready.ts';
import { ipcDatabase } from './lib/ipc-database.ts';

const [root, outDir] = process.argv.slice(2);
if (!root || !outDir || !process.send) {
  console.error('build-worker is started by the local server (scripts/serve.ts), not by hand.');
  process.exit(2);
}
// Without its host the database is gone: stop rather than wait forever.
process.once('disconnect', () => process.exit(process.exitCode ?? 1));
const db = ipcDatabase();
setDb(db);
setReadyDb(db);
try {
  const { build } = await import('astro');
  await build({ root, outDir, logLevel: 'warn' });
  process.exitCode = 0;
  process.send({ type: 'built' });
  process.disconnect();
} catch (err) {
  console.error('[build-worker]', err);
  process.exitCode = 1;
  process.disconnect();
}
