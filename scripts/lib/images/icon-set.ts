import fs from 'node:fs';
import { ICONS_FILE } from './options.ts';

// The Fluent Emoji Flat icon set the illustrations are composed from.
// Icons (iconify JSON)

export type IconData = { body: string; width?: number; height?: number; hFlip?: boolean };
export type IconSet = {
  width?: number;
  height?: number;
  icons: Record<string, IconData>;
  aliases?: Record<string, { parent: string; hFlip?: boolean }>;
};
export type Icon = { name: string; body: string; width: number; height: number; hFlip: boolean };

export function loadIconSet(): IconSet {
  return JSON.parse(fs.readFileSync(ICONS_FILE, 'utf8')) as IconSet;
}

export function findIcon(set: IconSet, name: string): Icon | undefined {
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
export function uniquifyIds(body: string): string {
  const prefix = `i${++idCounter}-`;
  return body
    .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
}

/** The icon centred on (cx, cy), `size` px across its longer side, rotated by `rotate` degrees. */
export function placeIcon(icon: Icon, cx: number, cy: number, size: number, rotate = 0, extra = ''): string {
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

export const f = (n: number) => (Math.round(n * 10) / 10).toString();
