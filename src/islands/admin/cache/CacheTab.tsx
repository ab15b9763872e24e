import { useState } from 'react';
import { api, errorText } from '../../../lib/api/client.ts';
import { showToast } from '../../../stores/toasts.ts';
import { useConfirm } from '../../shared/ConfirmDialog.tsx';
import { Panel, rowButton } from '../shared/fields.tsx';
import { useTabActive } from '../shared/tab-active.ts';
import { plural } from '../../../lib/html.ts';
import {
  CACHE_POLL_MS,
  fillPercent,
  graceText,
  hitRatioText,
  IMAGE_POLL_MS,
  orderedAreas,
} from './cache-view.ts';
import { usePoll } from './use-poll.ts';
import ColumnHeads from '../shared/ColumnHeads.tsx';

// The Cache tab: each response-cache area as a bar
// of size against maxSize with hits, misses and hit ratio (polled every 10 s), the image stats
// (every 30 s), and the actions with their toasts ('Cache Cleared', 'Failed to clear cache', …). Polling stops while the tab or the browser
// tab is hidden.

const TABLE_COLUMNS = [
  { label: 'Table', className: 'py-2 pr-4 font-semibold' },
  { label: 'Rows', className: 'py-2 pr-4 text-right font-semibold' },
  { label: 'Size', className: 'py-2 text-right font-semibold' },
];

export default function CacheTab() {
  const active = useTabActive();
  const [stats, statsError, refreshStats] = usePoll(
    () => api.get('/api/admin/cache/stats'),
    CACHE_POLL_MS,
    active,
  );
  const [images, imagesError, refreshImages] = usePoll(
    () => api.get('/api/admin/images/stats'),
    IMAGE_POLL_MS,
    active,
  );
  // Counting every table's rows is real work on a large catalogue: once per visit and after
  // "Apply indexes", not on a timer.
  const [tables, tablesError, refreshTables] = usePoll(
    () => api.get('/api/admin/database/stats'),
    null,
    active,
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  const [lastConversion, setLastConversion] = useState<string | null>(null);

  const run = async <T,>(
    key: string,
    call: () => Promise<T>,
    success: (result: T) => { title: string; description?: string },
    failure: string,
    after: () => void,
  ) => {
    setBusy(key);
    try {
      const result = await call();
      showToast(success(result));
      after();
    } catch (err) {
      showToast({ title: 'Error', description: errorText(err, failure), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const clearArea = (area: string) =>
    run(
      `clear-${area}`,
      () => api.post('/api/admin/cache/clear/:area', { params: { area } }),
      () => ({ title: 'Cache Cleared', description: `The ${area} cache is empty.` }),
      'Failed to clear cache',
      refreshStats,
    );

  const clearAll = async () => {
    const ok = await confirm({
      title: 'Clear all caches',
      message: 'Clear every cache area? Pages stay online; the next visits are answered from the database.',
      confirmLabel: 'Clear all',
    });
    if (ok)
      await run(
        'clear-all',
        () => api.post('/api/admin/cache/clear-all'),
        () => ({ title: 'All Caches Cleared' }),
        'Failed to clear all caches',
        refreshStats,
      );
  };

  const applyIndexes = () =>
    run(
      'indexes',
      () => api.post('/api/admin/database/apply-indexes'),
      (r) => ({
        title: 'Success',
        description: `Indexes applied: ${r.created.length} created, ${r.existing.length} already there.`,
      }),
      'Failed to apply indexes',
      refreshTables,
    );

  const convertImages = () =>
    run(
      'convert',
      () => api.post('/api/admin/images/convert-temporary'),
      (r) => {
        setLastConversion(
          r.failures.length ? r.failures.map((f) => `${f.url}: ${f.reason}`).join('\n') : null,
        );
        return {
          title: 'Images Converted',
          description: `${r.convertedCount} converted, ${r.errorCount} failed.`,
        };
      },
      'Failed to convert images',
      refreshImages,
    );

  const clearImageCache = async () => {
    const ok = await confirm({
      title: 'Clear image cache',
      message:
        'Drop the resized copies of uploaded images? They are made again on the next visit; originals are kept.',
      confirmLabel: 'Clear',
    });
    if (ok)
      await run(
        'images',
        () => api.post('/api/admin/images/clear-cache'),
        (r) => ({
          title: 'Image Cache Cleared',
          description: `${plural(r.removedFiles, 'file')} removed (${r.freedMB} MB).`,
        }),
        'Failed to clear image cache',
        refreshImages,
      );
  };

  const removeUnusedImages = async () => {
    const ok = await confirm({
      title: 'Remove unused images',
      message: `Delete stored images that no recipe, post, category, page, saved version or trashed item uses and that were uploaded more than ${graceText(images?.unusedGraceSeconds)} ago? This cannot be undone.`,
      confirmLabel: 'Remove',
    });
    if (ok)
      await run(
        'unused',
        () => api.post('/api/admin/images/remove-unused'),
        (r) => ({
          title: 'Unused Images Removed',
          description: `${plural(r.removedImages, 'image')} removed (${r.freedMB} MB).`,
        }),
        'Failed to remove unused images',
        refreshImages,
      );
  };

  return (
    <div className="grid gap-6">
      <Panel
        title="Response cache"
        actions={
          <button
            type="button"
            className="btn-ghost"
            disabled={busy !== null}
            onClick={() => void clearAll()}
          >
            Clear all caches
          </button>
        }
      >
        {statsError !== null && !stats && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errorText(statsError, 'The cache figures could not be loaded.')}
          </p>
        )}
        {!stats ? (
          statsError === null && <p className="muted">Loading…</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2" data-cache-areas>
            {orderedAreas(stats).map(([area, s]) => (
              <li
                key={area}
                className="rounded-xl p-4 ring-1 ring-stone-200 dark:ring-night-line"
                data-cache-area={area}
              >
                <div className="flex items-center justify-between gap-2">
                  <h3 className="font-semibold capitalize">{area}</h3>
                  <button
                    type="button"
                    className={rowButton}
                    disabled={busy !== null}
                    onClick={() => void clearArea(area)}
                    aria-label={`Clear the ${area} cache`}
                  >
                    Clear
                  </button>
                </div>
                <div
                  className="mt-3 h-2.5 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800"
                  role="meter"
                  aria-label={`${area} cache fill`}
                  aria-valuemin={0}
                  aria-valuemax={s.maxSize}
                  aria-valuenow={s.size}
                  aria-valuetext={`${s.size} of ${s.maxSize} entries`}
                >
                  <div className="h-full bg-brand-600" style={{ width: `${fillPercent(s)}%` }} />
                </div>
                <dl className="muted mt-2 grid grid-cols-2 gap-x-3 text-sm">
                  <dt>Entries</dt>
                  <dd>
                    {s.size} / {s.maxSize}
                  </dd>
                  <dt>Hits / misses</dt>
                  <dd>
                    {s.hits ?? 0} / {s.misses ?? 0}
                  </dd>
                  <dt>Hit ratio</dt>
                  <dd>{hitRatioText(s)}</dd>
                </dl>
              </li>
            ))}
          </ul>
        )}
        <p className="muted mt-4 text-xs">Updated every 10 seconds while this tab is open.</p>
      </Panel>

      <Panel
        title="Images"
        actions={
          <>
            <button
              type="button"
              className="btn-ghost"
              disabled={busy !== null}
              onClick={() => void convertImages()}
            >
              {busy === 'convert' ? 'Converting…' : 'Convert temporary images'}
            </button>
            <button
              type="button"
              className="btn-ghost"
              disabled={busy !== null}
              onClick={() => void clearImageCache()}
            >
              Clear image cache
            </button>
            <button
              type="button"
              className="btn-ghost"
              disabled={busy !== null}
              onClick={() => void removeUnusedImages()}
            >
              Remove unused images
            </button>
          </>
        }
      >
        {imagesError !== null && !images && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {errorText(imagesError, 'The image figures could not be loaded.')}
          </p>
        )}
        {images && (
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4" data-image-stats>
            <Figure label="Images in use" value={images.totalUsed} />
            <Figure label="Served from this site" value={images.localImages} />
            <Figure
              label="Remote (temporary)"
              value={images.remoteImages ?? images.totalUsed - images.localImages}
            />
            <Figure label="Stored size" value={`${images.totalSizeMB} MB`} />
            {images.unusedImages !== undefined && (
              <Figure
                label={`Unused (over ${graceText(images.unusedGraceSeconds)} old)`}
                value={`${images.unusedImages} (${images.unusedSizeMB ?? 0} MB)`}
              />
            )}
          </dl>
        )}
        {lastConversion && (
          <details className="mt-4 text-sm">
            <summary className="cursor-pointer font-semibold">Images that could not be converted</summary>
            <pre className="mt-2 whitespace-pre-wrap break-all">{lastConversion}</pre>
          </details>
        )}
      </Panel>

      <Panel
        title="Database"
        actions={
          <button
            type="button"
            className="btn-ghost"
            disabled={busy !== null}
            onClick={() => void applyIndexes()}
          >
            Apply indexes
          </button>
        }
      >
        <p className="muted text-sm">
          Creates any missing index the site's queries need; existing ones are kept.
        </p>
        {tablesError !== null && !tables && (
          <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
            {errorText(tablesError, 'The table sizes could not be loaded.')}
          </p>
        )}
        {tables && (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm" data-database-tables>
              <caption className="muted pb-2 text-left">
                {plural(tables.tables.length, 'table')}, {tables.totalSizeMB} MB in all
              </caption>
              <ColumnHeads ruled columns={TABLE_COLUMNS} />
              <tbody>
                {tables.tables.map((t) => (
                  <tr key={t.name} className="border-b border-stone-100 last:border-0 dark:border-night-line">
                    <th scope="row" className="py-1.5 pr-4 font-mono font-normal">
                      {t.name}
                    </th>
                    <td className="py-1.5 pr-4 text-right tabular-nums">{t.rows.toLocaleString('en-US')}</td>
                    <td className="py-1.5 text-right tabular-nums">{t.sizeMB} MB</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
      {confirmDialog}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-xl p-4 ring-1 ring-stone-200 dark:ring-night-line">
      <dt className="muted text-sm">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
    </div>
  );
}
