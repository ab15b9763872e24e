import { $toast } from '../../stores/toasts.ts';
import { mountOnDemand } from './mount-on-demand.ts';

// The toast area (ToastArea.astro) is the Toaster island rendered at build time as its empty live
// region. It is hydrated when the first toast is shown (toasts come from other islands, so React
// is loaded by then) or when F8 asks for the region; the toast then appears inside a live region
// that was already there, so screen readers announce it.

export function setUpToastArea(root: HTMLElement): void {
  const start = () =>
    mountOnDemand(root, () => import('../../islands/toast/Toaster.tsx'), {}, { hydrate: true });
  const stop = $toast.listen((toast) => {
    if (!toast) return;
    stop();
    void start();
  });
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'F8' || event.altKey || event.ctrlKey || event.metaKey) return;
    window.removeEventListener('keydown', onKey);
    // The island handles F8 from now on; this first press focuses the region already there.
    event.preventDefault();
    root.querySelector<HTMLElement>('section')?.focus();
    void start();
  };
  window.addEventListener('keydown', onKey);
}
