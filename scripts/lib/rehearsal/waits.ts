import fs from 'node:fs';
import path from 'node:path';
import { openPostgres } from '../../../db/client.ts';
import { LOCAL_POSTGRES } from './environment.ts';
import { expectThat, type SiteClient } from './site-client.ts';

// The rehearsal's waits and small probes: until a job ends, the site is
// live again; polls that wait a 503 out as the dashboard does; the database tweak the schedule
// check needs; counting files.

export async function waitFor(test: () => boolean, timeoutMs: number, sentence: string) {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    expectThat(Date.now() < deadline, sentence);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export interface JobView {
  status: string;
  error: string | null;
  results: { id: number; slug: string }[];
}

/**
 * A poll, as the dashboard makes: a 503 (the database could not be reached in time, which a
 * machine busy with a build and a generation batch can cause) is waited out, like the dashboard
 * keeps its last state; anything else but 200 stops the rehearsal.
 */
async function pollJson<T>(client: SiteClient, pathname: string): Promise<T | undefined> {
  const res = await client.request(pathname);
  if (res.status === 503) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return undefined;
  }
  expectThat(res.status === 200, `GET ${pathname} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res.json() as T;
}

export async function waitForJob(client: SiteClient, id: number, timeoutMs: number): Promise<JobView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await pollJson<JobView>(client, `/api/generator/jobs/${id}`);
    if (!job) continue;
    if (job.status === 'done' || job.status === 'failed') return job;
    expectThat(Date.now() < deadline, `generator job ${id} is still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function waitForJobs(client: SiteClient, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const jobs = await pollJson<JobView[]>(client, '/api/generator/jobs');
    if (!jobs) continue;
    if (jobs.every((job) => job.status === 'done' || job.status === 'failed')) return;
    expectThat(Date.now() < deadline, 'a generator job did not finish');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export async function waitForLive(client: SiteClient, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await pollJson<{ state: string; error: string | null }>(
      client,
      '/api/admin/publish/status',
    );
    if (!status) continue;
    if (status.state === 'live') return;
    expectThat(status.state !== 'failed', `publishing failed: ${status.error}`);
    expectThat(Date.now() < deadline, `the site was still ${status.state}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The dashboard offers every third hour; the rehearsal schedules the current one directly. */
export async function setScheduleHour(databaseName: string, hour: number): Promise<void> {
  const db = openPostgres(LOCAL_POSTGRES.replace(/\/[^/]*$/, `/${databaseName}`));
  try {
    await db
      .updateTable('generator_config')
      .set({ schedule_hours: [hour] })
      .execute();
  } finally {
    await db.destroy();
  }
}

export function countZips(dir: string): number {
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.zip')).length : 0;
}

export function countFiles(dir: string): number {
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }))
    n += entry.isDirectory() ? countFiles(path.join(dir, entry.name)) : 1;
  return n;
}
