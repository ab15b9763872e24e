import Dialog from './Dialog.tsx';

// "Destructive actions ask first" (SPEC §2): a small modal question with the safe answer focused.

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export default function ConfirmDialog({ open, title, message, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={message}
      width="sm"
      name="confirm"
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onCancel} data-autofocus>Cancel</button>
          <button
            type="button"
            className="btn bg-red-700 text-white hover:bg-red-800 dark:bg-red-400 dark:text-night dark:hover:bg-red-300"
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    />
  );
}
