import fs from 'node:fs';
import path from 'node:path';
import type { Context } from './jobs.ts';

// The favicon.
// Favicon: hand-drawn fork on a plate, warm orange. Written as text, no rasterising.

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <circle cx="32" cy="32" r="30" fill="#F26B1D"/>
  <circle cx="32" cy="32" r="21" fill="none" stroke="#FFE8D6" stroke-width="3"/>
  <g fill="none" stroke="#FFFFFF" stroke-linecap="round">
    <path d="M25.5 13v10M32 13v10M38.5 13v10" stroke-width="3.2"/>
    <path d="M24 22.5c0 5.5 3.5 8 8 8s8-2.5 8-8" stroke-width="3.4"/>
    <path d="M32 30v21" stroke-width="5"/>
  </g>
</svg>
`;

export function writeFavicon(ctx: Context): boolean {
  const file = path.join(ctx.options.publicDir, 'favicon.svg');
  if (!ctx.options.force && fs.existsSync(file) && fs.readFileSync(file, 'utf8') === FAVICON_SVG)
    return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, FAVICON_SVG);
  return true;
}
