import { useState, type SubmitEvent } from 'react';
import { errorText } from '../../../lib/api/client.ts';
import { fieldErrors } from '../../../lib/schemas/issues.ts';
import { ChangePasswordFormSchema } from '../../../lib/schemas/user.ts';
import { changePassword } from '../../../stores/session.ts';
import { showToast } from '../../../stores/toasts.ts';
import NewPasswordField, { weakPasswordError } from '../../auth/NewPasswordField.tsx';
import { Panel, TextField } from '../shared/fields.tsx';

// The Password tab: the shared change-password form schema's
// messages inline; the server's message or 'Failed to change password. Please check your current password.' on failure.

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

export default function PasswordTab() {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = fieldErrors(ChangePasswordFormSchema, form) ?? {};
    // The server refuses guessable passwords with the same estimate (src/lib/password-strength.ts).
    if (!found.newPassword) {
      const weak = await weakPasswordError(form.newPassword, ['admin']).catch(() => undefined);
      if (weak) found.newPassword = weak;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await changePassword({ currentPassword: form.currentPassword, newPassword: form.newPassword });
      setForm(EMPTY);
      showToast({ title: 'Success', description: 'Password changed. Other devices have been logged out.' });
    } catch (err) {
      showToast({
        title: 'Error',
        description: errorText(err, 'Failed to change password. Please check your current password.'),
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Panel title="Change password" className="max-w-xl">
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={form.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
        />
        <NewPasswordField
          label="New password"
          name="newPassword"
          value={form.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
          userInputs={['admin']}
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <div>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
    </Panel>
  );
}
