import { useState } from 'react';
import type { TrashedEntityName, TrashEntry } from '../../../lib/api/answers.ts';
import { api, errorText } from '../../../lib/api/client.ts';
import { showToast } from '../../../stores/toasts.ts';
import { Panel, rowButton } from './fields.tsx';
import { publishRequested, shortTime } from './publish-state.ts';
import { useResource } from './use-resource.ts';

// Recently deleted content (GET /api/admin/trash): anything deleted can come back after the
// toast's 10 s Undo has gone, as long as the server keeps it (30 days).

const NAMES: Record<TrashedEntityName, string> = {
  recipe: 'Recipe',
  category: 'Category',
  page: 'Page',
  post: 'Blog post',
  'blog-category': 'Blog category',
};

export default function TrashPanel({ onRestored }: { onRestored: () => void }) {
  const [open, setOpen] = useState(false);
  const [trash, reload] = useResource(
    (signal) => (open ? api.get('/api/admin/trash', { signal }) : Promise.resolve([])),
    [open],
  );
  const [busy, setBusy] = useState<number | null>(null);

  const restore = async (entry: TrashEntry) => {
    setBusy(entry.id);
    try {
      await api.post('/api/admin/trash/:id/restore', { params: { id: entry.id } });
      showToast({ title: 'Restored', description: `${entry.title} is back.` });
      publishRequested();
      reload();
      onRestored();
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorText(err, 'Could not restore it.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Panel
      title="Recently deleted"
      actions={
        <button type="button" className={rowButton} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide' : 'Show'}
        </button>
      }
    >
      {!open ? (
        <p className="muted text-sm">Deleted recipes, pages, posts and categories are kept for 30 days.</p>
      ) : trash.status === 'failed' ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errorText(trash.error, 'The deleted items could not be loaded.')}
        </p>
      ) : !trash.data ? (
        <p className="muted text-sm">Loading…</p>
      ) : trash.data.length === 0 ? (
        <p className="muted text-sm">Nothing has been deleted lately.</p>
      ) : (
        <ul className="divide-y divide-stone-200 dark:divide-night-line">
          {trash.data.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 py-2.5">
              <div className="min-w-0">
                <p className="truncate font-medium">{entry.title}</p>
                <p className="muted text-sm">
                  {NAMES[entry.entity]} · deleted{' '}
                  <time dateTime={entry.deletedAt}>{shortTime(entry.deletedAt)}</time> by {entry.deletedBy}
                </p>
              </div>
              <button
                type="button"
                className={rowButton}
                disabled={busy !== null}
                onClick={() => void restore(entry)}
                aria-label={`Restore ${entry.title}`}
              >
                {busy === entry.id ? 'Restoring…' : 'Restore'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
