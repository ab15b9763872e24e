import { useState } from 'react';
import { api, errorText } from '../../../lib/api-client.ts';
import { showToast } from '../../../stores/toasts.ts';
import {
  restoreVersionPath,
  versionsPath,
  type VersionedCollection,
  type VersionSummary,
} from '../shared/admin-api.ts';
import { Panel, rowButton } from '../shared/fields.tsx';
import { publishRequested, shortTime } from '../shared/publish-state.ts';
import { useResource } from '../shared/use-resource.ts';

// Earlier versions of a recipe, page or post (issue 12 item 6): the last 20 with their time and
// author, each restored in one click (the restore is itself kept as a version, so it can be undone).

export default function VersionsPanel<T extends { id: number; updatedAt?: string }>({
  collection = 'recipes',
  item,
  onRestored,
}: {
  collection?: VersionedCollection;
  item: T;
  onRestored: (restored: T) => void;
}) {
  const [versions, reload] = useResource(
    (signal) => api.get<VersionSummary[]>(versionsPath(collection, item.id), { signal }),
    [collection, item.id, item.updatedAt],
  );
  const [busy, setBusy] = useState<number | null>(null);

  const restore = async (version: VersionSummary) => {
    setBusy(version.id);
    try {
      const restored = await api.post<T>(restoreVersionPath(collection, item.id, version.id));
      showToast({
        title: 'Version restored',
        description: `Restored the version of ${shortTime(version.createdAt)}.`,
      });
      publishRequested();
      onRestored(restored);
      reload();
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorText(err, 'Could not restore that version.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Panel title="Versions">
      {versions.status === 'failed' && !versions.data ? (
        <p className="muted text-sm">Earlier versions are not available on this server yet.</p>
      ) : !versions.data ? (
        <p className="muted text-sm">Loading versions…</p>
      ) : versions.data.length === 0 ? (
        <p className="muted text-sm">No earlier versions yet: each save keeps the one it replaces.</p>
      ) : (
        <ol className="divide-y divide-stone-200 dark:divide-night-line" data-versions>
          {versions.data.map((version) => (
            <li
              key={version.id}
              className="flex flex-wrap items-center justify-between gap-3 py-2.5"
              data-version
            >
              <div className="min-w-0">
                <p className="truncate font-medium">{version.title}</p>
                <p className="muted text-sm">
                  <time dateTime={version.createdAt}>{shortTime(version.createdAt)}</time> by {version.author}
                </p>
              </div>
              <button
                type="button"
                className={rowButton}
                disabled={busy !== null}
                onClick={() => void restore(version)}
                aria-label={`Restore the version of ${shortTime(version.createdAt)} (${version.title})`}
              >
                {busy === version.id ? 'Restoring…' : 'Restore'}
              </button>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
