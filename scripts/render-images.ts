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
import sharp from 'sharp';
import { RENDERER_FILES, parseArgs } from './lib/images/options.ts';
import { loadIconSet } from './lib/images/icon-set.ts';
import {
  blogJobs,
  categoryJobs,
  fallbackJobs,
  ogJob,
  recipeJobs,
  type Context,
  type Job,
} from './lib/images/jobs.ts';
import { writeFavicon } from './lib/images/favicon.ts';

// ---------------------------------------------------------------------------------------------
// Rendering

const mtime = (file: string) => fs.statSync(file).mtimeMs;

/** Up to date when every output exists and is newer than its sources and the renderer's code. */
function isUpToDate(job: Job): boolean {
  const newestSource = Math.max(...[...RENDERER_FILES, ...job.sources].map(mtime));
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
