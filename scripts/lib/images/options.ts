import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Where the illustrations are read from and written to (the command line), and the icon set.

const LIB_DIR = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(LIB_DIR, '../../..');

/** The renderer's own code (scripts/render-images.ts and this folder): a change to it makes every image out of date. */
export const RENDERER_FILES = [
  path.join(ROOT, 'scripts', 'render-images.ts'),
  ...fs.readdirSync(LIB_DIR).map((name) => path.join(LIB_DIR, name)),
];

export type Options = { force: boolean; contentDir: string; publicDir: string };

export function parseArgs(argv: string[]): Options {
  const value = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  return {
    force: argv.includes('--force'),
    contentDir: path.resolve(value('content') ?? path.join(ROOT, 'content')),
    publicDir: path.resolve(value('out') ?? path.join(ROOT, 'public')),
  };
}

export const ICONS_FILE = path.join(ROOT, 'node_modules/@iconify-json/fluent-emoji-flat/icons.json');
