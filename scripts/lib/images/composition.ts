import type { Rng } from './random.ts';
import { type Icon, placeIcon, f } from './icon-set.ts';
import { type Scene, defs, confetti, blobPath, type Circle, plate, fork } from './scene.ts';

// Composing a whole illustration from its scene pieces and icons.
// Composition

export type Placement = { angle: number; distance: number; size: number; rotate: number };

/**
 * Where the secondary icons go, in degrees around the plate centre (0 = right, 90 = down).
 * The side (right/left/diagonal) comes from the hash so covers in one category differ.
 */
export function secondaryPlacements(
  count: number,
  rng: Rng,
  r: number,
): { placements: Placement[]; freeSide: 'left' | 'right' | null } {
  const side = rng.pick(['right', 'left', 'diagonal'] as const);
  const mirror = (a: number) => 180 - a;
  let angles: number[];
  if (count === 1) angles = [rng.range(25, 45)];
  else if (side === 'diagonal') angles = [rng.range(25, 45), mirror(rng.range(-50, -30))];
  else angles = [rng.range(22, 42), rng.range(-52, -32)];
  if (side === 'left') angles = angles.map(mirror);
  const sizes = [0.88, 0.74];
  const placements = angles.slice(0, count).map((angle, i) => ({
    angle,
    distance: r * rng.range(1.1, 1.18),
    size: r * (sizes[i] ?? 0.7) * rng.range(0.95, 1.05),
    rotate: rng.range(10, 20) * (rng.next() < 0.5 ? -1 : 1),
  }));
  const freeSide = side === 'diagonal' && count > 1 ? null : side === 'left' ? 'right' : 'left';
  return { placements, freeSide };
}

export function iconAt(icon: Icon, centre: Circle, p: Placement): string {
  const rad = (p.angle * Math.PI) / 180;
  const x = centre.cx + Math.cos(rad) * p.distance;
  const y = centre.cy + Math.sin(rad) * p.distance;
  return `<g filter="url(#drop)">${placeIcon(icon, x, y, p.size, p.rotate)}</g>`;
}

export function composeScene(scene: Scene): string {
  const { width, height, palette, rng } = scene;
  const u = height / 800; // unit: 1 at the 1200x800 cover size
  const angle = rng.range(0, 360);
  const r = (scene.layout === 'orbit' ? 235 : 280) * u;
  const centre: Circle = {
    cx: width / 2 + rng.range(-30, 30) * u,
    cy: height / 2 + rng.range(-12, 12) * u,
    r,
  };
  const blob = blobPath(
    centre.cx + rng.range(-40, 40) * u,
    centre.cy + rng.range(-10, 20) * u,
    r * 1.5,
    r * 1.22,
    rng,
  );
  const mainRotate = rng.range(-8, 8);
  const plateStyle = rng.pick(['plain', 'band', 'dots'] as const);
  const mainSize = r * 1.3;

  const layers: string[] = [
    defs(palette, angle, u),
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    `<circle cx="${f(centre.cx)}" cy="${f(centre.cy)}" r="${f(r * 2.2)}" fill="url(#glow)"/>`,
    `<path d="${blob}" fill="${palette.blob}" opacity=".55"/>`,
    confetti(scene, { ...centre, r: r * 1.45 }, u),
  ];

  if (scene.layout === 'orbit') {
    layers.push(plate(centre, 'plain', palette));
    layers.push(...orbitIcons(scene, centre, u));
  } else {
    const { placements, freeSide } = secondaryPlacements(scene.secondaries.length, rng, r);
    if (freeSide) {
      const dir = freeSide === 'left' ? -1 : 1;
      layers.push(
        fork(
          centre.cx + dir * (r + 70 * u),
          centre.cy + rng.range(-10, 10) * u,
          r * 1.15,
          dir * rng.range(4, 12),
        ),
      );
    }
    layers.push(plate(centre, plateStyle, palette));
    // Secondary icons behind the plate edge would look odd, so they go on top of it.
    placements.forEach((placement, i) => {
      const icon = scene.secondaries[i];
      if (icon) layers.push(iconAt(icon, centre, placement));
    });
  }
  layers.push(
    `<g filter="url(#drop)">${placeIcon(scene.main, centre.cx, centre.cy - 4 * u, mainSize, mainRotate)}</g>`,
  );

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${layers.join('\n')}</svg>`;
}

/** OG image: several icons evenly spaced on a ring around the plate. */
export function orbitIcons(scene: Scene, centre: Circle, u: number): string[] {
  const { rng, secondaries } = scene;
  const start = rng.range(0, 360);
  return secondaries.map((icon, i) => {
    const angle = start + (360 / secondaries.length) * i;
    const rad = (angle * Math.PI) / 180;
    // An ellipse, not a circle: the canvas is wider than tall.
    const x = centre.cx + Math.cos(rad) * centre.r * 1.95;
    const y = centre.cy + Math.sin(rad) * centre.r * 1.08;
    return `<g filter="url(#drop)">${placeIcon(icon, x, y, 140 * u, rng.range(-18, 18))}</g>`;
  });
}
