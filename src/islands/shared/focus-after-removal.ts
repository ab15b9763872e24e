// When a list row's delete button removes its own row, focus would fall to <body> (and out of a
// modal dialog). Move it to the same button of the next row, else the previous one, else a
// fallback, so keyboard users keep their place.

/** Call before the row goes; returns a function that moves focus once it has gone. */
export function focusAfterRemoval(
  button: HTMLElement,
  fallback: () => HTMLElement | null | undefined,
): () => void {
  const row = button.closest('li');
  const marker = button.getAttribute('data-row-action');
  const pick = (li: Element | null | undefined) =>
    (marker ? li?.querySelector<HTMLElement>(`[data-row-action="${marker}"]`) : null) ?? null;
  const next = pick(row?.nextElementSibling) ?? pick(row?.previousElementSibling);
  return () => {
    const target = next?.isConnected ? next : fallback();
    target?.focus();
  };
}
