import { atom } from 'nanostores';

// Notifications: one visible at a time, a new one replaces the previous,
// each shown for 5000 ms. The Toaster island renders the store; anything may call showToast.

export type ToastVariant = 'default' | 'destructive';

/** A button in the toast, e.g. 'Undo' after a delete. Clicking it runs onClick and hides the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: ToastAction;
  /** How long it stays (default TOAST_DURATION_MS), e.g. 10 s for an undo offer. */
  durationMs?: number;
}

export interface Toast extends ToastInput {
  /** Increases with every toast, so a replacement re-renders (and re-announces) even with equal text. */
  id: number;
  variant: ToastVariant;
}

/** How long a toast stays on screen. */
export const TOAST_DURATION_MS = 5000;

/** The toast on screen, or null. */
export const $toast = atom<Toast | null>(null);

let nextId = 1;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
/** Time left for the current toast, and when its countdown last (re)started. */
let remainingMs = 0;
let countdownStartedAt = 0;

function startCountdown(id: number, ms: number): void {
  clearTimeout(hideTimer);
  remainingMs = ms;
  countdownStartedAt = Date.now();
  hideTimer = setTimeout(() => dismissToast(id), ms);
}

/** Shows a toast, replacing any visible one; it hides itself after TOAST_DURATION_MS. */
export function showToast(input: ToastInput): Toast {
  const toast: Toast = { ...input, id: nextId++, variant: input.variant ?? 'default' };
  $toast.set(toast);
  startCountdown(toast.id, input.durationMs ?? TOAST_DURATION_MS);
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

/**
 * Stops the countdown while the pointer or focus is on the toast, so nobody loses a message
 * they are reading (WCAG 2.2.1); resumeToast continues with the time that was left.
 */
export function pauseToast(): void {
  if (!$toast.get() || hideTimer === undefined) return;
  clearTimeout(hideTimer);
  hideTimer = undefined;
  remainingMs = Math.max(0, remainingMs - (Date.now() - countdownStartedAt));
}

export function resumeToast(): void {
  const current = $toast.get();
  if (!current || hideTimer !== undefined) return;
  startCountdown(current.id, Math.max(remainingMs, 1000));
}
