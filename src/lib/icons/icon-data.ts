// What an icon is (the shapes of one 24×24 line drawing and how it is painted), and the paint
// both <Icon> components (src/islands/shared/Icon.tsx, src/components/Icon.astro) draw it with.
// Each icon is a module of its own in this folder: an island's bundle, and any chunk islands
// share, carries only the icons it draws (one module of every icon became one shared chunk that
// every page downloaded with the account menu).

export type IconShape = { d: string } | { circle: readonly [cx: number, cy: number, r: number] };

export interface IconData {
  /** Default "0 0 24 24". */
  viewBox?: string;
  /** Filled with the text colour instead of stroked. */
  solid?: boolean;
  /** Stroke width (default 2). */
  stroke?: number;
  /** Round line caps (open ends of lines). */
  roundCaps?: boolean;
  /** Round line joins (corners). */
  roundJoins?: boolean;
  shapes: readonly IconShape[];
}

/** How an icon's <svg> is painted (React prop names; the Astro component writes them as attributes). */
export function iconPaint(icon: IconData, filled = false) {
  const solid = icon.solid === true;
  return {
    viewBox: icon.viewBox ?? '0 0 24 24',
    fill: solid || filled ? 'currentColor' : 'none',
    stroke: solid ? undefined : 'currentColor',
    strokeWidth: solid ? undefined : (icon.stroke ?? 2),
    strokeLinecap: icon.roundCaps ? ('round' as const) : undefined,
    strokeLinejoin: icon.roundJoins ? ('round' as const) : undefined,
  };
}
