import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../helpers/paths.ts';

// Checks that hold for every function file, whatever the engine.

const functionFiles = fs.readdirSync(path.join(ROOT, 'functions')).filter((f) => f.endsWith('.ts'));

describe('function files', () => {
  it.each(functionFiles)('%s declares every route path in its literal config', async (file) => {
    const mod = await import(pathToFileURL(path.join(ROOT, 'functions', file)).href);
    // A scheduled function has a schedule and no path, and a deploy event's function is named
    // after its event (Netlify calls them, not a client).
    const eventFunction = /^deploy-(succeeded|failed)\.ts$/.test(file);
    if ((mod.config.schedule || eventFunction) && mod.config.path === undefined) {
      expect(typeof mod.default).toBe('function');
      expect(fs.readFileSync(path.join(ROOT, 'functions', file), 'utf8')).toMatch(
        /export const config: Config = \{/,
      );
      return;
    }
    const declared = ([] as string[]).concat(mod.config.path);
    for (const route of mod.default.routes as { path: string; method: string }[]) {
      expect(declared).toContain(route.path);
      expect(([] as string[]).concat(mod.config.method)).toContain(route.method);
    }
    // Netlify reads config without running code: it must be an object literal in the source.
    expect(fs.readFileSync(path.join(ROOT, 'functions', file), 'utf8')).toMatch(
      /export const config: Config = \{/,
    );
  });
});
