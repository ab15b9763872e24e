import { sql } from 'kysely';
import type { Db } from '../../../db/client.ts';
import { settingsFromRow, settingsToRow } from '../../../db/mappers/settings.ts';
import { SettingsInputSchema, type Settings } from '../../../src/lib/schemas/settings.ts';
import { defaultSettings } from '../../../src/lib/site-defaults.ts';
import { siteUrl } from '../../../src/lib/site-url.ts';
import { parseOrThrow } from '../http.ts';
import { publish } from '../publish.ts';
import { inTransaction } from './in-transaction.ts';
import type { WriteOptions } from './recipe-writes.ts';

// Site settings: one row, read by everyone, written by the admin.

/** The site's origin when the PUT leaves siteUrl out. */
const siteOrigin = () => siteUrl(process.env);

/** The settings (the product's defaults when the row is missing, as on a database never seeded). */
export async function readSettings(db: Db): Promise<Settings & { updatedAt: string | null }> {
  const row = await db.selectFrom('settings').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return { ...defaultSettings(siteOrigin()), updatedAt: null };
  return { ...settingsFromRow(row), updatedAt: new Date(row.updated_at).toISOString() };
}

/**
 * Saves the settings the admin sent. A field left out keeps its saved value (the defaults when
 * nothing was ever saved), so a partial PUT changes only what it names; the answer is always
 * the whole settings object, as GET answers it.
 */
export async function saveSettings(db: Db, input: unknown, options: WriteOptions = {}): Promise<Settings> {
  const isObject = input !== null && typeof input === 'object' && !Array.isArray(input);
  const { updatedAt: _updatedAt, ...current } = isObject ? await readSettings(db) : { updatedAt: null };
  const values = parseOrThrow(SettingsInputSchema, isObject ? { ...current, ...input } : input, 'settings');
  const settings: Settings = { ...values, siteUrl: values.siteUrl ?? siteOrigin() };
  const row = settingsToRow(settings);
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('settings')
      .values({ id: 1, ...row } as never)
      .onConflict((oc) => oc.column('id').doUpdateSet({ ...row, updated_at: sql<Date>`now()` }))
      .execute();
  });
  if (options.publish !== false)
    await publish({ reason: 'Settings updated', siteWide: true }, options.context);
  return settings;
}
