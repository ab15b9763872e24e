// The other half of EarlyInput.astro for controls that a page script (not an Astro island) wires
// up: their container carries `data-early-input` until the script is ready; input that arrived
// before is then played back.

/** Marks `container` as working: input recorded while it waited is replayed now. */
export function markReady(container: Element): void {
  if (!container.hasAttribute('data-early-input')) return;
  container.removeAttribute('data-early-input');
  container.dispatchEvent(new Event('forkful:ready'));
}
