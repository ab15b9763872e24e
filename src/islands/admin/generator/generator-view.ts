import { errorText } from '../../../lib/api/client.ts';
import type { GeneratorJob } from '../../../lib/schemas/generation-log.ts';
import type { AiModel, GeneratorConfig } from '../../../lib/schemas/generator-config.ts';

// Pure helpers of the AI Generator tab (kept apart so they are unit-tested without a browser).

/** While a job waits or runs the tab polls it this often. */
export const JOB_POLL_MS = 2000;
/** The log and today's figures refresh this often while the tab is open. */
export const LOG_POLL_MS = 15_000;

export const isOpenJob = (job: Pick<GeneratorJob, 'status'>) =>
  job.status === 'queued' || job.status === 'running';

/** Percentage of a job's items handled (generated, skipped or failed). */
export function jobPercent(job: Pick<GeneratorJob, 'generated' | 'skipped' | 'failed' | 'total'>): number {
  if (job.total <= 0) return 100;
  return Math.min(100, Math.round(((job.generated + job.skipped + job.failed) / job.total) * 100));
}

const KIND_NAMES: Record<GeneratorJob['kind'], string> = {
  bulk: 'Bulk recipes',
  'bulk-blog': 'Bulk blog posts',
  csv: 'CSV titles',
  scheduled: 'Scheduled batch',
};
export const jobKindName = (kind: GeneratorJob['kind']) => KIND_NAMES[kind];

/** "Total 10: 7 generated, 1 skipped, 1 failed" — the answer's total/generated/skipped, and failures. */
export function jobProgressText(
  job: Pick<GeneratorJob, 'generated' | 'skipped' | 'failed' | 'total' | 'status'> &
    Partial<Pick<GeneratorJob, 'error'>>,
): string {
  const skipped = job.skipped ? `, ${job.skipped} skipped` : '';
  const failed = `, ${job.failed} failed`;
  // A queued job with a reason: its worker could not be started (the reason is shown below it).
  if (job.status === 'queued' && job.error) return `Not started: total ${job.total}${skipped}`;
  if (job.status === 'queued') return `Waiting to start: total ${job.total}${skipped}`;
  return `Total ${job.total}: ${job.generated} generated${skipped}${failed}`;
}

/** The toast a job the admin started shows when it ends. */
export function jobEndToast(job: GeneratorJob): {
  title: string;
  description: string;
  variant?: 'destructive';
} {
  const blog = job.kind === 'bulk-blog';
  const what = blog ? (job.generated === 1 ? 'post' : 'posts') : job.generated === 1 ? 'recipe' : 'recipes';
  const failed = job.failed ? `, ${job.failed} failed` : '';
  const skipped = job.skipped ? `, ${job.skipped} skipped` : '';
  if (job.status === 'failed' && job.generated === 0)
    return {
      title: blog
        ? 'Blog Generation Failed'
        : job.kind === 'csv'
          ? 'CSV Processing Failed'
          : 'Bulk Generation Failed',
      description: job.error ?? job.failures[0]?.reason ?? 'Nothing could be generated.',
      variant: 'destructive',
    };
  const title = blog
    ? 'Blog Generation Complete!'
    : job.kind === 'csv'
      ? 'CSV Processing Complete!'
      : 'Bulk Generation Complete!';
  return {
    title,
    description: `${job.generated} ${what} generated${skipped}${failed}.${blog ? ' They are drafts in the Blog tab.' : ''}`,
  };
}

/** Toggles one hour in a sorted list of schedule hours. */
export function toggleHour(hours: readonly number[], hour: number): number[] {
  return hours.includes(hour) ? hours.filter((h) => h !== hour) : [...hours, hour].sort((a, b) => a - b);
}

/** "$0.0123" — costs are fractions of a cent per call. */
export function money(value: number): string {
  if (value === 0) return '$0';
  return value < 0.01 ? `$${value.toFixed(4)}` : `$${value.toFixed(2)}`;
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** What every panel of the tab gets. */
export interface GeneratorContext {
  config: GeneratorConfig;
  models: AiModel[];
  /** Why generating is impossible right now, or null. */
  blocked: string | null;
  setConfig: (config: GeneratorConfig) => void;
  /** A job the admin just started: followed until it ends, with a toast then. */
  follow: (job: GeneratorJob) => void;
  refresh: () => void;
}

/** The server's sentence for a failed call (its response's `error`), never raw status and JSON. */
export function failureText(err: unknown, fallback: string): string {
  return errorText(err, fallback);
}
