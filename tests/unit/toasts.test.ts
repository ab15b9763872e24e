import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $toast,
  dismissToast,
  pauseToast,
  resumeToast,
  showToast,
  TOAST_DURATION_MS,
} from '../../src/stores/toasts.ts';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissToast();
    vi.useRealTimers();
  });

  it('shows a toast for 5000 ms, default variant', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    showToast({ title: 'Recipe saved', description: 'Added to your saved recipes' });
    expect($toast.get()).toMatchObject({
      title: 'Recipe saved',
      description: 'Added to your saved recipes',
      variant: 'default',
    });
    vi.advanceTimersByTime(4999);
    expect($toast.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
  });

  it('an undo offer stays for its own duration and carries its action', () => {
    const undo = vi.fn();
    showToast({
      title: 'Success',
      description: 'Recipe deleted successfully!',
      durationMs: 10_000,
      action: { label: 'Undo', onClick: undo },
    });
    vi.advanceTimersByTime(9999);
    expect($toast.get()?.action?.label).toBe('Undo');
    $toast.get()?.action?.onClick();
    expect(undo).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
  });

  it('keeps one toast: a new one replaces the old and gets its own 5000 ms', () => {
    showToast({ title: 'First' });
    vi.advanceTimersByTime(4000);
    const second = showToast({
      title: 'Copy failed',
      description: 'Unable to copy link to clipboard.',
      variant: 'destructive',
    });
    expect($toast.get()).toEqual(second);
    vi.advanceTimersByTime(4000);
    expect($toast.get()?.title).toBe('Copy failed');
    vi.advanceTimersByTime(1000);
    expect($toast.get()).toBeNull();
  });

  it('gives each toast a new id, even with the same text', () => {
    const a = showToast({ title: 'Same' });
    const b = showToast({ title: 'Same' });
    expect(b.id).toBeGreaterThan(a.id);
  });

  it.each([
    ['the current id', (id: number) => dismissToast(id), null],
    ['no id', () => dismissToast(), null],
    ['an older id', (id: number) => dismissToast(id - 1), 'Current'],
  ])('dismiss with %s', (_name, dismiss, remaining) => {
    showToast({ title: 'Older' });
    const current = showToast({ title: 'Current' });
    dismiss(current.id);
    expect($toast.get()?.title ?? null).toBe(remaining);
  });

  it('pauses while hovered and resumes with the time that was left', () => {
    showToast({ title: 'Reading this' });
    vi.advanceTimersByTime(3000);
    pauseToast();
    vi.advanceTimersByTime(60_000);
    expect($toast.get()?.title).toBe('Reading this');
    resumeToast();
    vi.advanceTimersByTime(1999);
    expect($toast.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
  });
});
