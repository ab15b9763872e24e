import type { ReactNode } from 'react';
import type { Trashed } from '../../../lib/api/answers.ts';
import { errorText } from '../../../lib/api/client.ts';
import { showToast } from '../../../stores/toasts.ts';
import { useConfirm } from '../../shared/ConfirmDialog.tsx';
import { deleteWithUndo } from './undo-delete.ts';

// A list row's Delete: ask, then delete
// into the trash with the Undo toast; a refusal is an error toast and the row stays.

export interface DeleteRequest {
  /** The question's title and sentence, e.g. 'Delete page' and 'Are you sure you want to delete this page?'. */
  question: { title: string; message: string };
  remove: () => Promise<Trashed>;
  /** The success toast's text, e.g. 'Page deleted.'. */
  deletedMessage: string;
  /** The error toast's text for a refusal: the server's message, else this one (or a function's choice). */
  failedMessage: string | ((err: unknown) => string);
  /** Runs after the delete and again after an undo (reload the list). */
  onChange: () => void;
}

/** Returns the delete action and the question's dialog, which the tab renders once. */
export function useConfirmedDelete(): [(request: DeleteRequest) => Promise<void>, ReactNode] {
  const [confirm, confirmDialog] = useConfirm();

  const confirmedDelete = async (request: DeleteRequest) => {
    if (!(await confirm({ ...request.question, confirmLabel: 'Delete' }))) return;
    try {
      await deleteWithUndo(
        request.remove,
        { title: 'Success', description: request.deletedMessage },
        request.onChange,
      );
    } catch (err) {
      const { failedMessage } = request;
      showToast({
        title: 'Error',
        description: typeof failedMessage === 'string' ? errorText(err, failedMessage) : failedMessage(err),
        variant: 'destructive',
      });
    }
  };

  return [confirmedDelete, confirmDialog];
}
