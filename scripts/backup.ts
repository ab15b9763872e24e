// `npm run backup [FILE]`: a consistent snapshot of the embedded database, taken through the
// running server when there is one (it owns the database), else directly. See scripts/lib/backup.ts.
import path from 'node:path';
import { dataDir } from '../db/client.ts';
import { DamagedDatabaseError, DatabaseLockedError } from '../db/embedded.ts';
import { formatBytes, refuseWithPostgres, takeBackup, totalRows } from './lib/backup.ts';

refuseWithPostgres("Use Neon's point-in-time restore or pg_dump (see README, Backups). Nothing was written.");

try {
  const result = await takeBackup(dataDir(), process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  console.log(
    `Backup written: ${path.relative(process.cwd(), result.file) || result.file} ` +
      `(${formatBytes(result.bytes)}, ${totalRows(result.tables)} rows in ${Object.keys(result.tables).length} tables) ` +
      `in ${result.seconds.toFixed(1)} s, ${result.via === 'server' ? 'through the running server' : 'with no server running'}.`,
  );
  console.log(
    `Restore it with: npm run restore ${path.relative(process.cwd(), result.file)} (with the server stopped)`,
  );
} catch (err) {
  const known = err instanceof DatabaseLockedError || err instanceof DamagedDatabaseError;
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  if (!known && !(err instanceof Error)) console.error(err);
  process.exit(1);
}
