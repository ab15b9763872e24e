import type { Palette } from './palettes.ts';
import type { Rng } from './random.ts';
import { type Icon, f } from './icon-set.ts';

// The pieces of an illustration's scene: background, confetti, table blob, plate, fork.
// Scene pieces

export type Scene = {
  width: number;
  height: number;
  palette: Palette;
  rng: Rng;
  main: Icon;
  secondaries: Icon[];
  /** 'plate' = cover layout; 'orbit' = icons in a ring around the plate (OG image). */
  layout: 'plate' | 'orbit';
};

export function defs(palette: Palette, angle: number, u: number): string {
  return `<defs>
  <linearGradient id="bg" gradientTransform="rotate(${f(angle)} .5 .5)">
    <stop offset="0" stop-color="${palette.bg[0]}"/><stop offset="1" stop-color="${palette.bg[1]}"/>
  </linearGradient>
  <radialGradient id="glow"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  <radialGradient id="well" cx=".5" cy=".42" r=".6">
    <stop offset="0" stop-color="#FFFCF6"/><stop offset=".75" stop-color="#F8EFE3"/><stop offset="1" stop-color="#EEDFCB"/>
  </radialGradient>
  <radialGradient id="plate-shadow">
    <stop offset=".8" stop-color="${palette.shadow}" stop-opacity=".4"/><stop offset=".9" stop-color="${palette.shadow}" stop-opacity=".16"/>
    <stop offset="1" stop-color="${palette.shadow}" stop-opacity="0"/>
  </radialGradient>
  <filter id="drop" x="-15%" y="-12%" width="130%" height="135%">
    <feGaussianBlur in="SourceAlpha" stdDeviation="${f(7 * u)}"/>
    <feOffset dy="${f(10 * u)}" result="blur"/>
    <feFlood flood-color="${palette.shadow}" flood-opacity=".28"/>
    <feComposite in2="blur" operator="in"/>
    <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
  </filter>
</defs>`;
}

/** Scattered dots, rings and dashes; skipped under the plate where they would be hidden anyway. */
export function confetti(scene: Scene, keepClear: Circle, u: number): string {
  const { width, height, palette, rng } = scene;
  const count = Math.round((width * height) / 26000);
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = rng.range(0, width);
    const y = rng.range(0, height);
    if (Math.hypot(x - keepClear.cx, y - keepClear.cy) < keepClear.r) continue;
    const colour = rng.pick(palette.confetti);
    const opacity = f(rng.range(0.45, 0.85));
    const kind = rng.next();
    if (kind < 0.5) {
      parts.push(
        `<circle cx="${f(x)}" cy="${f(y)}" r="${f(rng.range(5, 10) * u)}" fill="${colour}" opacity="${opacity}"/>`,
      );
    } else if (kind < 0.72) {
      parts.push(
        `<circle cx="${f(x)}" cy="${f(y)}" r="${f(rng.range(8, 13) * u)}" fill="none" stroke="${colour}" stroke-width="${f(4 * u)}" opacity="${opacity}"/>`,
      );
    } else {
      const len = rng.range(22, 34) * u;
      parts.push(
        `<rect x="${f(x - len / 2)}" y="${f(y - 5 * u)}" width="${f(len)}" height="${f(10 * u)}" rx="${f(5 * u)}" fill="${colour}" opacity="${opacity}" transform="rotate(${f(rng.range(0, 180))} ${f(x)} ${f(y)})"/>`,
      );
    }
  }
  return `<g>${parts.join('')}</g>`;
}

/** A smooth closed blob through `points` jittered radii (Catmull-Rom converted to cubic Béziers). */
export function blobPath(cx: number, cy: number, rx: number, ry: number, rng: Rng, points = 7): string {
  const offset = rng.range(0, Math.PI * 2);
  const pts = Array.from({ length: points }, (_, i) => {
    const a = offset + (i / points) * Math.PI * 2;
    const k = rng.range(0.9, 1.08);
    return { x: cx + Math.cos(a) * rx * k, y: cy + Math.sin(a) * ry * k };
  });
  const p = (i: number) => pts[(i + points) % points] ?? { x: cx, y: cy };
  let d = `M${f(p(0).x)} ${f(p(0).y)}`;
  for (let i = 0; i < points; i++) {
    const [p0, p1, p2, p3] = [p(i - 1), p(i), p(i + 1), p(i + 2)];
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 };
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 };
    d += `C${f(c1.x)} ${f(c1.y)} ${f(c2.x)} ${f(c2.y)} ${f(p2.x)} ${f(p2.y)}`;
  }
  return d + 'Z';
}

export type Circle = { cx: number; cy: number; r: number };

export type PlateStyle = 'plain' | 'band' | 'dots';

export function plate({ cx, cy, r }: Circle, style: PlateStyle, palette: Palette): string {
  const well = r * 0.74;
  return `<g>
  <circle cx="${f(cx)}" cy="${f(cy + r * 0.09)}" r="${f(r * 1.12)}" fill="url(#plate-shadow)"/>
  <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="#FFFDF9"/>
  <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.965)}" fill="none" stroke="#F1E6D6" stroke-width="${f(r * 0.012)}"/>
  ${plateRim({ cx, cy, r }, style, palette)}
  <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(well)}" fill="url(#well)"/>
  <path d="M${f(cx - well * 0.8)} ${f(cy - well * 0.55)}A${f(well * 0.97)} ${f(well * 0.97)} 0 0 1 ${f(cx + well * 0.1)} ${f(cy - well * 0.96)}" fill="none" stroke="#fff" stroke-width="${f(r * 0.03)}" stroke-linecap="round" opacity=".9"/>
</g>`;
}

/** Optional rim decoration, so plates within one category are not all identical. */
export function plateRim({ cx, cy, r }: Circle, style: PlateStyle, palette: Palette): string {
  const ring = r * 0.87;
  if (style === 'band') {
    return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(ring)}" fill="none" stroke="${palette.blob}" stroke-width="${f(r * 0.035)}" opacity=".45"/>`;
  }
  if (style === 'dots') {
    const count = 30;
    return Array.from({ length: count }, (_, i) => {
      const a = (i / count) * Math.PI * 2;
      return `<circle cx="${f(cx + Math.cos(a) * ring)}" cy="${f(cy + Math.sin(a) * ring)}" r="${f(r * 0.016)}" fill="${palette.blob}" opacity=".5"/>`;
    }).join('');
  }
  return '';
}

/** A simple fork silhouette lying next to the plate (vertical, centred on x, y). */
export function fork(x: number, y: number, length: number, rotate: number): string {
  const s = length / 320;
  const tines = [-21, -7, 7, 21]
    .map((tx) => `<line x1="${tx}" y1="-160" x2="${tx}" y2="-100" stroke-width="10"/>`)
    .join('');
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(rotate)}) scale(${s.toFixed(3)})" stroke="#FFFFFF" stroke-linecap="round" fill="#FFFFFF" opacity=".8">
  ${tines}
  <path d="M-25 -104H25V-88C25 -62 12 -50 8 -44H-8C-12 -50 -25 -62 -25 -88Z" stroke="none"/>
  <line x1="0" y1="-50" x2="0" y2="150" stroke-width="20"/>
</g>`;
}
