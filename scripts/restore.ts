// `npm run restore FILE`: puts a backup made by `npm run backup` back as the embedded database.
// Refuses while the server (or anything else) has the database open. See scripts/lib/backup.ts.
import path from 'node:path';
import { dataDir } from '../db/client.ts';
import { DatabaseLockedError } from '../db/embedded.ts';
import { refuseWithPostgres, restoreBackup, totalRows } from './lib/backup.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore <backup file>   (a file written by npm run backup)');
  process.exit(2);
}
refuseWithPostgres(
  "Restore it with Neon's point-in-time restore (see README, Backups). Nothing was changed.",
);

try {
  const dir = dataDir();
  const result = await restoreBackup(dir, path.resolve(file));
  console.log(
    `Restored ${file} into ${path.join(dir, 'pglite')}: ${totalRows(result.tables)} rows in ${Object.keys(result.tables).length} tables.`,
  );
  if (result.keptAs)
    console.log(
      `The directory it replaced is kept as ${result.keptAs} (delete it once you no longer need it).`,
    );
  console.log('Start the server with npm start.');
} catch (err) {
  if (err instanceof DatabaseLockedError) {
    console.error(
      `Restore refused: ${err.message.replace('Nothing was changed.', '')}Stop the server, then run the restore again. Nothing was changed.`,
    );
  } else {
    console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  process.exit(1);
}
