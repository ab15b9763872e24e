import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Cron } from 'croner';

// Netlify runs functions whose config has a `schedule` (cron syntax or @hourly…) on that
// schedule, in UTC. The local server does the same with croner (docs/DECISIONS.md "Admin, images and the generator"), so scheduled
// generation works under `npm start` exactly as deployed. `protect` skips a tick while the
// previous run of the same function is still going.

type ScheduledModule = {
  default: (req: Request) => Promise<Response> | Response;
  config?: { schedule?: string };
};

export interface ScheduledFunctions {
  names: string[];
  stop: () => void;
}

export async function startScheduledFunctions(functionsDir: string): Promise<ScheduledFunctions> {
  const files = fs
    .readdirSync(functionsDir)
    .filter((f) => /\.(m?ts)$/.test(f) && !f.endsWith('.test.ts'))
    .sort();
  const jobs: Cron[] = [];
  const names: string[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(functionsDir, file)).href)) as ScheduledModule;
    const schedule = mod.config?.schedule;
    if (!schedule) continue;
    const name = file.replace(/\.m?ts$/, '');
    names.push(`${name} (${schedule})`);
    jobs.push(
      new Cron(schedule, { timezone: 'UTC', protect: true, name }, async () => {
        try {
          const body = JSON.stringify({
            next_run: jobs
              .find((j) => j.name === name)
              ?.nextRun()
              ?.toISOString(),
          });
          const res = await mod.default(
            new Request(`http://localhost/.netlify/functions/${name}`, { method: 'POST', body }),
          );
          if (!res.ok) console.error(`[schedule] ${name} answered ${res.status}: ${await res.text()}`);
        } catch (err) {
          console.error(`[schedule] ${name} failed:`, err);
        }
      }),
    );
  }
  return { names, stop: () => jobs.forEach((job) => job.stop()) };
}
