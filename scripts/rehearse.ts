// `npm run rehearse`: the production rehearsal — Netlify's own build and functions (netlify-cli,
// offline) against a fresh database on the local PostgreSQL through Neon's driver at its
// production defaults, with a local stand-in for the build hook (scripts/lib/rehearsal/). Prints
// each check and the figures, writes them to bench/rehearsal.json (or the file given with
// --json=FILE), and exits non-zero when a check fails. Needs PostgreSQL on 127.0.0.1:5432,
// Chromium, and port 443 on 127.0.0.1 (run as root). --keep keeps the work folder's logs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runRehearsal } from './lib/rehearsal/run-rehearsal.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jsonArg = process.argv.find((a) => a.startsWith('--json='));
const out = jsonArg
  ? path.resolve(jsonArg.slice('--json='.length))
  : path.join(root, 'bench', 'rehearsal.json');

const report = await runRehearsal({ repoRoot: root, keep: process.argv.includes('--keep') });
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify({ measuredAt: new Date().toISOString(), ...report }, null, 2)}\n`);

const s = (n: number | undefined) => (n === undefined ? '–' : `${n.toFixed(1)} s`);
console.log(`\nRehearsal ${report.ok ? 'passed' : 'FAILED'} in ${s(report.seconds.total)}`);
console.log(
  `  setup ${s(report.seconds.setup)}, first deploy + serve ${s(report.seconds.firstDeployAndServe)}, edit → Live ${s(report.seconds.editToLive)}`,
);
for (const d of report.deploys)
  console.log(
    `  ${d.id}: ${s(d.buildSeconds)} build, ${d.rendered} pages rendered, ${d.restored} restored${'ok' in d && !d.ok ? ' (failed, as asked)' : ''}`,
  );
for (const start of [report.coldStart, report.heaviestColdStart])
  if (start)
    console.log(
      `  ${start.function} function: first call ${start.firstMs.toFixed(0)} ms, warm ${start.warmMs.toFixed(0)} ms`,
    );
console.log(
  `  functions bundled: ${report.functionsBundled}; build hook calls: ${report.hookCalls}; checks passed: ${report.checks.length}`,
);
if (!report.ok) {
  console.error(`\n${report.error}`);
  process.exit(1);
}
