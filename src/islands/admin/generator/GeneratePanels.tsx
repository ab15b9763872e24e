import { useRef, useState, type SubmitEvent } from 'react';
import type * as v from 'valibot';
import { api } from '../../../lib/api/client.ts';
import {
  BLOG_LENGTHS,
  BLOG_TONES,
  BULK_BLOGS,
  BULK_RECIPES,
  BulkBlogsRequestSchema,
  BulkRecipesRequestSchema,
  DEFAULT_LENGTH,
  DEFAULT_TONE,
  GenerateBlogRequestSchema,
  type BlogLength,
  type BlogTone,
} from '../../../lib/schemas/generator-request.ts';
import { showToast } from '../../../stores/toasts.ts';
import { Field, NumberField, Panel, SelectField, TextArea, TextField } from '../shared/fields.tsx';
import { bindFields, useFormValues, type FieldErrors } from '../shared/form-values.ts';
import SaveBar from '../shared/SaveBar.tsx';
import { firstIssueOn, useSaveForm } from '../shared/use-save-form.ts';
import { failureText, type GeneratorContext } from './generator-view.ts';

// The generate panels of the AI Generator tab: one recipe, bulk recipes, blog (one or bulk) and
// the CSV upload. Each validates with the API's own schema before sending, disables its button
// while the request runs or while generating is impossible, and toasts the catalogued titles ('Recipe Generated!', 'Generation Failed', …).

function ModelField({
  models,
  value,
  onChange,
}: {
  models: GeneratorContext['models'];
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <SelectField
      label="Model"
      name="modelId"
      value={value}
      onChange={onChange}
      options={models.map((m) => ({
        value: m.id,
        label: `${m.name}${m.isDefault ? ' (default)' : ''} — $${m.costPer1kTokens}/1k tokens`,
      }))}
    />
  );
}

const defaultModel = (models: GeneratorContext['models']) =>
  models.find((m) => m.isDefault)?.id ?? models[0]?.id ?? '';

/** A count the form sends: empty is no number. */
const countOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** A bulk request's check: a count is asked for, then the API's own schema says what is wrong. */
const bulkCheck =
  (field: string, missing: string, schema: v.GenericSchema) =>
  (body: { count: number }): FieldErrors =>
    Number.isNaN(body.count) ? { [field]: missing } : firstIssueOn(field, schema, body);

export function SingleRecipePanel({ models, blocked, refresh }: GeneratorContext) {
  const [modelId, setModelId] = useState(() => defaultModel(models));
  const [prompt, setPrompt] = useState('');
  const [last, setLast] = useState<{ title: string; slug: string } | null>(null);
  const { saving, submit } = useSaveForm({
    check: () => ({}),
    save: (body: { prompt: string; modelId: string | undefined }) =>
      api.post('/api/generator/recipe', { body }),
    savedMessage: (recipe) => ({
      title: 'Recipe Generated!',
      description: `"${recipe.title}" is on its way to the site.`,
    }),
    failedTitle: 'Generation Failed',
    failedMessage: 'The recipe could not be generated.',
    onSaved: (recipe) => {
      setLast(recipe);
      setPrompt('');
    },
    onSettled: refresh,
  });

  return (
    <Panel title="Generate one recipe">
      <form
        noValidate
        onSubmit={(event) => void submit(event, { prompt, modelId: modelId || undefined })}
        className="grid gap-4"
      >
        <ModelField models={models} value={modelId} onChange={setModelId} />
        <TextArea
          label="Prompt (optional)"
          name="prompt"
          rows={3}
          value={prompt}
          onChange={setPrompt}
          placeholder="e.g. a vegetarian lasagna with spinach — leave empty to let the model pick a dish the site lacks"
        />
        <SaveBar busy={saving} busyLabel="Generating…" label="Generate Recipe" disabled={Boolean(blocked)}>
          {last && (
            <a className="underline" href={`/recipe/${last.slug}`}>
              Last: {last.title}
            </a>
          )}
        </SaveBar>
      </form>
    </Panel>
  );
}

export function BulkPanel({ models, blocked, config, follow, refresh }: GeneratorContext) {
  const [modelId, setModelId] = useState(() => defaultModel(models));
  const [count, setCount] = useState(String(BULK_RECIPES.default));
  const left = Math.max(0, config.maxPerDay - config.currentCount);
  const { errors, saving, submit } = useSaveForm({
    check: bulkCheck('count', 'Enter how many recipes to generate', BulkRecipesRequestSchema),
    save: (body: { count: number; modelId: string | undefined }) => api.post('/api/generator/bulk', { body }),
    savedMessage: null,
    failedTitle: 'Bulk Generation Failed',
    failedMessage: 'The batch could not be started.',
    publishes: false,
    onSaved: (res) => res.job && follow(res.job),
    onSettled: refresh,
  });

  return (
    <Panel title="Bulk generation">
      <form
        noValidate
        onSubmit={(event) => void submit(event, { count: countOf(count), modelId: modelId || undefined })}
        className="grid gap-4"
      >
        <ModelField models={models} value={modelId} onChange={setModelId} />
        <NumberField
          label={`Number of recipes (${BULK_RECIPES.min}–${BULK_RECIPES.max})`}
          name="count"
          range={BULK_RECIPES}
          value={count}
          onChange={setCount}
          error={errors.count}
          hint={`${left} left in today's budget. The batch runs in the background; progress shows below.`}
        />
        <SaveBar busy={saving} busyLabel="Starting…" label="Generate Recipes" disabled={Boolean(blocked)} />
      </form>
    </Panel>
  );
}

const TONE_OPTIONS = BLOG_TONES.map((t) => ({
  value: t,
  label: `${t[0]!.toUpperCase()}${t.slice(1)}${t === DEFAULT_TONE ? ' (default)' : ''}`,
}));
const LENGTH_OPTIONS = (Object.keys(BLOG_LENGTHS) as BlogLength[]).map((l) => ({
  value: l,
  label: `${l[0]!.toUpperCase()}${l.slice(1)} (${BLOG_LENGTHS[l].min}–${BLOG_LENGTHS[l].max} words)${l === DEFAULT_LENGTH ? ' — default' : ''}`,
}));

export function BlogPanel({ models, blocked, follow, refresh }: GeneratorContext) {
  const { values, set } = useFormValues({
    modelId: defaultModel(models),
    topic: '',
    tone: DEFAULT_TONE as BlogTone,
    length: DEFAULT_LENGTH as BlogLength,
    count: String(BULK_BLOGS.default),
  });
  const settings = { modelId: values.modelId || undefined, tone: values.tone, length: values.length };
  const one = useSaveForm({
    check: (body: { prompt: string }) => firstIssueOn('topic', GenerateBlogRequestSchema, body),
    save: (body: typeof settings & { prompt: string }) => api.post('/api/generator/ai-blog', { body }),
    savedMessage: (post) => ({
      title: 'Blog Post Generated!',
      description: `"${post.title}" is saved as a draft in the Blog tab.`,
    }),
    failedTitle: 'Blog Generation Failed',
    failedMessage: 'The blog post could not be generated.',
    publishes: false,
    onSaved: () => set('topic', ''),
    onSettled: refresh,
  });
  const bulk = useSaveForm({
    check: bulkCheck('count', 'Enter how many posts to generate', BulkBlogsRequestSchema),
    save: (body: typeof settings & { count: number }) => api.post('/api/generator/bulk-blog', { body }),
    savedMessage: null,
    failedTitle: 'Blog Generation Failed',
    failedMessage: 'The blog batch could not be started.',
    publishes: false,
    onSaved: (res) => res.job && follow(res.job),
    onSettled: refresh,
  });
  const busy = one.saving || bulk.saving;
  const field = bindFields(values, set, { ...one.errors, ...bulk.errors });

  return (
    <Panel title="Blog posts">
      <form
        noValidate
        onSubmit={(event) => void one.submit(event, { ...settings, prompt: values.topic })}
        className="grid gap-4"
      >
        <ModelField models={models} {...field.text('modelId')} />
        <TextField label="Topic" placeholder="e.g. How to keep herbs fresh" {...field.text('topic')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Tone" options={TONE_OPTIONS} {...field.text('tone')} />
          <SelectField label="Length" options={LENGTH_OPTIONS} {...field.text('length')} />
        </div>
        <SaveBar
          busy={one.saving}
          busyLabel="Writing…"
          label="Generate Blog Post"
          disabled={busy || Boolean(blocked) || values.topic.trim() === ''}
        />
        <div className="grid gap-3 border-t border-stone-200 pt-4 sm:grid-cols-[1fr_auto] sm:items-end dark:border-night-line">
          <NumberField
            label={`Several posts, topics picked by the model (${BULK_BLOGS.min}–${BULK_BLOGS.max})`}
            range={BULK_BLOGS}
            {...field.text('count')}
            name="blogCount"
          />
          <button
            type="button"
            className="btn-ghost"
            disabled={busy || Boolean(blocked)}
            aria-busy={bulk.saving || undefined}
            onClick={(event) =>
              void bulk.send({ ...settings, count: countOf(values.count) }, event.currentTarget.form)
            }
          >
            {bulk.saving ? 'Starting…' : 'Generate Posts'}
          </button>
        </div>
        <p className="muted text-xs">Posts are saved as drafts; publish them from the Blog tab.</p>
      </form>
    </Panel>
  );
}

export function CsvPanel({ models, blocked, config, follow, refresh }: GeneratorContext) {
  const [modelId, setModelId] = useState(() => defaultModel(models));
  const [file, setFile] = useState<File | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const off = !config.csvUploadEnabled;

  const fail = (message: string) => {
    setAlert(`Error: ${message}`);
    showToast({ title: 'CSV Processing Failed', description: message, variant: 'destructive' });
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAlert(null);
    setResult(null);
    if (!file) return fail('No CSV file selected');
    if (!/\.csv$/i.test(file.name)) return fail('The file must be a .csv file');
    setBusy(true);
    try {
      const form = new FormData();
      form.set('csvFile', file);
      if (modelId) form.set('modelId', modelId);
      const body = await api.post('/api/generator/csv-upload', { body: form });
      setResult(`Total ${body.total}: ${body.skipped} skipped, ${body.total - body.skipped} to generate.`);
      if (body.job) follow(body.job);
      else
        showToast({
          title: 'CSV Processing Complete!',
          description: `Nothing new to generate: ${body.skipped} skipped.`,
        });
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (err) {
      fail(failureText(err, 'The file could not be processed.'));
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return (
    <Panel
      title="Recipes from a CSV file"
      actions={
        <a className="btn-ghost" href="/api/generator/csv-template" download="recipe-titles-template.csv">
          Download template
        </a>
      }
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        <p className="muted text-sm">
          A .csv file with a <code>title</code> column, at most 500 rows and 1 MB. Titles already on the site
          or repeated in the file are skipped.
          {off && ' CSV upload is switched off in the settings below.'}
        </p>
        <ModelField models={models} value={modelId} onChange={setModelId} />
        <Field id="generator-csv" label="CSV file">
          <input
            id="generator-csv"
            ref={input}
            name="csvFile"
            type="file"
            accept=".csv,text/csv"
            className="field rounded-xl"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </Field>
        {alert && (
          <p
            role="alert"
            className="rounded-xl bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/40 dark:text-red-100"
          >
            {alert}
          </p>
        )}
        {result && <p className="text-sm">{result}</p>}
        <SaveBar
          busy={busy}
          busyLabel="Uploading…"
          label="Upload and Generate"
          disabled={Boolean(blocked) || off}
        />
      </form>
    </Panel>
  );
}
