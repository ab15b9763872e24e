import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';

// The repository explains itself: a comment, test name or doc states the rule it follows (or
// points into docs/), never at a document that lives outside the repository or at a tracker's
// issue number (those belong in commit messages). The patterns are assembled from pieces so this
// file does not match itself.

const FORBIDDEN: { what: string; pattern: RegExp }[] = [
  { what: 'a section of the product spec', pattern: new RegExp(['SPEC', '§'].join(' ')) },
  { what: 'the design document outside the repository', pattern: new RegExp(['DESIGN', 'md'].join('\\.')) },
  {
    what: 'a document beside the repository',
    pattern: new RegExp(['\\.\\./shared/', '(?:SPEC|DESIGN|reference|hooks)'].join('')),
  },
  { what: 'the shared folder outside the repository', pattern: new RegExp(['/work', 'shared/'].join('/')) },
  {
    what: 'the reference notes outside the repository',
    pattern: new RegExp(['(?:engineering|recipe)', 'anchors'].join('-')),
  },
  { what: 'an issue number', pattern: new RegExp(['\\bissue', '\\d+'].join(' '), 'i') },
];

/** Tracked text files: sources, tests, docs and config (not the content data or binary assets). */
function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  return listed.filter(
    (file) =>
      file &&
      /\.(?:[cm]?[jt]sx?|astro|md|json|ya?ml|toml|css|html|sh)$|^\.ci\/|(?:^|\/)[^./]+$/.test(file) &&
      !file.startsWith('content/recipes/') &&
      !file.startsWith('bench/') &&
      !file.startsWith('public/') &&
      file !== 'package-lock.json' &&
      fs.existsSync(path.join(ROOT, file)),
  );
}

describe('the repository is self-contained', () => {
  it('lists files to scan', () => {
    const files = trackedTextFiles();
    expect(files).toContain('README.md');
    expect(files).toContain('docs/ARCHITECTURE.md');
    expect(files.some((f) => f.startsWith('src/'))).toBe(true);
  });

  it('names no outside document and no issue number in any tracked source, test or doc', () => {
    const found: string[] = [];
    for (const file of trackedTextFiles()) {
      const lines = fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const { what, pattern } of FORBIDDEN) {
          if (pattern.test(line)) found.push(`${file}:${i + 1}: ${what}: ${line.trim().slice(0, 120)}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('catches each kind of reference', () => {
    const samples = [
      ['SPEC', '§5'].join(' '),
      ['DESIGN', 'md §7'].join('.'),
      ['../shared', 'DESIGN'].join('/'),
      ['/work', 'shared', 'SPEC.md'].join('/'),
      ['recipe', 'anchors §2'].join('-'),
      ['(issue', '14 §7)'].join(' '),
      ['Issue', '11 item 6:'].join(' '),
    ];
    for (const sample of samples) expect(FORBIDDEN.some(({ pattern }) => pattern.test(sample))).toBe(true);
    // Imports of the islands' own shared folder are not outside documents.
    expect(FORBIDDEN.some(({ pattern }) => pattern.test("import X from '../shared/Dialog.tsx';"))).toBe(
      false,
    );
  });
});
