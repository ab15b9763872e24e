import { useEffect } from 'react';
import { api } from '../../../lib/api/client.ts';
import { SettingsInputSchema, type Settings as SiteSettings } from '../../../lib/schemas/settings.ts';
import { CheckboxField, LoadError, Panel, Section, TextArea, TextField } from '../shared/fields.tsx';
import { bindFields, useFormValues } from '../shared/form-values.ts';
import SaveBar from '../shared/SaveBar.tsx';
import { useResource } from '../shared/use-resource.ts';
import { useSaveForm } from '../shared/use-save-form.ts';

// The Settings tab (every site setting, saved with PUT /api/settings as the full object,
// 'Settings Saved' / 'Failed to save settings. Please try again.').

const TEXT_FIELDS: { key: keyof SiteSettings; label: string; type?: 'url' | 'email'; long?: boolean }[] = [
  { key: 'siteName', label: 'Site name' },
  { key: 'siteTitle', label: 'Site title (home page and search results)' },
  { key: 'siteDescription', label: 'Site description', long: true },
  { key: 'siteUrl', label: 'Site URL', type: 'url' },
  { key: 'contactEmail', label: 'Contact email', type: 'email' },
  { key: 'footerText', label: 'Footer text', long: true },
  { key: 'privacyLink', label: 'Privacy policy link' },
  { key: 'termsLink', label: 'Terms of service link' },
  { key: 'analyticsId', label: 'Analytics measurement id (G-…)' },
  { key: 'googleAnalyticsId', label: 'Google Analytics id' },
];

const SWITCHES: { key: keyof SiteSettings; label: string; hint: string }[] = [
  { key: 'enableComments', label: 'Reviews and comments', hint: 'Off hides the review forms.' },
  { key: 'enableNewsletter', label: 'Newsletter sign-up', hint: 'Off hides the newsletter forms.' },
  { key: 'enableAnalytics', label: 'Analytics', hint: 'Loads the tracker only with an id starting with G-.' },
];

export default function SettingsTab() {
  const [loaded, reload] = useResource((signal) => api.get('/api/settings', { signal }), []);
  const { values, setValues, set } = useFormValues<SiteSettings | null>(null);
  const { errors, saving, submit } = useSaveForm({
    check: SettingsInputSchema,
    save: (body: SiteSettings) => api.put('/api/settings', { body }),
    savedMessage: () => ({
      title: 'Settings Saved',
      description: 'The site is being published with the new settings.',
    }),
    failedMessage: 'Failed to save settings. Please try again.',
    onSaved: (saved, sent) => setValues({ ...sent, ...saved }),
  });

  useEffect(() => {
    if (loaded.status === 'loaded') setValues(loaded.data);
  }, [loaded, setValues]);

  if (loaded.status === 'failed' && !values)
    return <LoadError title="Error loading settings" error={loaded.error} onRetry={reload} />;
  if (!values) return <p className="muted">Loading settings…</p>;
  const field = bindFields(values, set, errors);

  return (
    <Panel title="Site settings" className="max-w-3xl">
      <form noValidate onSubmit={(event) => void submit(event, values)} className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map((f) =>
          f.long ? (
            <TextArea key={f.key} className="sm:col-span-2" label={f.label} rows={2} {...field.text(f.key)} />
          ) : (
            <TextField key={f.key} label={f.label} type={f.type ?? 'text'} {...field.text(f.key)} />
          ),
        )}
        <Section legend="Features" className="grid gap-3 sm:col-span-2" legendClassName="mb-2">
          {SWITCHES.map((s) => (
            <CheckboxField key={s.key} label={s.label} hint={s.hint} {...field.check(s.key)} />
          ))}
        </Section>
        <SaveBar busy={saving} label="Save settings" className="sm:col-span-2" />
      </form>
    </Panel>
  );
}
