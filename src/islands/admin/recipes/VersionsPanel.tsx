import { useState } from 'react';
import type { VersionSummary } from '../../../lib/api/answers.ts';
import { api, errorText } from '../../../lib/api/client.ts';
import type { BlogPost } from '../../../lib/schemas/blog-post.ts';
import type { Page } from '../../../lib/schemas/page.ts';
import type { Recipe } from '../../../lib/schemas/recipe.ts';
import { showToast } from '../../../stores/toasts.ts';
import { Panel, rowButton } from '../shared/fields.tsx';
import { publishRequested, shortTime } from '../shared/publish-state.ts';
import { useResource } from '../shared/use-resource.ts';
import VersionChanges from './VersionChanges.tsx';

// Earlier versions of a recipe, page or post: the last 20 with their time, author
// and what each differs in from the item now (so a restore is chosen knowingly), each restored in
// one click (the restore is itself kept as a version, so it can be undone).

/** The item whose versions are shown, and what its restore hands back (the same kind of item). */
type VersionedItem =
  | { collection?: 'recipes'; item: Recipe; onRestored: (restored: Recipe) => void }
  | { collection: 'pages'; item: Page; onRestored: (restored: Page) => void }
  | { collection: 'blog/posts'; item: BlogPost; onRestored: (restored: BlogPost) => void };

function listVersions(of: VersionedItem, signal: AbortSignal): Promise<VersionSummary[]> {
  const options = { params: { id: of.item.id }, signal };
  if (of.collection === 'pages') return api.get('/api/pages/:id/versions', options);
  if (of.collection === 'blog/posts') return api.get('/api/blog/posts/:id/versions', options);
  return api.get('/api/recipes/:id/versions', options);
}

async function restoreVersion(of: VersionedItem, versionId: number): Promise<void> {
  const options = { params: { id: of.item.id, versionId } };
  if (of.collection === 'pages')
    of.onRestored(await api.post('/api/pages/:id/versions/:versionId/restore', options));
  else if (of.collection === 'blog/posts')
    of.onRestored(await api.post('/api/blog/posts/:id/versions/:versionId/restore', options));
  else of.onRestored(await api.post('/api/recipes/:id/versions/:versionId/restore', options));
}

export default function VersionsPanel(props: VersionedItem) {
  const { collection, item } = props;
  const [versions, reload] = useResource(
    (signal) => listVersions(props, signal),
    [collection, item.id, item.updatedAt],
  );
  const [busy, setBusy] = useState<number | null>(null);

  const restore = async (version: VersionSummary) => {
    setBusy(version.id);
    try {
      await restoreVersion(props, version.id);
      showToast({
        title: 'Version restored',
        description: `Restored the version of ${shortTime(version.createdAt)}.`,
      });
      publishRequested();
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
              className="flex flex-wrap items-start justify-between gap-3 py-2.5"
              data-version
            >
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{version.title}</p>
                <p className="muted text-sm">
                  <time dateTime={version.createdAt}>{shortTime(version.createdAt)}</time> by {version.author}
                </p>
                <VersionChanges
                  changes={version.changes ?? []}
                  label={`Changed since the version of ${shortTime(version.createdAt)}`}
                />
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
