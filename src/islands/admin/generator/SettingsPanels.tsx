import { useEffect, useState, type SubmitEvent } from 'react';
import { api } from '../../../lib/api/client.ts';
import type { GenerationLogEntry, GenerationToday } from '../../../lib/schemas/generation-log.ts';
import {
  BATCH_SIZE,
  estimatedDailyOutput,
  GeneratorConfigUpdateSchema,
  MAX_PER_DAY,
  type GeneratorConfigUpdate,
} from '../../../lib/schemas/generator-config.ts';
import { showToast } from '../../../stores/toasts.ts';
import { CheckboxField, NumberField, Panel, Section, TextField } from '../shared/fields.tsx';
import { bindFields, useFormValues } from '../shared/form-values.ts';
import ColumnHeads from '../shared/ColumnHeads.tsx';
import SaveBar from '../shared/SaveBar.tsx';
import { useSaveForm } from '../shared/use-save-form.ts';
import { shortTime } from '../shared/publish-state.ts';
import { LOG_POLL_MS, money, seconds, toggleHour, type GeneratorContext } from './generator-view.ts';

// The AI Generator tab's settings (switches, schedule hours, batch size, daily limit), its log
// with today's figures, and the API-keys notice.

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** The switches, each saved as soon as it flips. */
const SWITCHES = [
  {
    key: 'isEnabled',
    label: 'Generator enabled',
    hint: 'Off: every generate button is disabled and the API refuses.',
  },
  {
    key: 'schedulingEnabled',
    label: 'Scheduled generation',
    hint: 'Generates a batch at each chosen hour (UTC).',
  },
  { key: 'csvUploadEnabled', label: 'CSV upload', hint: 'Allows generating from a file of titles.' },
] as const;

/** A number field's text as the API takes it: empty is no number. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function SettingsPanel({ config, setConfig }: GeneratorContext) {
  const [hours, setHours] = useState<number[]>(config.scheduleHours);
  const { values, setValues, set } = useFormValues({
    batchSize: String(config.batchSize),
    maxPerDay: String(config.maxPerDay),
  });
  const { errors, saving, submit } = useSaveForm({
    check: GeneratorConfigUpdateSchema,
    save: (update: GeneratorConfigUpdate) => api.put('/api/generator/config', { body: update }),
    savedMessage: (_saved, update) =>
      update.scheduleHours?.join() !== config.scheduleHours.join()
        ? {
            title: 'Scheduling Updated',
            description: `Batches run at ${hours.map((h) => `${h}:00`).join(', ') || 'no hour'} UTC.`,
          }
        : { title: 'Settings Updated', description: 'The generator settings are saved.' },
    failedTitle: 'Update Failed',
    failedMessage: 'The settings could not be saved.',
    publishes: false,
    onSaved: setConfig,
  });

  useEffect(() => {
    setHours(config.scheduleHours);
    setValues({ batchSize: String(config.batchSize), maxPerDay: String(config.maxPerDay) });
  }, [config.scheduleHours, config.batchSize, config.maxPerDay, setValues]);

  /** A switch: saved at once; a failed toggle update is silent (the switch flips back). */
  const toggle = async (key: (typeof SWITCHES)[number]['key'], value: boolean) => {
    const previous = config;
    setConfig({ ...config, [key]: value });
    try {
      setConfig(await api.put('/api/generator/config', { body: { [key]: value } }));
    } catch {
      setConfig(previous);
    }
  };

  const update = {
    scheduleHours: hours,
    batchSize: numberOf(values.batchSize),
    maxPerDay: numberOf(values.maxPerDay),
  };
  const limit = Number(values.maxPerDay) || MAX_PER_DAY;
  const estimate = estimatedDailyOutput({
    scheduleHours: hours,
    batchSize: Number(values.batchSize) || 0,
    maxPerDay: limit,
  });
  const field = bindFields(values, set, errors);

  return (
    <Panel title="Generator settings">
      <div className="grid gap-4 sm:grid-cols-3">
        {SWITCHES.map((s) => (
          <CheckboxField
            key={s.key}
            label={s.label}
            name={s.key}
            checked={config[s.key]}
            onChange={(value) => void toggle(s.key, value)}
            hint={s.hint}
          />
        ))}
      </div>
      <form noValidate onSubmit={(event) => void submit(event, update)} className="mt-6 grid gap-4">
        <Section legend="Schedule hours (UTC)" error={errors.scheduleHours} errorId="schedule-hours-error">
          <div className="mt-2 flex flex-wrap gap-2">
            {HOURS.map((hour) => (
              <label
                key={hour}
                className={`inline-flex min-h-10 min-w-12 cursor-pointer items-center justify-center rounded-full px-3 text-sm ring-1 ${
                  hours.includes(hour)
                    ? 'bg-brand-700 font-semibold text-white ring-brand-700'
                    : 'ring-stone-300 dark:ring-night-line'
                }`}
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={hours.includes(hour)}
                  onChange={() => setHours(toggleHour(hours, hour))}
                  aria-label={`${hour}:00 UTC`}
                />
                {String(hour).padStart(2, '0')}
              </label>
            ))}
          </div>
        </Section>
        <div className="grid gap-4 sm:grid-cols-3">
          <NumberField
            label={`Batch size (${BATCH_SIZE.min}–${BATCH_SIZE.max})`}
            range={BATCH_SIZE}
            {...field.text('batchSize')}
          />
          <NumberField
            label={`Daily limit (at most ${MAX_PER_DAY})`}
            range={{ min: 1, max: MAX_PER_DAY }}
            {...field.text('maxPerDay')}
          />
          <div className="self-end pb-2 text-sm">
            Estimated daily output: <strong data-testid="estimated-output">{estimate}</strong> recipes
            <span className="muted block text-xs">
              {hours.length} hours × batch size
              {estimate === limit ? ', capped by the limit' : ''}
            </span>
          </div>
        </div>
        <SaveBar busy={saving} label="Save Schedule" />
      </form>
    </Panel>
  );
}

const LOG_COLUMNS = [
  'When',
  'Kind',
  'Model',
  'Result',
  { label: 'Tokens in / out', className: 'py-2 pr-3 text-right' },
  { label: 'Cost', className: 'py-2 pr-3 text-right' },
  { label: 'Time', className: 'py-2 text-right' },
];

export function LogPanel({ tick, active }: { tick: number; active: boolean }) {
  const [log, setLog] = useState<{
    entries: GenerationLogEntry[];
    today: GenerationToday & { currentCount: number; maxPerDay: number };
  } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const load = async () => {
      try {
        const next = await api.get('/api/generator/log', { query: { limit: 25 } });
        if (!stopped) {
          setLog(next);
          setFailed(false);
        }
      } catch {
        if (!stopped) setFailed(true);
      }
    };
    void load();
    const timer = setInterval(() => void load(), LOG_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [tick, active]);

  return (
    <Panel title="Generation log">
      {failed && !log && (
        <p className="text-sm text-red-700 dark:text-red-300">The log could not be loaded.</p>
      )}
      {log && (
        <>
          <p className="mb-3 text-sm" data-testid="generator-today">
            Today (UTC): <strong>{log.today.currentCount}</strong> of {log.today.maxPerDay} recipes,{' '}
            {log.today.posts} blog posts, {log.today.failures} failures, {log.today.tokens.toLocaleString()}{' '}
            tokens, {money(log.today.cost)}.
          </p>
          {log.entries.length === 0 ? (
            <p className="muted text-sm">Nothing generated yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <ColumnHeads ruled columns={LOG_COLUMNS} cellClassName="py-2 pr-3" />
                <tbody>
                  {log.entries.map((e) => (
                    <tr key={e.id} className="border-b border-stone-100 align-top dark:border-night-line">
                      <td className="py-2 pr-3 whitespace-nowrap">{shortTime(e.createdAt)}</td>
                      <td className="py-2 pr-3">{e.kind}</td>
                      <td className="py-2 pr-3">{e.modelId ?? '—'}</td>
                      <td className="py-2 pr-3">
                        {e.status === 'success' ? (
                          e.resultSlug && !['blog', 'bulk-blog'].includes(e.kind) ? (
                            <a className="underline" href={`/recipe/${e.resultSlug}`}>
                              {e.resultTitle}
                            </a>
                          ) : (
                            e.resultTitle
                          )
                        ) : (
                          <span className="text-red-700 dark:text-red-300">{e.error}</span>
                        )}
                      </td>
                      <td className="py-2 pr-3 text-right whitespace-nowrap">
                        {e.promptTokens} / {e.completionTokens}
                      </td>
                      <td className="py-2 pr-3 text-right">{money(e.cost)}</td>
                      <td className="py-2 text-right whitespace-nowrap">{seconds(e.durationMs)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </Panel>
  );
}

/** The keys form only explains where keys live; nothing is sent or stored. */
export function ApiKeysNotice() {
  const [openai, setOpenai] = useState('');
  const [other, setOther] = useState('');
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!openai.trim() && !other.trim()) {
      showToast({
        title: 'No API Keys',
        description: 'Please enter at least one API key to save.',
        variant: 'destructive',
      });
      return;
    }
    setOpenai('');
    setOther('');
    showToast({
      title: 'API keys live in the environment',
      description:
        'Nothing was sent or stored. Set OPENAI_API_KEY (and OPENAI_BASE_URL) in the site’s environment variables and redeploy or restart.',
    });
  };
  return (
    <Panel title="API keys">
      <p className="muted mb-4 text-sm">
        Keys are never kept in the database. The generator reads <code>OPENAI_API_KEY</code> and{' '}
        <code>OPENAI_BASE_URL</code> (any OpenAI-compatible endpoint: OpenAI, or a local Ollama or llama.cpp
        server) from the environment.
      </p>
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <TextField
          label="OpenAI API key"
          name="openaiKey"
          type="password"
          autoComplete="off"
          value={openai}
          onChange={setOpenai}
        />
        <TextField
          label="Other provider key"
          name="otherKey"
          type="password"
          autoComplete="off"
          value={other}
          onChange={setOther}
        />
        <button type="submit" className="btn-ghost">
          Save Keys
        </button>
      </form>
    </Panel>
  );
}
