import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { closeIcon } from '../../lib/icons/close.ts';
import { Icon } from './Icon.tsx';

// The one modal dialog of the site. Built on the native <dialog> opened with showModal(), so the
// browser makes the rest of the page inert, announces the dialog as modal and closes it on
// Escape. On top of that it:
// - is labelled by its title (and described by its description),
// - keeps Tab and Shift+Tab cycling inside (Firefox and Safari would otherwise leave for the
//   browser's toolbar),
// - starts focus on the element marked data-autofocus, else the first control,
// - hands focus back to the element that opened it when it closes,
// - stops the page behind from scrolling, and closes on a click on the backdrop,
// - never grows past 90 % of the screen's height and scrolls its body instead.
//
// Usage:
//   <Dialog open={open} onClose={() => setOpen(false)} title="Edit category" size="md"
//     footer={<><DialogClose /><button type="submit" form={formId} className="btn-primary">Save</button></>}>
//     <form id={formId}>…</form>
//   </Dialog>
// A dialog whose top is its own design (the recipe dialog's picture with the title over it)
// omits `title` and renders <DialogTitle> (and <DialogDescription>) where they belong.

/** Widths: sm a question, md a form (425 px is the auth dialog's width), lg a list, xl wide forms, page the recipe detail. */
const SIZES = {
  sm: 'max-w-sm',
  md: 'max-w-[425px]',
  lg: 'max-w-lg',
  xl: 'max-w-2xl',
  page: 'max-w-4xl',
} as const;

export type DialogSize = keyof typeof SIZES;

export interface DialogProps {
  open: boolean;
  /** Called whenever the dialog closes: close button, Escape, backdrop, <DialogClose>. */
  onClose: () => void;
  /**
   * The heading at the top and the dialog's accessible name. Omit it only when the children
   * render a <DialogTitle> themselves.
   */
  title?: ReactNode;
  /** A sentence under the title; also the dialog's accessible description. */
  description?: ReactNode;
  children?: ReactNode;
  /** Actions pinned below the scrolling body, e.g. <DialogClose /> and a submit button. */
  footer?: ReactNode;
  size?: DialogSize;
  /** While true the dialog is marked aria-busy (content loading). */
  busy?: boolean;
  /** The close button's label, e.g. "Close recipe". */
  closeLabel?: string;
  /** Hook for tests and styles: rendered as data-dialog="…". */
  name?: string;
}

interface DialogIds {
  title: string;
  description: string;
  /** A <DialogDescription> mounted in the children: returns its unmount. */
  describe: () => () => void;
}

const DialogIdsContext = createContext<DialogIds | null>(null);

function useDialogIds(component: string): DialogIds {
  const ids = useContext(DialogIdsContext);
  if (!ids) throw new Error(`<${component}> must be inside a <Dialog>.`);
  return ids;
}

export default function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  busy,
  closeLabel = 'Close',
  name,
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const baseId = useId();
  const [describedInside, setDescribedInside] = useState(0);
  const ids = useMemo<DialogIds>(
    () => ({
      title: `${baseId}-title`,
      description: `${baseId}-description`,
      describe: () => {
        setDescribedInside((n) => n + 1);
        return () => setDescribedInside((n) => n - 1);
      },
    }),
    [baseId],
  );

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

  useEffect(() => (open ? lockPageScroll() : undefined), [open]);

  // Closed by unmounting while open (e.g. the user logged out): hand focus back all the same.
  useEffect(() => () => restoreFocus(openerRef.current), []);

  // React passes a nested dialog's close event up to its parent dialogs' handlers: only our own counts.
  const onNativeClose = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    restoreFocus(openerRef.current, event.currentTarget);
    openerRef.current = null;
    onClose();
  };

  const close = () => dialogRef.current?.close();
  const hasHeader = title !== undefined;
  const described = description !== undefined || describedInside > 0;

  return (
    <DialogIdsContext value={ids}>
      <dialog
        ref={dialogRef}
        aria-modal="true"
        aria-labelledby={ids.title}
        aria-describedby={described ? ids.description : undefined}
        aria-busy={busy || undefined}
        data-dialog={name}
        onClose={onNativeClose}
        onKeyDown={(event) => keepTabInside(event, dialogRef.current)}
        onClick={(event) => {
          // A click on the backdrop lands on the <dialog> itself; the panel fills the rest.
          if (event.target === dialogRef.current) close();
        }}
        className={`m-auto max-h-[90dvh] w-[calc(100%-2rem)] ${SIZES[size]} overflow-hidden p-0 text-left text-ink shadow-2xl ring-1 backdrop:bg-night/55 backdrop:backdrop-blur-[2px] open:flex open:flex-col dark:text-stone-100 ${
          size === 'page'
            ? 'rounded-3xl bg-cream ring-black/5 dark:bg-night dark:ring-night-line'
            : 'rounded-2xl bg-white ring-stone-200 dark:bg-night-card dark:ring-night-line'
        }`}
      >
        {hasHeader ? (
          <>
            <div className="relative flex-none px-5 pb-3 pt-5 sm:px-6">
              <DialogTitle className="pr-12 font-serif text-2xl font-bold">{title}</DialogTitle>
              {description !== undefined && (
                <p id={ids.description} className="muted mt-1 pr-8 text-sm">
                  {description}
                </p>
              )}
              <CloseButton
                label={closeLabel}
                onClick={close}
                className="absolute right-3 top-3 inline-flex"
              />
            </div>
            {children !== undefined && (
              <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pb-5 sm:px-6">
                {children}
              </div>
            )}
          </>
        ) : (
          // The children draw the top: the whole panel scrolls and the close button floats over it.
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
            <CloseButton
              label={closeLabel}
              onClick={close}
              className="sticky left-full top-3 z-10 -mb-14 mr-3 mt-3 flex bg-white/95 shadow-md ring-1 ring-black/5 dark:bg-night-card/95 dark:ring-white/10"
            />
            {children}
          </div>
        )}
        {footer && (
          <div className="flex flex-none flex-wrap items-center justify-end gap-2 border-t border-stone-200 px-5 py-3 empty:hidden sm:px-6 dark:border-night-line">
            {footer}
          </div>
        )}
      </dialog>
    </DialogIdsContext>
  );
}

/** The dialog's heading, for dialogs that draw their own top (no `title` prop). One per dialog. */
export function DialogTitle({ children, className }: { children: ReactNode; className?: string }) {
  const ids = useDialogIds('DialogTitle');
  return (
    <h2 id={ids.title} className={className}>
      {children}
    </h2>
  );
}

/** The dialog's description, for dialogs that draw their own top (no `description` prop). */
export function DialogDescription({ children, className }: { children: ReactNode; className?: string }) {
  const ids = useDialogIds('DialogDescription');
  const { describe } = ids;
  useLayoutEffect(describe, [describe]);
  return (
    <p id={ids.description} className={className}>
      {children}
    </p>
  );
}

/** A button that closes the dialog it is in: "Cancel" unless told otherwise. */
export function DialogClose({
  children = 'Cancel',
  className = 'btn-ghost',
  autoFocus = false,
}: {
  children?: ReactNode;
  className?: string;
  /** Where focus starts when the dialog opens (the safe answer of a question). */
  autoFocus?: boolean;
}) {
  return (
    <button
      type="button"
      className={className}
      data-autofocus={autoFocus || undefined}
      onClick={(event) => event.currentTarget.closest('dialog')?.close()}
    >
      {children}
    </button>
  );
}

/** A message inside a dialog, where the page's toasts may sit under the backdrop. */
export function DialogNotice({ tone, children }: { tone: 'error' | 'info'; children: ReactNode }) {
  const look =
    tone === 'error'
      ? 'bg-red-50 text-red-800 dark:bg-red-950/40 dark:text-red-200'
      : 'bg-herb-100 text-herb-700 dark:bg-stone-800 dark:text-herb-300';
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-xl px-4 py-3 text-sm ${look}`}>
      {children}
    </p>
  );
}

function CloseButton({
  label,
  onClick,
  className,
}: {
  label: string;
  onClick: () => void;
  className: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`size-11 items-center justify-center rounded-full text-stone-600 hover:bg-brand-50 hover:text-stone-900 dark:text-stone-300 dark:hover:bg-stone-800 dark:hover:text-white ${className}`}
    >
      <Icon icon={closeIcon} />
    </button>
  );
}

const FOCUSABLE =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], audio[controls], video[controls], [contenteditable]:not([contenteditable="false"])';

/** Tab past the last control goes to the first, Shift+Tab before the first to the last. */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>, dialog: HTMLDialogElement | null): void {
  if (event.key !== 'Tab' || !dialog) return;
  // A nested dialog (add entry over the calorie tracker) keeps its own focus.
  if ((event.target as Element).closest('dialog') !== dialog) return;
  const stops = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) =>
      el.tabIndex >= 0 &&
      !(el as HTMLButtonElement).disabled &&
      el.closest('dialog') === dialog &&
      el.checkVisibility({ visibilityProperty: true }),
  );
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Counts open modal dialogs so nested ones release the page only when the last one closes. */
let scrollLocks = 0;
let overflowBefore = '';

function lockPageScroll(): () => void {
  const root = document.documentElement;
  if (scrollLocks++ === 0) {
    overflowBefore = root.style.overflow;
    root.style.overflow = 'hidden';
  }
  return () => {
    if (--scrollLocks === 0) root.style.overflow = overflowBefore;
  };
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
