import fs from 'node:fs';
import path from 'node:path';
import type { Options } from './options.ts';
import { PALETTES, OG_PALETTE, hashedPaletteKey, CATEGORY_DEFAULT_ICON, GENERIC_ICON } from './palettes.ts';
import { createRng } from './random.ts';
import { type IconSet, type Icon, findIcon } from './icon-set.ts';
import type { Scene } from './scene.ts';
import { composeScene } from './composition.ts';

// What to render: one job per illustration (recipes, categories, blog posts, fallbacks, Open Graph).
// Jobs: one job = one SVG rendered to one or more webp sizes

export type Output = { file: string; width: number; height: number };
export type Job = { label: string; sources: string[]; outputs: [Output, ...Output[]]; svg: () => string };

export type Context = { options: Options; icons: IconSet; warnings: string[] };

/**
 * Resolves icon names (main icon first). Unknown names become the category default icon, with a
 * warning; duplicates are dropped.
 */
export function resolveIcons(
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

export function sceneJob(
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

export function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

export function listFiles(dir: string, ext: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((n) => n.endsWith(ext))
    .sort()
    .map((n) => path.join(dir, n));
}

export function recipeJobs(ctx: Context): Job[] {
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

export function categoryJobs(ctx: Context): Job[] {
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
export function frontMatterIllustration(markdown: string): string[] | undefined {
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

export function blogJobs(ctx: Context): Job[] {
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
export const FALLBACK_ICONS: Record<string, string[][]> = {
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

export const DISH_FALLBACKS: { palette: string; icons: string[] }[] = [
  { palette: 'main-course', icons: ['stuffed-flatbread', 'herb', 'tomato'] },
  { palette: 'soups', icons: ['steaming-bowl', 'carrot', 'onion'] },
  { palette: 'appetizers', icons: ['pizza', 'tomato', 'cheese-wedge'] },
  { palette: 'vegetarian', icons: ['curry-rice', 'hot-pepper', 'garlic'] },
  { palette: 'sides', icons: ['pot-of-food', 'potato', 'herb'] },
  { palette: 'breakfast', icons: ['sandwich', 'cheese-wedge', 'tomato'] },
  { palette: 'salads', icons: ['green-salad', 'cucumber', 'olive'] },
  { palette: 'baking', icons: ['bread', 'butter', 'sheaf-of-rice'] },
];

export function fallbackJobs(ctx: Context): Job[] {
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

export const OG_ICONS = [
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

export function ogJob(ctx: Context): Job {
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
