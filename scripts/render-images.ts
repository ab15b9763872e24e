/**
 * Renders every illustration the site ships: recipe covers, category tiles, blog covers,
 * fallback images, the Open Graph default and the favicon.
 *
 * Covers are flat illustrations composed from Fluent Emoji Flat icons (MIT, Microsoft) on a
 * per-category palette: gradient background, confetti texture, an organic "table" blob, a plate
 * with the main icon and smaller tilted secondary icons around it. Layout details come from a hash
 * of the slug, so every cover is distinct and re-rendering is reproducible.
 *
 *   npm run images                 render what is missing or out of date
 *   npm run images -- --force      re-render everything
 *   --content=DIR --out=DIR        read content from / write public files to other folders (testing)
 */
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

// ---------------------------------------------------------------------------------------------
// Paths and options

const SCRIPT_FILE = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SCRIPT_FILE), '..');

type Options = { force: boolean; contentDir: string; publicDir: string };

function parseArgs(argv: string[]): Options {
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  return {
    force: argv.includes('--force'),
    contentDir: path.resolve(value('content') ?? path.join(ROOT, 'content')),
    publicDir: path.resolve(value('out') ?? path.join(ROOT, 'public')),
  };
}

const ICONS_FILE = path.join(ROOT, 'node_modules/@iconify-json/fluent-emoji-flat/icons.json');

// ---------------------------------------------------------------------------------------------
// Palettes: one per recipe category. bg = gradient stops, blob = the "table" shape behind the
// plate, confetti = texture colours, shadow = tint for shadows (a warm dark, never grey).

type Palette = {
  bg: [string, string];
  blob: string;
  confetti: [string, string, string];
  shadow: string;
};

const PALETTES: Record<string, Palette> = {
  appetizers: {
    bg: ['#FFE6DE', '#FFA690'],
    blob: '#FF8C74',
    confetti: ['#FFFFFF', '#F05A45', '#FFD166'],
    shadow: '#8A2A18',
  },
  'main-course': {
    bg: ['#FAB08C', '#DB4F2C'],
    blob: '#C73F1F',
    confetti: ['#FFF1E6', '#9A2E14', '#FFC98B'],
    shadow: '#5E1806',
  },
  desserts: {
    bg: ['#FFE0EA', '#F8AFC8'],
    blob: '#F38FB1',
    confetti: ['#FFFFFF', '#E0607E', '#FFD6A5'],
    shadow: '#7A2341',
  },
  breakfast: {
    bg: ['#FFF1C4', '#FFD166'],
    blob: '#FFC23D',
    confetti: ['#FFFFFF', '#F29E1F', '#FF8C61'],
    shadow: '#7A4D00',
  },
  healthy: {
    bg: ['#DDF5D5', '#98DB8E'],
    blob: '#7ECB74',
    confetti: ['#FFFFFF', '#4FA64A', '#FFE07A'],
    shadow: '#1F5A25',
  },
  soups: {
    bg: ['#FFE6B8', '#FFAA45'],
    blob: '#FF9A2E',
    confetti: ['#FFF6EA', '#E07010', '#FFE08A'],
    shadow: '#6E3A00',
  },
  salads: {
    bg: ['#F0F8C8', '#C7E36E'],
    blob: '#B3D656',
    confetti: ['#FFFFFF', '#7FAE2A', '#FF8A7A'],
    shadow: '#46600F',
  },
  vegetarian: {
    bg: ['#ECE3FA', '#C6AEEC'],
    blob: '#B398E6',
    confetti: ['#FFFFFF', '#8A68D1', '#A8E6A1'],
    shadow: '#3E2770',
  },
  baking: {
    bg: ['#FBE6CB', '#E9B576'],
    blob: '#DC9F57',
    confetti: ['#FFFFFF', '#B0733A', '#F6D9A8'],
    shadow: '#5E3A14',
  },
  sides: {
    bg: ['#D6F1F0', '#86D0CC'],
    blob: '#6BC2BD',
    confetti: ['#FFFFFF', '#2E9C95', '#FFD166'],
    shadow: '#134F4B',
  },
  drinks: {
    bg: ['#DCEBFF', '#98C2F7'],
    blob: '#7FB1F2',
    confetti: ['#FFFFFF', '#4A86DB', '#FFB3C7'],
    shadow: '#1B3F73',
  },
};
// Brand orange, for the Open Graph image and anything without a category.
const OG_PALETTE: Palette = {
  bg: ['#FFE7C7', '#FF9F5A'],
  blob: '#FF8A3D',
  confetti: ['#FFFFFF', '#E8590C', '#FFD166'],
  shadow: '#7A2E00',
};
const PALETTE_KEYS = Object.keys(PALETTES);
const hashedPaletteKey = (key: string) =>
  PALETTE_KEYS[hashString(key) % PALETTE_KEYS.length] ?? 'main-course';

// Used when a recipe names an icon that does not exist (or none at all).
const CATEGORY_DEFAULT_ICON: Record<string, string> = {
  appetizers: 'cheese-wedge',
  'main-course': 'shallow-pan-of-food',
  desserts: 'shortcake',
  breakfast: 'pancakes',
  healthy: 'leafy-green',
  soups: 'steaming-bowl',
  salads: 'green-salad',
  vegetarian: 'broccoli',
  baking: 'bread',
  sides: 'potato',
  drinks: 'tropical-drink',
};
const GENERIC_ICON = 'pot-of-food';

// ---------------------------------------------------------------------------------------------
// Deterministic randomness: FNV-1a hash of a key seeds a small PRNG (mulberry32).

function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

type Rng = {
  next: () => number;
  range: (min: number, max: number) => number;
  pick: <T>(items: readonly [T, ...T[]]) => T;
};

function createRng(key: string): Rng {
  let state = hashString(key);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    pick: (items) => items[Math.floor(next() * items.length)] ?? items[0],
  };
}

// ---------------------------------------------------------------------------------------------
// Icons (iconify JSON)

type IconData = { body: string; width?: number; height?: number; hFlip?: boolean };
type IconSet = {
  width?: number;
  height?: number;
  icons: Record<string, IconData>;
  aliases?: Record<string, { parent: string; hFlip?: boolean }>;
};
type Icon = { name: string; body: string; width: number; height: number; hFlip: boolean };

function loadIconSet(): IconSet {
  return JSON.parse(fs.readFileSync(ICONS_FILE, 'utf8')) as IconSet;
}

function findIcon(set: IconSet, name: string): Icon | undefined {
  let hFlip = false;
  let key = name;
  // Aliases point at a parent icon, optionally mirrored.
  for (let depth = 0; depth < 4 && !set.icons[key]; depth++) {
    const alias = set.aliases?.[key];
    if (!alias) break;
    hFlip = hFlip !== Boolean(alias.hFlip);
    key = alias.parent;
  }
  const data = set.icons[key];
  if (!data) return undefined;
  return {
    name,
    body: data.body,
    width: data.width ?? set.width ?? 32,
    height: data.height ?? set.height ?? 32,
    hFlip: hFlip !== Boolean(data.hFlip),
  };
}

let idCounter = 0;

// A few icons define gradients/clip paths with ids; several copies in one SVG would clash.
function uniquifyIds(body: string): string {
  const prefix = `i${++idCounter}-`;
  return body
    .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
}

/** The icon centred on (cx, cy), `size` px across its longer side, rotated by `rotate` degrees. */
function placeIcon(icon: Icon, cx: number, cy: number, size: number, rotate = 0, extra = ''): string {
  const scale = size / Math.max(icon.width, icon.height);
  const w = icon.width * scale;
  const h = icon.height * scale;
  const flip = icon.hFlip ? ' scale(-1 1)' : '';
  return (
    `<g transform="translate(${f(cx)} ${f(cy)}) rotate(${f(rotate)})${flip}" ${extra}>` +
    `<svg x="${f(-w / 2)}" y="${f(-h / 2)}" width="${f(w)}" height="${f(h)}" viewBox="0 0 ${icon.width} ${icon.height}">` +
    `${uniquifyIds(icon.body)}</svg></g>`
  );
}

const f = (n: number) => (Math.round(n * 10) / 10).toString();

// ---------------------------------------------------------------------------------------------
// Scene pieces

type Scene = {
  width: number;
  height: number;
  palette: Palette;
  rng: Rng;
  main: Icon;
  secondaries: Icon[];
  /** 'plate' = cover layout; 'orbit' = icons in a ring around the plate (OG image). */
  layout: 'plate' | 'orbit';
};

function defs(palette: Palette, angle: number, u: number): string {
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
function confetti(scene: Scene, keepClear: Circle, u: number): string {
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
function blobPath(cx: number, cy: number, rx: number, ry: number, rng: Rng, points = 7): string {
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

type Circle = { cx: number; cy: number; r: number };

type PlateStyle = 'plain' | 'band' | 'dots';

function plate({ cx, cy, r }: Circle, style: PlateStyle, palette: Palette): string {
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
function plateRim({ cx, cy, r }: Circle, style: PlateStyle, palette: Palette): string {
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
function fork(x: number, y: number, length: number, rotate: number): string {
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

// ---------------------------------------------------------------------------------------------
// Composition

type Placement = { angle: number; distance: number; size: number; rotate: number };

/**
 * Where the secondary icons go, in degrees around the plate centre (0 = right, 90 = down).
 * The side (right/left/diagonal) comes from the hash so covers in one category differ.
 */
function secondaryPlacements(
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

function iconAt(icon: Icon, centre: Circle, p: Placement): string {
  const rad = (p.angle * Math.PI) / 180;
  const x = centre.cx + Math.cos(rad) * p.distance;
  const y = centre.cy + Math.sin(rad) * p.distance;
  return `<g filter="url(#drop)">${placeIcon(icon, x, y, p.size, p.rotate)}</g>`;
}

function composeScene(scene: Scene): string {
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
function orbitIcons(scene: Scene, centre: Circle, u: number): string[] {
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

// ---------------------------------------------------------------------------------------------
// Jobs: one job = one SVG rendered to one or more webp sizes

type Output = { file: string; width: number; height: number };
type Job = { label: string; sources: string[]; outputs: [Output, ...Output[]]; svg: () => string };

type Context = { options: Options; icons: IconSet; warnings: string[] };

/**
 * Resolves icon names (main icon first). Unknown names become the category default icon, with a
 * warning; duplicates are dropped.
 */
function resolveIcons(
  ctx: Context,
  names: unknown,
  paletteKey: string,
  label: string,
  max = 3,
): [Icon, ...Icon[]] {
  const requested = Array.isArray(names)
    ? names.filter((n): n is string => typeof n === 'string').slice(0, max)
    : [];
  const fallbackName = CATEGORY_DEFAULT_ICON[paletteKey] ?? GENERIC_ICON;
  const fallback = findIcon(ctx.icons, fallbackName);
  if (!fallback) throw new Error(`icon set has no "${fallbackName}"`);
  if (requested.length === 0) ctx.warnings.push(`${label}: no illustration icons, using "${fallbackName}"`);
  const icons: Icon[] = [];
  for (const name of requested) {
    const icon = findIcon(ctx.icons, name);
    if (!icon) ctx.warnings.push(`${label}: unknown icon "${name}", using "${fallbackName}"`);
    const chosen = icon ?? fallback;
    if (!icons.some((i) => i.name === chosen.name)) icons.push(chosen);
  }
  const [main = fallback, ...secondaries] = icons;
  return [main, ...secondaries];
}

function sceneJob(
  ctx: Context,
  opts: {
    label: string;
    key: string;
    paletteKey: string;
    iconNames: unknown;
    sources: string[];
    outputs: Job['outputs'];
    layout?: Scene['layout'];
  },
): Job {
  const { width, height } = opts.outputs[0];
  return {
    label: opts.label,
    sources: opts.sources,
    outputs: opts.outputs,
    svg: () => {
      const known = PALETTES[opts.paletteKey];
      if (!known)
        ctx.warnings.push(`${opts.label}: unknown category "${opts.paletteKey}", using a hashed palette`);
      const palette = known ?? PALETTES[hashedPaletteKey(opts.key)] ?? OG_PALETTE;
      const [main, ...secondaries] = resolveIcons(ctx, opts.iconNames, opts.paletteKey, opts.label);
      const rng = createRng(opts.key);
      return composeScene({ width, height, palette, rng, main, secondaries, layout: opts.layout ?? 'plate' });
    },
  };
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function listFiles(dir: string, ext: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((n) => n.endsWith(ext))
    .sort()
    .map((n) => path.join(dir, n));
}

function recipeJobs(ctx: Context): Job[] {
  const dir = path.join(ctx.options.contentDir, 'recipes');
  const outDir = path.join(ctx.options.publicDir, 'images/recipes');
  const jobs: Job[] = [];
  for (const file of listFiles(dir, '.json')) {
    const slug = path.basename(file, '.json');
    let recipe: { category?: string; illustration?: unknown };
    try {
      recipe = readJson(file) as typeof recipe;
    } catch (error) {
      // Files may still be being written by someone else; the next run picks them up.
      ctx.warnings.push(`recipes/${slug}.json: unreadable (${(error as Error).message}), skipped`);
      continue;
    }
    const category = recipe.category ?? '';
    jobs.push(
      sceneJob(ctx, {
        label: `recipe ${slug}`,
        key: slug,
        paletteKey: category,
        iconNames: recipe.illustration,
        sources: [file],
        outputs: [
          { file: path.join(outDir, `${slug}.webp`), width: 1200, height: 800 },
          { file: path.join(outDir, `${slug}-600.webp`), width: 600, height: 400 },
        ],
      }),
    );
  }
  return jobs;
}

function categoryJobs(ctx: Context): Job[] {
  const file = path.join(ctx.options.contentDir, 'categories.json');
  if (!fs.existsSync(file)) {
    ctx.warnings.push('content/categories.json not found: category images skipped');
    return [];
  }
  const categories = readJson(file) as { slug: string; illustration?: unknown }[];
  return categories.map((c) =>
    sceneJob(ctx, {
      label: `category ${c.slug}`,
      key: `category:${c.slug}`,
      paletteKey: c.slug,
      iconNames: c.illustration,
      sources: [file],
      outputs: [
        {
          file: path.join(ctx.options.publicDir, `images/categories/${c.slug}.webp`),
          width: 800,
          height: 600,
        },
      ],
    }),
  );
}

/** Reads `illustration` from simple YAML front matter: `[a, b]` inline or a `- a` list. */
function frontMatterIllustration(markdown: string): string[] | undefined {
  const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(markdown)?.[1];
  if (frontMatter === undefined) return undefined;
  const lines = frontMatter.split(/\r?\n/);
  const start = lines.findIndex((l) => /^illustration\s*:/.test(l));
  if (start < 0) return undefined;
  const unquote = (s: string) => s.trim().replace(/^["']|["']$/g, '');
  const inline = (lines[start] ?? '').replace(/^illustration\s*:/, '').trim();
  if (inline.startsWith('[')) {
    return inline
      .replace(/^\[|\]$/g, '')
      .split(',')
      .map(unquote)
      .filter(Boolean);
  }
  if (inline) return [unquote(inline)];
  const items: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const item = /^\s*-\s*(.+)$/.exec(line)?.[1];
    if (item === undefined) break;
    items.push(unquote(item));
  }
  return items;
}

function blogJobs(ctx: Context): Job[] {
  const dir = path.join(ctx.options.contentDir, 'blog');
  return listFiles(dir, '.md').map((file) => {
    const slug = path.basename(file, '.md');
    const key = `blog:${slug}`;
    return sceneJob(ctx, {
      label: `blog ${slug}`,
      key,
      // Blog categories are not recipe categories, so the palette is picked by hash.
      paletteKey: hashedPaletteKey(key),
      iconNames: frontMatterIllustration(fs.readFileSync(file, 'utf8')),
      sources: [file],
      outputs: [
        { file: path.join(ctx.options.publicDir, `images/blog/${slug}.webp`), width: 1200, height: 630 },
      ],
    });
  });
}

// Three fallback images per key, plus eight generic dish images.
const FALLBACK_ICONS: Record<string, string[][]> = {
  appetizers: [
    ['cheese-wedge', 'olive', 'grapes'],
    ['falafel', 'cucumber', 'lemon'],
    ['dumpling', 'cucumber', 'hot-pepper'],
  ],
  'main-course': [
    ['shallow-pan-of-food', 'garlic', 'herb'],
    ['spaghetti', 'tomato', 'cheese-wedge'],
    ['cut-of-meat', 'potato', 'onion'],
  ],
  desserts: [
    ['shortcake', 'strawberry', 'blueberries'],
    ['custard', 'cherries'],
    ['pie', 'peach', 'ice-cream'],
  ],
  breakfast: [
    ['pancakes', 'honey-pot', 'blueberries'],
    ['cooking', 'bacon', 'hot-beverage'],
    ['croissant', 'hot-beverage', 'tangerine'],
  ],
  healthy: [
    ['green-salad', 'avocado', 'lemon'],
    ['bowl-with-spoon', 'blueberries', 'banana'],
    ['leafy-green', 'carrot', 'kiwi-fruit'],
  ],
};

const DISH_FALLBACKS: { palette: string; icons: string[] }[] = [
  { palette: 'main-course', icons: ['stuffed-flatbread', 'herb', 'tomato'] },
  { palette: 'soups', icons: ['steaming-bowl', 'carrot', 'onion'] },
  { palette: 'appetizers', icons: ['pizza', 'tomato', 'cheese-wedge'] },
  { palette: 'vegetarian', icons: ['curry-rice', 'hot-pepper', 'garlic'] },
  { palette: 'sides', icons: ['pot-of-food', 'potato', 'herb'] },
  { palette: 'breakfast', icons: ['sandwich', 'cheese-wedge', 'tomato'] },
  { palette: 'salads', icons: ['green-salad', 'cucumber', 'olive'] },
  { palette: 'baking', icons: ['bread', 'butter', 'sheaf-of-rice'] },
];

function fallbackJobs(ctx: Context): Job[] {
  const dir = path.join(ctx.options.publicDir, 'images/fallback');
  const size = { width: 1200, height: 800 };
  const jobs: Job[] = [];
  for (const [key, variants] of Object.entries(FALLBACK_ICONS)) {
    variants.forEach((iconNames, i) => {
      const name = `${key}-${i + 1}`;
      jobs.push(
        sceneJob(ctx, {
          label: `fallback ${name}`,
          key: `fallback:${name}`,
          paletteKey: key,
          iconNames,
          sources: [],
          outputs: [{ file: path.join(dir, `${name}.webp`), ...size }],
        }),
      );
    });
  }
  DISH_FALLBACKS.forEach((dish, i) => {
    const name = `dish-${i + 1}`;
    jobs.push(
      sceneJob(ctx, {
        label: `fallback ${name}`,
        key: `fallback:${name}`,
        paletteKey: dish.palette,
        iconNames: dish.icons,
        sources: [],
        outputs: [{ file: path.join(dir, `${name}.webp`), ...size }],
      }),
    );
  });
  return jobs;
}

const OG_ICONS = [
  'shallow-pan-of-food',
  'tomato',
  'croissant',
  'avocado',
  'shortcake',
  'pancakes',
  'lemon',
  'cheese-wedge',
  'leafy-green',
];

function ogJob(ctx: Context): Job {
  const [width, height] = [1200, 630];
  return {
    label: 'og-default',
    sources: [],
    outputs: [{ file: path.join(ctx.options.publicDir, 'images/og-default.webp'), width, height }],
    svg: () => {
      const [main, ...secondaries] = resolveIcons(
        ctx,
        OG_ICONS,
        'main-course',
        'og-default',
        OG_ICONS.length,
      );
      return composeScene({
        width,
        height,
        palette: OG_PALETTE,
        rng: createRng('og-default'),
        main,
        secondaries,
        layout: 'orbit',
      });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Favicon: hand-drawn fork on a plate, warm orange. Written as text, no rasterising.

const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <circle cx="32" cy="32" r="30" fill="#F26B1D"/>
  <circle cx="32" cy="32" r="21" fill="none" stroke="#FFE8D6" stroke-width="3"/>
  <g fill="none" stroke="#FFFFFF" stroke-linecap="round">
    <path d="M25.5 13v10M32 13v10M38.5 13v10" stroke-width="3.2"/>
    <path d="M24 22.5c0 5.5 3.5 8 8 8s8-2.5 8-8" stroke-width="3.4"/>
    <path d="M32 30v21" stroke-width="5"/>
  </g>
</svg>
`;

function writeFavicon(ctx: Context): boolean {
  const file = path.join(ctx.options.publicDir, 'favicon.svg');
  if (!ctx.options.force && fs.existsSync(file) && fs.readFileSync(file, 'utf8') === FAVICON_SVG)
    return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, FAVICON_SVG);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Rendering

const mtime = (file: string) => fs.statSync(file).mtimeMs;

/** Up to date when every output exists and is newer than its sources and this script. */
function isUpToDate(job: Job): boolean {
  const newestSource = Math.max(...[SCRIPT_FILE, ...job.sources].map(mtime));
  return job.outputs.every((o) => fs.existsSync(o.file) && mtime(o.file) > newestSource);
}

/** Rasterises the SVG once at full size, then encodes each output size from those pixels. */
async function render(job: Job): Promise<void> {
  const full = job.outputs[0];
  const { data, info } = await sharp(Buffer.from(job.svg()))
    .resize(full.width, full.height)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  for (const output of job.outputs) {
    fs.mkdirSync(path.dirname(output.file), { recursive: true });
    const tmp = `${output.file}.tmp`;
    await sharp(data, { raw: info })
      .resize(output.width, output.height, { kernel: 'lanczos3' })
      .webp({ quality: 80, effort: 6, smartSubsample: true })
      .toFile(tmp);
    // Rename so a running dev server never serves a half-written file.
    fs.renameSync(tmp, output.file);
  }
}

async function runPool<T>(items: T[], limit: number, worker: (item: T) => Promise<void>): Promise<void> {
  let index = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    for (let item = items[index++]; item !== undefined; item = items[index++]) await worker(item);
  });
  await Promise.all(lanes);
}

async function main(): Promise<void> {
  const started = Date.now();
  const options = parseArgs(process.argv.slice(2));
  const ctx: Context = { options, icons: loadIconSet(), warnings: [] };

  const jobs = [...recipeJobs(ctx), ...categoryJobs(ctx), ...blogJobs(ctx), ...fallbackJobs(ctx), ogJob(ctx)];
  const todo = options.force ? jobs : jobs.filter((job) => !isUpToDate(job));
  let rendered = 0;
  let failed = 0;

  await runPool(todo, Math.max(2, os.availableParallelism()), async (job) => {
    try {
      await render(job);
      rendered++;
    } catch (error) {
      failed++;
      ctx.warnings.push(`${job.label}: render failed: ${(error as Error).message}`);
    }
  });
  const faviconWritten = writeFavicon(ctx);

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  for (const warning of ctx.warnings) console.warn(`warning: ${warning}`);
  console.log(
    `images: rendered ${rendered}, skipped ${jobs.length - todo.length}, failed ${failed}, ` +
      `warnings ${ctx.warnings.length}${faviconWritten ? ', favicon written' : ''} (${seconds}s)`,
  );
  if (failed > 0) process.exitCode = 1;
}

await main();
