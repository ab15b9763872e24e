import { useEffect, useId, useRef, type ReactNode, type SyntheticEvent } from 'react';

// A modal dialog on the native <dialog> element opened with showModal(), the pattern of the
// auth dialog: the browser makes the rest of the page inert (focus stays inside), Escape closes
// the topmost dialog, and the dialog is announced as modal. On top of that: a titled header with
// a close button, a scrolling body under a fixed header and footer, a click on the backdrop
// closes, focus starts on the element marked data-autofocus (else the first control) and goes
// back to whatever opened the dialog when it closes.

const WIDTHS = { sm: 'max-w-sm', md: 'max-w-[425px]', lg: 'max-w-lg', xl: 'max-w-xl' } as const;

export interface DialogProps {
  open: boolean;
  /** Called when the user closes the dialog (close button, Escape, backdrop). */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions pinned below the scrolling body. */
  footer?: ReactNode;
  width?: keyof typeof WIDTHS;
  /** Hook for tests and styles, e.g. data-dialog="shopping-list". */
  name?: string;
}

export default function Dialog({ open, onClose, title, description, children, footer, width = 'md', name }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const ids = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // React does not render `autofocus`, so the browser cannot see it: mark the start with data-autofocus.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Closed by unmounting while open (e.g. the user logged out): hand focus back all the same.
  useEffect(() => () => restoreFocus(openerRef.current), []);

  // React passes a nested dialog's close event up to its parent dialogs' handlers: only our own counts.
  const onNativeClose = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    restoreFocus(openerRef.current, event.currentTarget);
    openerRef.current = null;
    onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={`${ids}-title`}
      aria-describedby={description ? `${ids}-description` : undefined}
      data-dialog={name}
      onClose={onNativeClose}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself; the panel fills the rest.
        if (event.target === dialogRef.current) dialogRef.current.close();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${WIDTHS[width]} flex-col overflow-hidden rounded-2xl bg-white p-0 text-left text-ink shadow-2xl ring-1 ring-stone-200 backdrop:bg-night/50 backdrop:backdrop-blur-[2px] open:flex dark:bg-night-card dark:text-stone-100 dark:ring-night-line`}
    >
      <div className="relative flex-none px-5 pb-3 pt-5 sm:px-6">
        <h2 id={`${ids}-title`} className="pr-12 font-serif text-2xl font-bold">{title}</h2>
        {description && <p id={`${ids}-description`} className="muted mt-1 pr-8 text-sm">{description}</p>}
        <button
          type="button"
          onClick={() => dialogRef.current?.close()}
          aria-label="Close"
          className="absolute right-3 top-3 inline-flex size-11 items-center justify-center rounded-full text-stone-500 hover:bg-brand-50 hover:text-stone-900 dark:text-stone-400 dark:hover:bg-stone-800 dark:hover:text-white"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      {children && <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-5 sm:px-6">{children}</div>}
      {footer && (
        <div className="flex flex-none flex-wrap items-center justify-end gap-2 border-t border-stone-200 px-5 py-3 empty:hidden sm:px-6 dark:border-night-line">
          {footer}
        </div>
      )}
    </dialog>
  );
}

/**
 * Focus back to the opener; when the opener is gone (its row was cleared) and this dialog sat on
 * another one, to that dialog's starting point instead, so focus never drops out of a modal.
 */
function restoreFocus(opener: HTMLElement | null, dialog?: HTMLDialogElement): void {
  if (opener?.isConnected) {
    opener.focus();
    return;
  }
  const parent = dialog?.parentElement?.closest('dialog');
  parent?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
}

/** A message inside a dialog, where the page's toasts may sit under the backdrop. */
export function DialogNotice({ tone, children }: { tone: 'error' | 'info'; children: ReactNode }) {
  const look = tone === 'error'
    ? 'bg-red-50 text-red-800 dark:bg-red-950/40 dark:text-red-200'
    : 'bg-herb-100 text-herb-700 dark:bg-stone-800 dark:text-herb-300';
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-xl px-4 py-3 text-sm ${look}`}>
      {children}
    </p>
  );
}
