import { atom } from 'nanostores';

// Notifications (SPEC §4, §9): one visible at a time, a new one replaces the previous,
// each shown for 5000 ms. The Toaster island renders the store; anything may call showToast.

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface Toast extends ToastInput {
  /** Increases with every toast, so a replacement re-renders (and re-announces) even with equal text. */
  id: number;
  variant: ToastVariant;
}

/** How long a toast stays on screen (SPEC §9). */
export const TOAST_DURATION_MS = 5000;

/** The toast on screen, or null. */
export const $toast = atom<Toast | null>(null);

let nextId = 1;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows a toast, replacing any visible one; it hides itself after TOAST_DURATION_MS. */
export function showToast(input: ToastInput): Toast {
  const toast: Toast = { ...input, id: nextId++, variant: input.variant ?? 'default' };
  $toast.set(toast);
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
  return toast;
}

/** Hides the toast; with an id, only if that toast is still the one shown. */
export function dismissToast(id?: number): void {
  const current = $toast.get();
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(hideTimer);
  hideTimer = undefined;
  $toast.set(null);
}
