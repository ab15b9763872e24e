import { mountOnDemand } from './mount-on-demand.ts';

// The floating kitchen-timers button (KitchenPanelButton.astro) is static HTML; the panel
// (src/islands/kitchen/FloatingKitchenPanel.tsx) replaces it when the visitor reaches for it, or
// at once when timers saved on an earlier page are waiting (they keep counting and alert from
// any page).

const loadPanel = () => import('../../islands/kitchen/FloatingKitchenPanel.tsx');

function hasSavedTimers(): boolean {
  try {
    // The shape src/stores/timers.ts saves: { timers: KitchenTimer[], colorIndex }.
    const saved = JSON.parse(localStorage.getItem('forkful:timers') ?? '{}') as { timers?: unknown };
    return Array.isArray(saved.timers) && saved.timers.length > 0;
  } catch {
    return false;
  }
}

export function setUpKitchenPanel(root: HTMLElement): void {
  const button = root.querySelector('button');
  if (!button) return;
  const mount = (defaultOpen: boolean) => void mountOnDemand(root, loadPanel, { defaultOpen });
  if (hasSavedTimers()) {
    (window.requestIdleCallback ?? setTimeout)(() => mount(false));
    root.dispatchEvent(new Event('forkful:ready'));
    return;
  }
  button.addEventListener('click', () => mount(true), { once: true });
  // The code starts loading as the pointer or focus arrives, before the click.
  for (const type of ['pointerenter', 'focus'])
    button.addEventListener(type, () => void loadPanel(), { once: true, passive: true });
  // A click made before this script ran (EarlyInput.astro held it) opens the panel now.
  root.dispatchEvent(new Event('forkful:ready'));
}
