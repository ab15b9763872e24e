import type { ReactNode, SubmitEvent } from 'react';
import Dialog, { DialogClose } from '../../shared/Dialog.tsx';
import { SubmitButton } from './SaveBar.tsx';

// A small item's form in a dialog (a category, a blog category): the fields, then Cancel and a
// Save button that submits the form from the dialog's footer.

export default function FormDialog({
  title,
  formId,
  name,
  saving,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  /** The form's id, which the footer's Save button names. */
  formId: string;
  /** The dialog's data-dialog hook, if tests look for it. */
  name?: string | undefined;
  saving: boolean;
  onClose: () => void;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      {...(name !== undefined ? { name } : {})}
      footer={
        <>
          <DialogClose />
          <SubmitButton busy={saving} label="Save" form={formId} />
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="grid gap-4">
        {children}
      </form>
    </Dialog>
  );
}
