import type { ComponentType } from 'react';

// React islands the page starts itself, when they are needed, rather than when the browser is
// idle: widgets every page has but few visits use (the kitchen timers, the recipe dialog, the
// toast area), so React and their code are only downloaded by the visitors who use them.

export interface OnDemandOptions {
  /** Hydrate the server-rendered markup in the container (the same component with the same props) instead of replacing it. */
  hydrate?: boolean;
}

/** Renders (or hydrates) the component in `container`, once. */
export async function mountOnDemand<P extends object>(
  container: HTMLElement,
  load: () => Promise<{ default: ComponentType<P> }>,
  props: P,
  options: OnDemandOptions = {},
): Promise<void> {
  if (container.dataset.mounted) return;
  container.dataset.mounted = 'true';
  const [{ createElement }, { createRoot, hydrateRoot }, { default: Component }] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    load(),
  ]);
  const element = createElement(Component, props);
  if (options.hydrate) hydrateRoot(container, element);
  else createRoot(container).render(element);
}
