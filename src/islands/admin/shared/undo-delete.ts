import { api, errorText } from '../../../lib/api/client.ts';
import { showToast } from '../../../stores/toasts.ts';
import type { Trashed } from '../../../lib/api/answers.ts';
import { publishRequested } from './publish-state.ts';

/** How long the toast offers to undo a delete. */
export const UNDO_MS = 10_000;

/**
 * Deletes with `remove` (an admin DELETE call), then shows `success` with an Undo button for 10 s
 * that restores the item from the trash. `onChange` runs after the delete and again after an undo.
 */
export async function deleteWithUndo(
  remove: () => Promise<Trashed>,
  success: { title: string; description: string },
  onChange: () => void,
): Promise<void> {
  const { trash } = await remove();
  publishRequested();
  onChange();
  showToast({
    ...success,
    durationMs: UNDO_MS,
    action: {
      label: 'Undo',
      onClick: () => {
        api
          .post('/api/admin/trash/:id/restore', { params: { id: trash.id } })
          .then(() => {
            publishRequested();
            onChange();
            showToast({ title: 'Restored', description: 'The deleted item is back.' });
          })
          .catch((err: unknown) =>
            showToast({
              title: 'Error',
              description: errorText(err, 'Could not undo the delete.'),
              variant: 'destructive',
            }),
          );
      },
    },
  });
}
