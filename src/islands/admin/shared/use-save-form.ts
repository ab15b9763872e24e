import { useState, type Dispatch, type SetStateAction, type SubmitEvent } from 'react';
import * as v from 'valibot';
import { api, errorText } from '../../../lib/api/client.ts';
import { fieldErrors } from '../../../lib/schemas/issues.ts';
import { showToast } from '../../../stores/toasts.ts';
import { issuesByPath } from './admin-api.ts';
import type { FieldErrors } from './form-values.ts';
import { $publishStatus, liveEta, markAwaitingLive, publishRequested } from './publish-state.ts';

// The submit flow every admin form shares: the form's own check first (errors inline, the first
// invalid control focused, nothing sent); a save shows a toast and, for what the public site shows,
// asks for the publish status at once; a refused save puts the server's issues on their fields and
// its message (or the form's own fallback) in a toast.

export interface SaveFormOptions<Values, Saved> {
  /** The schema the server checks the body with (the form shows the same messages first), or a check of its own. */
  check: v.GenericSchema | ((values: Values) => FieldErrors | Promise<FieldErrors>);
  save: (values: Values) => Promise<Saved>;
  /** The success toast: its text under the title 'Success' (e.g. 'Post created.'), a toast of its own, or none. */
  savedMessage: string | ((saved: Saved, values: Values) => { title: string; description: string }) | null;
  /** The error toast's text when the server gives no message of its own. */
  failedMessage: string;
  /** The error toast's title (default 'Error'). */
  failedTitle?: string;
  onSaved?: (saved: Saved, values: Values) => void;
  /** Runs after every attempt that was sent, saved or not (reloading figures, …). */
  onSettled?: () => void;
  /**
   * What the save changes on the public site. Left out: the site is published again. false:
   * nothing (a password, a generator setting). A function: the saved item's key (itemKey) — the
   * toast then says when it will be live and its list row shows 'Publishing…' until it is — or
   * null for a draft, which the toast says is not on the site.
   */
  publishes?: false | ((saved: Saved) => string | null);
}

export interface SaveForm<Values> {
  /** Field path → message, from the check or from the server's refusal. */
  errors: FieldErrors;
  setErrors: Dispatch<SetStateAction<FieldErrors>>;
  saving: boolean;
  submit: (event: SubmitEvent<HTMLFormElement>, values: Values) => Promise<void>;
  /** The same for a button that is not the form's submit button; form is where to focus an invalid control. */
  send: (values: Values, form?: HTMLElement | null) => Promise<void>;
}

async function checked<Values>(check: SaveFormOptions<Values, unknown>['check'], values: Values) {
  if (typeof check === 'function') return check(values);
  return fieldErrors(check, values) ?? {};
}

/** The success toast's text: what was saved, then when (or whether) it is on the site. */
async function savedDescription(message: string, key: string | null | undefined): Promise<string> {
  if (key === null) return `${message} It is a draft: not on the site until you publish it.`;
  if (key === undefined) return message;
  // The status after the save says whether a build is already under way.
  const status = await api.get('/api/admin/publish/status').catch(() => $publishStatus.get());
  markAwaitingLive(key, status);
  return `${message} ${liveEta(status)}`;
}

export function useSaveForm<Values, Saved>(options: SaveFormOptions<Values, Saved>): SaveForm<Values> {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const send = async (values: Values, form?: HTMLElement | null) => {
    const found = await checked(options.check, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSaving(true);
    try {
      const saved = await options.save(values);
      const { savedMessage, publishes } = options;
      if (typeof savedMessage === 'function') showToast(savedMessage(saved, values));
      else if (savedMessage !== null) {
        const key = publishes ? publishes(saved) : undefined;
        showToast({ title: 'Success', description: await savedDescription(savedMessage, key) });
      }
      if (publishes !== false) publishRequested();
      options.onSaved?.(saved, values);
    } catch (err) {
      setErrors(issuesByPath(err));
      showToast({
        title: options.failedTitle ?? 'Error',
        description: errorText(err, options.failedMessage),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
      options.onSettled?.();
    }
  };

  const submit = (event: SubmitEvent<HTMLFormElement>, values: Values) => {
    event.preventDefault();
    return send(values, event.currentTarget);
  };

  return { errors, setErrors, saving, submit, send };
}

/** A check that puts a schema's first message on one field (a form with one field that can go wrong). */
export function firstIssueOn(field: string, schema: v.GenericSchema, value: unknown): FieldErrors {
  const result = v.safeParse(schema, value);
  return result.success ? {} : { [field]: result.issues[0]?.message ?? 'Check the form' };
}
