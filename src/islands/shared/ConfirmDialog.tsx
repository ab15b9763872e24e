import { useEffect, useRef, useState, type ReactNode } from 'react';
import { errorText } from '../../lib/api/client.ts';
import Dialog, { DialogClose, DialogNotice } from './Dialog.tsx';

// "Destructive actions ask first": a small modal question
// with the safe answer focused. Two ways to use it:
//
//   <ConfirmDialog open={asking} title="Delete category" message="Are you sure you want to delete this category?"
//     confirmLabel="Delete" onCancel={() => setAsking(false)}
//     onConfirm={async () => { await deleteCategory(id); setAsking(false); }} />
//
// or, for a list with a delete button per row, ask and wait for the answer:
//
//   const [confirm, confirmDialog] = useConfirm();
//   if (await confirm({ title: 'Delete post', message: 'Delete this post?', confirmLabel: 'Delete' })) …
//   return <>{rows}{confirmDialog}</>;

export interface ConfirmDialogProps {
  open: boolean;
  /** A short name of the action, e.g. "Delete category". */
  title: string;
  /** The question or consequence, e.g. "Are you sure you want to delete this category?". */
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string | undefined;
  /** danger (the default) paints the confirm button red. */
  tone?: 'danger' | 'neutral' | undefined;
  /**
   * Runs the action. When it returns a promise the dialog stays open with the button busy until
   * it settles; a rejection's message is shown inside and the dialog stays open to retry or
   * cancel. Closing after success is the caller's (set `open` to false).
   */
  onConfirm: () => void | Promise<unknown>;
  /** Cancel, Escape, the backdrop or the close button. */
  onCancel: () => void;
}

const TONES = {
  danger: 'btn bg-red-700 text-white hover:bg-red-800 dark:bg-red-400 dark:text-night dark:hover:bg-red-300',
  neutral: 'btn-primary',
} as const;

export default function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (open) setFailure(null);
  }, [open]);

  const confirm = async () => {
    if (busy) return;
    const result = onConfirm();
    if (!(result instanceof Promise)) return;
    setBusy(true);
    setFailure(null);
    try {
      await result;
    } catch (err) {
      setFailure(errorText(err, 'Something went wrong. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={message}
      size="sm"
      name="confirm"
      footer={
        <>
          <DialogClose autoFocus>{cancelLabel}</DialogClose>
          <button
            type="button"
            className={`${TONES[tone]} aria-disabled:opacity-60`}
            onClick={() => void confirm()}
            aria-disabled={busy || undefined}
            aria-busy={busy || undefined}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {failure && <DialogNotice tone="error">{failure}</DialogNotice>}
    </Dialog>
  );
}

export interface ConfirmRequest {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string | undefined;
  tone?: 'danger' | 'neutral' | undefined;
}

/**
 * `const [confirm, dialog] = useConfirm()`: `await confirm({...})` opens the question and
 * resolves true on confirm, false on cancel; render `dialog` once in the component.
 */
export function useConfirm(): [(request: ConfirmRequest) => Promise<boolean>, ReactNode] {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  const settle = (confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = null;
    setRequest(null);
  };

  // A component that goes away mid-question counts as a "no".
  useEffect(() => () => answer.current?.(false), []);

  const confirm = (next: ConfirmRequest) =>
    new Promise<boolean>((resolve) => {
      answer.current?.(false);
      answer.current = resolve;
      setRequest(next);
    });

  const dialog = (
    <ConfirmDialog
      open={request !== null}
      title={request?.title ?? ''}
      message={request?.message ?? ''}
      confirmLabel={request?.confirmLabel ?? ''}
      cancelLabel={request?.cancelLabel}
      tone={request?.tone}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  );
  return [confirm, dialog];
}
