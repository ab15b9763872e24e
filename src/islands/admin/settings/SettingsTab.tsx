import { useEffect, useState, type SubmitEvent } from 'react';
import { api } from '../../../lib/api/client.ts';
import { fieldErrors } from '../../../lib/schemas/issues.ts';
import { SettingsInputSchema, type Settings as SiteSettings } from '../../../lib/schemas/settings.ts';
import { showToast } from '../../../stores/toasts.ts';
import { issuesByPath } from '../shared/admin-api.ts';
import { CheckboxField, LoadError, Panel, TextArea, TextField } from '../shared/fields.tsx';
import { publishRequested } from '../shared/publish-state.ts';
import { useResource } from '../shared/use-resource.ts';

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
  const [form, setForm] = useState<SiteSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (loaded.status === 'loaded') setForm(loaded.data);
  }, [loaded]);

  if (loaded.status === 'failed' && !form)
    return <LoadError title="Error loading settings" error={loaded.error} onRetry={reload} />;
  if (!form) return <p className="muted">Loading settings…</p>;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = fieldErrors(SettingsInputSchema, form);
    setErrors(found ?? {});
    if (found) return;
    setSaving(true);
    try {
      const saved = await api.put('/api/settings', { body: form });
      if (saved && typeof saved === 'object') setForm({ ...form, ...saved });
      showToast({
        title: 'Settings Saved',
        description: 'The site is being published with the new settings.',
      });
      publishRequested();
    } catch (err) {
      setErrors(issuesByPath(err));
      showToast({
        title: 'Error',
        description: 'Failed to save settings. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Panel title="Site settings" className="max-w-3xl">
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map((f) =>
          f.long ? (
            <TextArea
              key={f.key}
              className="sm:col-span-2"
              label={f.label}
              name={f.key}
              rows={2}
              value={String(form[f.key] ?? '')}
              onChange={(value) => setForm({ ...form, [f.key]: value })}
              error={errors[f.key]}
            />
          ) : (
            <TextField
              key={f.key}
              label={f.label}
              name={f.key}
              type={f.type ?? 'text'}
              value={String(form[f.key] ?? '')}
              onChange={(value) => setForm({ ...form, [f.key]: value })}
              error={errors[f.key]}
            />
          ),
        )}
        <fieldset className="grid gap-3 sm:col-span-2">
          <legend className="mb-2 px-1 text-sm font-semibold">Features</legend>
          {SWITCHES.map((s) => (
            <CheckboxField
              key={s.key}
              label={s.label}
              name={s.key}
              hint={s.hint}
              checked={Boolean(form[s.key])}
              onChange={(checked) => setForm({ ...form, [s.key]: checked })}
            />
          ))}
        </fieldset>
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save settings'}
          </button>
        </div>
      </form>
    </Panel>
  );
}
