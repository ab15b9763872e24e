import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api/client.ts';
import type { GeneratorJob } from '../../../lib/schemas/generation-log.ts';
import type { AiModel, GeneratorConfig } from '../../../lib/schemas/generator-config.ts';
import { showToast } from '../../../stores/toasts.ts';
import { LoadError, Panel } from '../shared/fields.tsx';
import { publishRequested } from '../shared/publish-state.ts';
import { useTabActive } from '../shared/tab-active.ts';
import { BlogPanel, BulkPanel, CsvPanel, SingleRecipePanel } from './GeneratePanels.tsx';
import { ApiKeysNotice, LogPanel, SettingsPanel } from './SettingsPanels.tsx';
import {
  isOpenJob,
  JOB_POLL_MS,
  type GeneratorContext,
  jobEndToast,
  jobKindName,
  jobPercent,
  jobProgressText,
} from './generator-view.ts';

// The AI Generator tab: single recipe, bulk, blog and bulk
// blog, CSV upload with its template, the switches and schedule, today's count against the cap,
// the jobs in progress (they live in the database, so a reload shows them again) and the log.
// Generate buttons are disabled while the generator is off or not configured, and say why.

export default function GeneratorTab() {
  const active = useTabActive();
  const [config, setConfig] = useState<GeneratorConfig | null>(null);
  const [models, setModels] = useState<AiModel[]>([]);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [jobs, setJobs] = useState<GeneratorJob[]>([]);
  const [logTick, setLogTick] = useState(0);
  const followed = useRef(new Set<number>());

  const load = useCallback(async () => {
    try {
      const [nextConfig, nextModels] = await Promise.all([
        api.get('/api/generator/config'),
        api.get('/api/ai/models'),
      ]);
      setConfig(nextConfig);
      setModels(nextModels);
      setLoadError(null);
    } catch (err) {
      setLoadError(err);
    }
  }, []);

  const loadJobs = useCallback(async () => {
    try {
      const next = await api.get('/api/generator/jobs');
      setJobs((previous) => {
        for (const job of next) {
          const before = previous.find((p) => p.id === job.id);
          if (followed.current.has(job.id) && !isOpenJob(job) && (!before || isOpenJob(before))) {
            followed.current.delete(job.id);
            showToast(jobEndToast(job));
            if (job.generated > 0) publishRequested();
          }
        }
        return next;
      });
    } catch {
      // The next poll tries again; the list keeps what it showed.
    }
  }, []);

  useEffect(() => {
    void load();
    void loadJobs();
  }, [load, loadJobs]);

  const anyOpen = jobs.some(isOpenJob);
  useEffect(() => {
    if (!active || !anyOpen) return;
    const timer = setInterval(() => {
      void loadJobs();
    }, JOB_POLL_MS);
    return () => clearInterval(timer);
  }, [active, anyOpen, loadJobs]);

  // When the last open job ends, the counts and the log change.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !anyOpen) {
      void load();
      setLogTick((t) => t + 1);
    }
    wasOpen.current = anyOpen;
  }, [anyOpen, load]);

  if (loadError && !config)
    return <LoadError title="Error loading the AI generator" error={loadError} onRetry={() => void load()} />;
  if (!config) return <p className="muted">Loading the AI generator…</p>;

  const blocked = !config.configured
    ? 'AI generation is not configured: set OPENAI_API_KEY (and OPENAI_BASE_URL for a local server) in the environment and restart.'
    : !config.isEnabled
      ? 'The generator is switched off. Turn it on below to generate.'
      : null;

  const context: GeneratorContext = {
    config,
    models,
    blocked,
    setConfig,
    follow: (job) => {
      followed.current.add(job.id);
      setJobs((previous) => [job, ...previous.filter((p) => p.id !== job.id)]);
    },
    refresh: () => {
      void load();
      void loadJobs();
      setLogTick((t) => t + 1);
    },
  };

  return (
    <div className="grid gap-6" data-testid="generator-tab">
      <Overview config={config} />
      {blocked && (
        <p
          role="status"
          className="rounded-xl bg-amber-50 p-4 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {blocked}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <SingleRecipePanel {...context} />
        <BulkPanel {...context} />
      </div>
      <JobsPanel jobs={jobs} />
      <div className="grid gap-6 lg:grid-cols-2">
        <BlogPanel {...context} />
        <CsvPanel {...context} />
      </div>
      <SettingsPanel {...context} />
      <LogPanel tick={logTick} active={active} />
      <ApiKeysNotice />
    </div>
  );
}

function Overview({ config }: { config: GeneratorConfig }) {
  const left = Math.max(0, config.maxPerDay - config.currentCount);
  const percent = Math.min(100, Math.round((config.currentCount / config.maxPerDay) * 100));
  return (
    <Panel title="AI Generator">
      <dl className="grid gap-4 sm:grid-cols-4">
        <Figure label="Generated today (UTC)" value={`${config.currentCount} / ${config.maxPerDay}`} />
        <Figure label="Left today" value={String(left)} />
        <Figure label="Estimated daily output" value={`${config.estimatedDailyOutput} recipes`} />
        <Figure
          label="Endpoint"
          value={config.configured ? config.endpoint : 'Not configured'}
          hint={config.imageModel ? `Covers by ${config.imageModel}` : 'Illustrated covers'}
        />
      </dl>
      <div
        className="mt-4 h-2 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
        role="progressbar"
        aria-label="Today's generated recipes against the daily limit"
        aria-valuemin={0}
        aria-valuemax={config.maxPerDay}
        aria-valuenow={config.currentCount}
      >
        <div className="h-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
    </Panel>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div>
      <dt className="muted text-xs font-semibold uppercase tracking-wide">{label}</dt>
      <dd className="mt-1 text-lg font-bold">{value}</dd>
      {hint && <dd className="muted text-xs">{hint}</dd>}
    </div>
  );
}

function JobsPanel({ jobs }: { jobs: GeneratorJob[] }) {
  if (jobs.length === 0) return null;
  return (
    <Panel title="Batches">
      <ul className="grid gap-4" aria-live="polite">
        {jobs.slice(0, 6).map((job) => (
          <li
            key={job.id}
            className="rounded-xl p-3 ring-1 ring-stone-200 dark:ring-night-line"
            data-testid="generator-job"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold">
                {jobKindName(job.kind)} #{job.id}{' '}
                <span className="muted text-sm font-normal">({job.modelId ?? 'default model'})</span>
              </p>
              <p className="text-sm" data-testid="generator-job-progress">
                {jobProgressText(job)}
                {job.status === 'done' && ' — finished'}
                {job.status === 'failed' && ' — failed'}
              </p>
            </div>
            <div
              className="mt-2 h-2 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
              role="progressbar"
              aria-label={`${jobKindName(job.kind)} #${job.id}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={jobPercent(job)}
            >
              <div
                className={`h-full ${job.failed && !job.generated ? 'bg-red-600' : 'bg-brand-600'}`}
                style={{ width: `${jobPercent(job)}%` }}
              />
            </div>
            {job.error && (
              <p className="mt-2 text-sm text-red-700 dark:text-red-300" data-testid="generator-job-error">
                {job.error}
              </p>
            )}
            <JobDetails
              summary={`${job.skippedTitles.length} skipped`}
              lines={job.skippedTitles.map((s) => ({ name: s.title, reason: s.reason }))}
            />
            <JobDetails
              summary={`${job.failures.length} ${job.failures.length === 1 ? 'failure' : 'failures'}`}
              lines={job.failures.map((f) => ({ name: f.item, reason: f.reason }))}
            />
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** A batch's skipped titles or failures, folded: the first 50 with their reasons. */
function JobDetails({ summary, lines }: { summary: string; lines: { name: string; reason: string }[] }) {
  if (lines.length === 0) return null;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer">{summary}</summary>
      <ul className="mt-1 list-disc pl-5">
        {lines.slice(0, 50).map((line, i) => (
          <li key={i}>
            <span className="font-semibold">{line.name}:</span> {line.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}
