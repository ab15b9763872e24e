import { api, errorText } from '../../../lib/api-client.ts';
import { showToast } from '../../../stores/toasts.ts';
import { restoreTrashPath, trashIdOf } from './admin-api.ts';
import { publishRequested } from './publish-state.ts';

/** How long the toast offers to undo a delete (issue 12 item 6). */
export const UNDO_MS = 10_000;

/**
 * Deletes with DELETE `path`, then shows `success` with an Undo button for 10 s when the server
 * kept the item in its trash. `onChange` runs after the delete and again after an undo.
 */
export async function deleteWithUndo(
  path: string,
  success: { title: string; description: string },
  onChange: () => void,
): Promise<void> {
  const body = await api.delete<unknown>(path);
  publishRequested();
  onChange();
  const trashId = trashIdOf(body);
  if (trashId === undefined) {
    showToast(success);
    return;
  }
  showToast({
    ...success,
    durationMs: UNDO_MS,
    action: {
      label: 'Undo',
      onClick: () => {
        api
          .post<unknown>(restoreTrashPath(trashId))
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
