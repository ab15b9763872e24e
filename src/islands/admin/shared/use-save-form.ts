import { useState, type SubmitEvent } from 'react';
import type * as v from 'valibot';
import { api, errorText } from '../../../lib/api/client.ts';
import { fieldErrors } from '../../../lib/schemas/issues.ts';
import { showToast } from '../../../stores/toasts.ts';
import { issuesByPath } from './admin-api.ts';
import { $publishStatus, liveEta, markAwaitingLive, publishRequested } from './publish-state.ts';

// The save flow the dashboard's content forms share: the form's own schema checks the values first
// (errors inline, nothing sent); a save shows a toast and asks for the publish status at once; a
// refused save puts the server's issues on their fields and its message in a toast. Content of the
// public site also says when it will be live.

export interface SaveFormOptions<Values, Saved> {
  /** The schema the server checks the body with, so the form shows the same messages first. */
  schema: v.GenericSchema;
  save: (values: Values) => Promise<Saved>;
  /** The success toast's text, e.g. 'Post created.'. */
  savedMessage: string;
  /** The error toast's text when the server gives no message of its own. */
  failedMessage: string;
  onSaved: (saved: Saved) => void;
  /**
   * For content on the public site: the saved item's key (itemKey) — the toast then says when it
   * will be live and its list row shows 'Publishing…' until it is — or null for a draft, which
   * the toast says is not on the site.
   */
  publishes?: (saved: Saved) => string | null;
}

export interface SaveForm<Values> {
  /** Field path → message, from the schema or from the server's refusal. */
  errors: Record<string, string>;
  saving: boolean;
  submit: (event: SubmitEvent<HTMLFormElement>, values: Values) => Promise<void>;
}

export function useSaveForm<Values, Saved>(options: SaveFormOptions<Values, Saved>): SaveForm<Values> {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>, values: Values) => {
    event.preventDefault();
    const found = fieldErrors(options.schema, values);
    setErrors(found ?? {});
    if (found) return;
    setSaving(true);
    try {
      const saved = await options.save(values);
      const key = options.publishes?.(saved);
      let description = options.savedMessage;
      if (key === null) description += ' It is a draft: not on the site until you publish it.';
      else if (key !== undefined) {
        // The status after the save says whether a build is already under way.
        const status = await api.get('/api/admin/publish/status').catch(() => $publishStatus.get());
        markAwaitingLive(key, status);
        description += ` ${liveEta(status)}`;
      }
      showToast({ title: 'Success', description });
      publishRequested();
      options.onSaved(saved);
    } catch (err) {
      setErrors(issuesByPath(err));
      showToast({
        title: 'Error',
        description: errorText(err, options.failedMessage),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  return { errors, saving, submit };
}
